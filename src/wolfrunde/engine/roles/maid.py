"""The Magd takes over the card of a condemned player, once per game (rulings.md, "Magd")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Mode, Side
from wolfrunde.engine.night_order import NightStep
from wolfrunde.engine.requests import yes_no

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="maid",
    name="Magd",
    side=Side.VILLAGE,
    step="maid",
    cadence="nach dem Urteil (online, eigene Geräte) oder jede Nacht (ein Gerät)",
    description=(
        "Einmal im Spiel übernimmt die Magd die Rolle eines Gehängten, samt Tränken, Schuss oder Vorbild; "
        "sie sieht sie erst danach, und übernimmt sie einen Wolf, ist sie Wolf. Online und bei „Jeder sein "
        "Gerät“ tritt sie dafür nach dem Urteil vor, bevor die Karte fällt: Der Verurteilte stirbt, seine "
        "Rolle bleibt geheim, und das Dorf weiß nur, dass die Magd übernommen hat. Liegt ein einziges Gerät "
        "in der Mitte, wird sie stattdessen jede Nacht gefragt, ob sie die Karte des nächsten Gehängten "
        "nimmt — dort legt sie sich fest, bevor der Name fällt, und dafür erfährt niemand, dass sie "
        "zugegriffen hat: Das Dorf hört die Rolle des Gehängten wie immer und hält sie für verloren."
    ),
)


def available(game: Game) -> int | None:
    maid = game.holder("maid")
    if maid is None or game.card_state(maid).get("used"):
        return None
    return maid


def night_step(game: Game, night: NightEffects) -> Any:
    game.maid_committed = False
    maid = available(game)
    if maid is None:
        return
    answers = yield [yes_no(maid, "maid", what="Magd")]
    game.maid_committed = bool(answers[(maid, "maid")])
    if game.maid_committed:
        game.emit("maid_committed", visible_to=[maid])


def step_forward(game: Game, condemned: int) -> Any:
    """Online and own devices: after a verdict, the Magd may step forward. Returns her seat or None."""
    maid = available(game)
    if maid is None or maid == condemned:
        return None
    if game.mode is Mode.TABLE_SINGLE_DEVICE:
        return maid if game.maid_committed else None
    answers = yield [yes_no(maid, "maid", what="Magd")]
    return maid if answers[(maid, "maid")] else None


def take_over(game: Game, maid: int, condemned: int) -> None:
    """She takes his card with what is left on it; powers that would fire on his death pass to her."""
    taken = game.players[condemned]
    game.card_state(maid)["used"] = True
    game.players[maid].card = taken.card
    game.players[maid].card_state = dict(taken.card_state)
    taken.card_state["passed_to_maid"] = True
    game.maid_committed = False
    game.emit("maid_took_card", visible_to=[maid], reveals={maid: taken.card}, role=taken.card, player=condemned)


STEPS = (NightStep("maid", Cadence.EVERY_NIGHT, ("maid",), night_step, modes=(Mode.TABLE_SINGLE_DEVICE,)),)
