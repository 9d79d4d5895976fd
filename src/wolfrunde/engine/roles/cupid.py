"""Amor makes two players lovers in night 1; the lovers then recognise each other; grief; their win."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine import deaths, victory
from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Rules, Side
from wolfrunde.engine.requests import confirm, seats_choice
from wolfrunde.engine.role import (
    Cause,
    Consequence,
    NightStep,
    Outcome,
    Recommendation,
    Role,
    ScenarioKey,
    VictoryCondition,
    asks_nothing,
)

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="cupid", name="Amor", side=Side.VILLAGE, step="cupid")


def lovers(game: Game) -> tuple[int, int] | None:
    pair = game.state(CARD.id).get("lovers")
    return (pair[0], pair[1]) if pair else None


def partner(game: Game, seat: int) -> int | None:
    pair = lovers(game)
    if pair is None or seat not in pair:
        return None
    first, second = pair
    return second if seat == first else first


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, cupid: int) -> Handler[None]:
    answers = yield [seats_choice(game, cupid, "cupid", game.living(), 2, what="Amor")]
    pair = answers[(cupid, "cupid")]
    if pair is None:
        return
    first, second = sorted(pair)
    game.state(CARD.id)["lovers"] = [first, second]
    game.emit("lovers", visible_to={cupid, first, second}, lovers=[first, second])


def lovers_step(game: Game, night: NightEffects) -> Handler[None]:
    pair = lovers(game)
    if pair is None:
        return
    awake = [s for s in pair if game.players[s].alive]
    if awake:
        yield [confirm(s) for s in awake]


@asks_nothing
def grief(game: Game) -> bool:
    """A lover whose partner died dies of grief."""
    pair = lovers(game)
    if pair is None:
        return False
    for seat in pair:
        other = partner(game, seat)
        if not game.players[seat].alive and other is not None and game.players[other].alive:
            deaths.kill_all(game, {other: "grief"})
            return True
    return False


def mixed(game: Game) -> set[int]:
    """A couple whose members win with different sides (the Weißer Wolf wins alone) wins only as lovers."""
    pair = lovers(game)
    if pair is None:
        return set()
    first, second = pair
    if game.win_side(first) == game.win_side(second):
        return set()
    return {first, second}


def last_two(game: Game) -> Outcome | None:
    """The lovers are the only two alive: a couple of one side wins with it, a mixed couple alone."""
    pair = lovers(game)
    if pair is None or sorted(game.living()) != sorted(pair):
        return None
    if mixed(game):
        return "lovers", list(pair)
    return victory.side_win(game, game.win_side(pair[0]))


def forbidden_votes(game: Game, voter: int) -> dict[int, str]:
    """`duesterwald`: a lover may never vote against his partner."""
    other = partner(game, voter)
    if game.rules is not Rules.DUESTERWALD or other is None:
        return {}
    return {other: f"{game.name(voter)} darf nicht gegen die eigene große Liebe stimmen."}


def view_you(game: Game, seat: int) -> dict[str, Any]:
    return {"lover": partner(game, seat)}


ROLE = Role(
    card=CARD,
    steps=(
        NightStep("cupid", Cadence.FIRST_NIGHT, step),
        NightStep("lovers", Cadence.FIRST_NIGHT, lovers_step),
    ),
    kinds=("cupid",),
    events=("lovers",),
    causes=(Cause("grief", public=True),),
    scenario=(ScenarioKey("cupid", ("cupid",)),),
    recommend=Recommendation(sets=(10, 11, 12, *range(14, 19)), large=4, duesterwald_from=8),
    consequences=(Consequence("grief", grief),),
    victory=(VictoryCondition("lovers", last_two),),
    side_win_excluded=mixed,
    forbidden_votes=forbidden_votes,
    view_you=view_you,
)
