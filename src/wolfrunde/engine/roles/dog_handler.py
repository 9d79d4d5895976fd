"""The Hundeführer sends his dog into a gap between two neighbours; it growls at a wolf."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.model import Cadence, Request, Side
from wolfrunde.engine.night_order import NightStep

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="dog_handler",
    name="Hundeführer",
    side=Side.VILLAGE,
    step="dog_handler",
    cadence="jede Nacht",
    description=(
        "Der Hundeführer zieht mit seinem treuen Hund durchs Dorf. Jede Nacht schickt er das Tier in eine "
        "Lücke zwischen zwei Nachbarn am Tisch — nie neben sich selbst. Am Morgen sieht das ganze Dorf, wo "
        "der Hund liegt, und hört, ob er knurrt: Knurrt er, ist einer der beiden ein Werwolf; bleibt er "
        "ruhig, sind beide unschuldig. Wer den Hund geschickt hat, bleibt verborgen."
    ),
)


def gaps(game: Game, handler: int) -> list[tuple[int, int]]:
    """Each gap as (player, left neighbour) among the living, neither of them the handler."""
    living = game.living()
    if len(living) < 3:
        return []
    result = []
    for seat in living:
        left = game.neighbour(seat, +1)
        if handler not in (seat, left):
            result.append((seat, left))
    return result


def step(game: Game, night: NightEffects) -> Any:
    handler = game.holder("dog_handler")
    if handler is None:
        return
    allowed = gaps(game, handler)
    if not allowed:
        return

    def check(value: Any) -> list[int] | None:
        if value is None:
            return None
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise IllegalMove("Hundeführer: zwei benachbarte Spieler angeben.")
        a, b = value
        for gap in allowed:
            if {a, b} == set(gap):
                return list(gap)
        names = " und ".join(
            game.name(s) if isinstance(s, int) and 0 <= s < len(game.players) else repr(s) for s in (a, b)
        )
        if handler in (a, b):
            raise IllegalMove(f"Hundeführer: der Hund darf nicht neben ihm selbst liegen ({names}).")
        raise IllegalMove(f"Hundeführer: zwischen {names} ist keine Lücke zweier lebender Nachbarn.")

    options = {"type": "gap", "choices": [list(g) for g in allowed], "optional": True}
    answers = yield [Request(handler, "dog_handler", options, None, check)]
    gap = answers[(handler, "dog_handler")]
    if gap is not None:
        night.dog = (gap[0], gap[1], game.is_wolf(gap[0]) or game.is_wolf(gap[1]))


STEPS = (NightStep("dog_handler", Cadence.EVERY_NIGHT, ("dog_handler",), step),)
