"""The day: the roles' day-start (the Hauptmann's election on day 1), the discussion, the vote, and the
public window after it in which a role may demand a second vote (rulings.md, "Day")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine import meldeliste, votes
from wolfrunde.engine.core import AFTER_VOTE, DISCUSSION
from wolfrunde.engine.model import Handler, Phase
from wolfrunde.engine.requests import confirm
from wolfrunde.engine.windows import close_window, open_window

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game


def run(game: Game) -> Handler[None]:
    game.phase = Phase.DAY
    game.step = None
    meldeliste.new_day(game)
    game.emit("day", round=game.round)
    for role in game.table.roles:
        if role.day_start is not None:
            yield from role.day_start(game)
    game.step = DISCUSSION
    game.emit("discussion", round=game.round)
    yield [confirm(s, "ready") for s in game.living()]
    yield from votes.vote_round(game, "vote", first=True)
    if game.result is None:
        yield from after_vote(game)
    game.step = None


def after_vote(game: Game) -> Handler[None]:
    """After the day's vote: a role may demand another vote now (the Richter's second vote)."""
    open_window(game, AFTER_VOTE)
    for role in game.table.roles:
        if role.after_vote is None:
            continue
        demanded = yield from role.after_vote(game)
        if demanded is not None:
            close_window(game)
            yield from votes.vote_round(game, demanded, first=False)
            return
    close_window(game)
