"""The Hundeführer sends his dog into a gap between two neighbours; it growls at a wolf."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Request, Side
from wolfrunde.engine.role import NightStep, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="dog_handler", name="Hundeführer", side=Side.VILLAGE, step="dog_handler")


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


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, handler: int) -> Handler[None]:
    allowed = gaps(game, handler)
    if not allowed:
        return

    def check(value: Any) -> list[int] | None:
        if value is None:
            return None
        a, b = value
        for gap in allowed:
            if {a, b} == set(gap):
                return list(gap)
        names = " und ".join(game.name(s) if 0 <= s < len(game.players) else repr(s) for s in (a, b))
        if handler in (a, b):
            raise IllegalMove(f"Hundeführer: der Hund darf nicht neben ihm selbst liegen ({names}).")
        raise IllegalMove(f"Hundeführer: zwischen {names} ist keine Lücke zweier lebender Nachbarn.")

    options = {"type": "gap", "choices": [list(g) for g in allowed], "optional": True}
    answers = yield [Request(handler, "dog_handler", options, None, check)]
    gap = answers[(handler, "dog_handler")]
    if gap is not None:
        growl = game.is_wolf(gap[0]) or game.is_wolf(gap[1])
        night.note(CARD.id)["dog"] = (gap[0], gap[1], growl)


def publish(game: Game, night: NightEffects) -> None:
    """In the morning everyone sees where the dog lies and hears whether it growls (not who sent it)."""
    dog = night.note(CARD.id).get("dog")
    if dog is not None:
        left, right, growl = dog
        game.emit("dog", left=left, right=right, growl=growl)


ROLE = Role(
    card=CARD,
    steps=(NightStep("dog_handler", Cadence.EVERY_NIGHT, step),),
    kinds=("dog_handler",),
    events=("dog",),
    scenario=(ScenarioKey("dog_handler", ("dog_handler",)),),
    recommend=Recommendation(sets=(16,), large=14),
    after_morning=publish,
)
