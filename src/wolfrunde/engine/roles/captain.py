"""The Hauptmann is an office, not a card: elected on day 1, double vote, breaks ties, names his successor."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from wolfrunde.engine import victory
from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Handler, Phase, Rules, Side
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import Absent, Consequence, Role, ScenarioKey, Tie, TieBreaker

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="captain", name="Hauptmann", side=Side.VILLAGE, dealt=False)
WEIGHT = 2
ELECTION = "captain_election"


def seat(game: Game) -> int | None:
    """The living Hauptmann, or None."""
    captain = game.state(CARD.id).get("seat")
    return captain if isinstance(captain, int) and game.players[captain].alive else None


def _appoint(game: Game, captain: int | None) -> None:
    game.state(CARD.id)["seat"] = captain


def election(game: Game) -> Handler[None]:
    """Day 1: relative majority; a tie goes to one run-off between the tied; still tied (or nobody voted in
    the run-off), chance decides among the tied; nobody votes at all: no Hauptmann."""
    if game.round != 1:
        return
    game.step = ELECTION
    game.emit("captain_election")
    living = game.living()
    answers = yield [seat_choice(game, v, "captain", living, what="Hauptmannswahl", changeable=True) for v in living]
    counts = Counter(c for c in (answers[(v, "captain")] for v in living) if c is not None)
    if not counts:
        game.emit("captain_not_elected")
        return
    tied = _top(counts)
    if len(tied) > 1:
        game.emit("captain_runoff", tied=tied)
        answers = yield [
            seat_choice(game, v, "captain_runoff", tied, what="Stichwahl", changeable=True) for v in living
        ]
        runoff = Counter(c for c in (answers[(v, "captain_runoff")] for v in living) if c is not None)
        tied = _top(runoff) if runoff else tied
    if len(tied) > 1:
        winner = game.chance.public.choice(tied)
        game.emit("captain", captain=winner, by="chance", tied=tied)
    else:
        winner = tied[0]
        game.emit("captain", captain=winner, by="election")
    _appoint(game, winner)


def _top(counts: Counter[int]) -> list[int]:
    top = max(counts.values())
    return sorted(s for s, n in counts.items() if n == top)


def weight(game: Game, voter: int) -> int:
    return WEIGHT if game.state(CARD.id).get("seat") == voter else 1


def announce(game: Game, tie: Tie) -> dict[str, Any] | None:
    """`wolfrunde`: a living Hauptmann picks one of the tied; if he picks nobody (his timer runs out, a
    scenario has no `tiebreak`), nobody dies. `duesterwald`: his own vote decides when it went to one of
    the tied."""
    captain = seat(game)
    if captain is None:
        return None
    if game.rules is Rules.WOLFRUNDE:
        return {"resolution": "captain", "captain": captain}
    if tie.votes.get(captain) in tie.tied:
        return {"resolution": "captain_vote"}
    return None


def break_tie(game: Game, tie: Tie) -> Handler[tuple[int, str] | None]:
    captain = seat(game)
    assert captain is not None
    if game.rules is not Rules.WOLFRUNDE:
        own = tie.votes.get(captain)
        assert own is not None
        return own, "vote"
    request = seat_choice(game, captain, "tiebreak", tie.tied, default=None, what="Entscheidung des Hauptmanns")
    answers = yield [request]
    picked = answers[(captain, "tiebreak")]
    return None if picked is None else (picked, "vote")


def successor(game: Game) -> Handler[bool]:
    """A dead Hauptmann names a living successor, if the game goes on (on timeout chance decides)."""
    state = game.state(CARD.id)
    old = state.get("seat")
    if old is None or game.players[old].alive:
        return False
    _appoint(game, None)
    living = game.living()
    if living and victory.check(game) is None:
        request = seat_choice(
            game,
            old,
            "captain_successor",
            living,
            optional=False,
            default=game.chance.public.choice(living),
            what="Nachfolger des Hauptmanns",
        )
        answers = yield [request]
        new = answers[(old, "captain_successor")]
        _appoint(game, new)
        game.emit("captain", captain=new, by="successor", previous=old)
    return True


def successor_not_needed(game: Game) -> bool:
    """The Hauptmann died and the game ended with that: nobody was asked to succeed him."""
    elected = any(event.type == "captain" for event in game.events)
    return game.result is not None and elected and game.state(CARD.id).get("seat") is None


def view_you(game: Game, viewer: int) -> dict[str, Any]:
    return {"captain": game.state(CARD.id).get("seat") == viewer}


def view_players(game: Game, viewer: int) -> dict[str, list[Any]]:
    captain = game.state(CARD.id).get("seat")
    return {"captain": [player.seat == captain for player in game.players]}


ROLE = Role(
    card=CARD,
    kinds=("captain", "captain_runoff", "tiebreak", "captain_successor"),
    harms=("tiebreak",),
    events=("captain_election", "captain_not_elected", "captain_runoff", "captain"),
    scenario=(
        ScenarioKey(
            "captain",
            ("captain",),
            phases=(Phase.DAY,),
            ballot=True,
            unused="der Hauptmann hat gerade nichts zu entscheiden",
        ),
        ScenarioKey(
            "tiebreak", ("tiebreak",), phases=(Phase.DAY,), unused="der Hauptmann hat gerade nichts zu entscheiden"
        ),
        ScenarioKey(
            "captain_successor",
            ("captain_successor",),
            phases=(Phase.NIGHT, Phase.DAY),
            absent=Absent.DEFAULT,
            unused="der Hauptmann hat gerade nichts zu entscheiden",
            moot=successor_not_needed,
        ),
    ),
    day_start=election,
    vote_weight=weight,
    tie_breakers=(TieBreaker("captain", announce, break_tie),),
    consequences=(Consequence("captain_successor", successor),),
    view_you=view_you,
    view_players=view_players,
)
