"""The Richter: once per game, after the day's vote, he secretly demands an immediate second vote."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Handler, Mode, Phase, Side
from wolfrunde.engine.requests import yes_no
from wolfrunde.engine.role import Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="judge", name="Richter", side=Side.VILLAGE, modes=(Mode.ONLINE, Mode.TABLE_OWN_DEVICES))
SECOND_VOTE = "second_vote"


def demand(game: Game) -> Handler[str | None]:
    """Asked in the public window after every day's vote (`core.AFTER_VOTE`), if he lives and has not
    used his power; nobody else learns that he was asked."""
    judge = game.holder(CARD.id)
    if judge is None or game.card_state(judge).get("used"):
        return None
    answers = yield [yes_no(judge, "judge", what="Richter")]
    if not answers[(judge, "judge")]:
        return None
    game.card_state(judge)["used"] = True
    game.emit("judge_demanded")
    return SECOND_VOTE


ROLE = Role(
    card=CARD,
    kinds=("judge", SECOND_VOTE),
    harms=(SECOND_VOTE,),
    events=("judge_demanded",),
    scenario=(
        ScenarioKey("judge", ("judge",), phases=(Phase.DAY,)),
        ScenarioKey(
            "second_votes", (SECOND_VOTE,), phases=(Phase.DAY,), ballot=True, unused="diese Abstimmung fand nicht statt"
        ),
    ),
    recommend=Recommendation(sets=(16,), large=17),
    visible_state=("used",),
    after_vote=demand,
)
