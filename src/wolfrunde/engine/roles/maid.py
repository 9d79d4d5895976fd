"""The Magd takes over the card of a condemned player, once per game (rulings.md, "Magd")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.model import Cadence, Handler, Mode, Phase, Side
from wolfrunde.engine.requests import yes_no
from wolfrunde.engine.role import POWERS_PASSED, NightStep, Recommendation, Role, ScenarioKey, Verdict

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="maid", name="Magd", side=Side.VILLAGE, step="maid")


def available(game: Game) -> int | None:
    maid = game.holder(CARD.id)
    if maid is None or game.card_state(maid).get("used"):
        return None
    return maid


def committed(game: Game) -> bool:
    return bool(game.state(CARD.id).get("committed"))


def night_step(game: Game, night: NightEffects) -> Handler[None]:
    """Single device: each night she is asked whether she takes the card of the next condemned. Her
    commitment holds until somebody is condemned and dies (then she takes his card); while it holds she
    is not asked again (rulings.md, "Further rulings"). The step is called all the same."""
    maid = available(game)
    if maid is None or committed(game):
        return
    answers = yield [yes_no(maid, "maid", what="Magd")]
    game.state(CARD.id)["committed"] = bool(answers[(maid, "maid")])
    if committed(game):
        game.emit("maid_committed", visible_to=[maid], actor=maid)


def window(game: Game, verdict: Verdict) -> Handler[None]:
    """After a verdict against someone else, before his card is shown. Online and with own devices she is
    asked now and his card stays hidden; at a single device her commitment from the night decides and
    the village hears his role as usual."""
    maid = available(game)
    if maid is None or maid == verdict.condemned or verdict.spared:
        return
    if game.mode is Mode.TABLE_SINGLE_DEVICE:
        if committed(game):
            _take(game, verdict, maid, hidden=False)
        return
    answers = yield [yes_no(maid, "maid", what="Magd")]
    if answers[(maid, "maid")]:
        _take(game, verdict, maid, hidden=True)


def _take(game: Game, verdict: Verdict, maid: int, *, hidden: bool) -> None:
    verdict.hide_role = hidden
    verdict.after_death.append(lambda: take_over(game, maid, verdict.condemned, hidden=hidden))


def take_over(game: Game, maid: int, condemned: int, *, hidden: bool) -> None:
    """She takes his card with what is left on it; powers that would fire on his death pass to her."""
    taken = game.players[condemned]
    game.card_state(maid)["used"] = True
    game.players[maid].card = taken.card
    game.players[maid].card_state = dict(taken.card_state)
    taken.card_state[POWERS_PASSED] = True
    game.state(CARD.id)["committed"] = False
    game.emit(
        "maid_took_card", visible_to=[maid], reveals={maid: taken.card}, actor=maid, role=taken.card, player=condemned
    )
    if hidden:
        game.emit("maid_stepped_forward", maid=maid, player=condemned)


ROLE = Role(
    card=CARD,
    steps=(NightStep("maid", Cadence.EVERY_NIGHT, night_step, modes=(Mode.TABLE_SINGLE_DEVICE,)),),
    kinds=("maid",),
    events=("maid_committed", "maid_took_card", "maid_stepped_forward"),
    scenario=(ScenarioKey("maid", ("maid",), phases=(Phase.NIGHT, Phase.DAY)),),
    recommend=Recommendation(sets=(18,), large=18),
    visible_state=("used",),
    reveal_window=window,
)
