"""The day: Hauptmann election (day 1), discussion, the execution vote, and the Richter's second vote."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from wolfrunde.engine import deaths, meldeliste, victory
from wolfrunde.engine.model import Mode, Phase, Rules
from wolfrunde.engine.requests import confirm, seat_choice, yes_no
from wolfrunde.engine.roles import cupid, maid
from wolfrunde.engine.roles.denouncer import EXTRA_VOTES

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CAPTAIN_WEIGHT = 2
SILENCE_PENALTY = 1


def run(game: Game) -> Any:
    game.phase = Phase.DAY
    game.step = None
    meldeliste.new_day(game)
    game.emit("day", round=game.round)
    if game.round == 1:
        yield from captain_election(game)
    game.step = "discussion"
    game.emit("discussion", round=game.round)
    yield [confirm(s, "ready") for s in game.living()]
    yield from vote_round(game, "vote", first=True)
    if game.result is None:
        yield from judge(game)
    game.step = None


def captain_election(game: Game) -> Any:
    game.step = "captain_election"
    game.emit("captain_election")
    living = game.living()
    answers = yield [seat_choice(game, v, "captain", living, what="Hauptmannswahl") for v in living]
    counts = Counter(c for c in (answers[(v, "captain")] for v in living) if c is not None)
    if not counts:
        game.emit("captain_not_elected")
        return
    tied = _top(counts)
    if len(tied) > 1:
        game.emit("captain_runoff", tied=tied)
        answers = yield [seat_choice(game, v, "captain_runoff", tied, what="Stichwahl") for v in living]
        runoff = Counter(c for c in (answers[(v, "captain_runoff")] for v in living) if c is not None)
        tied = _top(runoff) if runoff else tied
    if len(tied) > 1:
        winner = game.rng.choice(tied)
        game.emit("captain", captain=winner, by="chance", tied=tied)
    else:
        winner = tied[0]
        game.emit("captain", captain=winner, by="election")
    game.captain = winner


def voters(game: Game) -> list[int]:
    return [s for s in game.living() if not game.card_state(s).get("pardoned")]


def vote_round(game: Game, kind: str, *, first: bool) -> Any:
    """One execution vote with its tie rules, verdict and consequences."""
    game.step = kind
    game.emit("vote_started", kind=kind)
    living = game.living()
    voting = voters(game)
    answers = yield [_ballot(game, v, kind, living) for v in voting]
    votes = {v: answers[(v, kind)] for v in voting}
    counts = _tally(game, votes, first=first and kind == "vote")
    game.emit("votes", kind=kind, ballots=dict(votes), counts=dict(counts))
    if first and kind == "vote":
        game.accused_next_vote = None
    if len(living) == 2 and all(votes.get(a) == b for a, b in (living, living[::-1])):
        yield from _last_two(game, living, first=first)
        return
    if not counts or max(counts.values()) == 0:
        game.emit("no_verdict", kind=kind)
        return
    tied = _top(counts)
    if len(tied) == 1:
        yield from execute(game, tied[0], "vote", first=first)
        return
    scapegoat = game.holder("scapegoat")
    captain = game.captain if game.captain is not None and game.players[game.captain].alive else None
    game.emit("tie", tied=tied, resolution=_tie_resolution(game, kind, scapegoat, captain, votes, tied))
    if scapegoat is not None:
        yield from execute(game, scapegoat, "scapegoat", first=first)
        return
    if game.rules is Rules.WOLFRUNDE:
        if captain is None:
            game.emit("no_verdict", kind=kind)
            return
        request = seat_choice(
            game,
            captain,
            "tiebreak",
            tied,
            optional=False,
            default=game.rng.choice(tied),
            what="Entscheidung des Hauptmanns",
        )
        answers = yield [request]
        yield from execute(game, answers[(captain, "tiebreak")], "vote", first=first)
        return
    if captain is not None and votes.get(captain) in tied:
        yield from execute(game, votes[captain], "vote", first=first)
        return
    if kind == "revote":
        game.emit("no_verdict", kind=kind)
        return
    yield from vote_round(game, "revote", first=first)


def _tie_resolution(
    game: Game, kind: str, scapegoat: int | None, captain: int | None, votes: dict[int, int | None], tied: list[int]
) -> str:
    """How this tie will be broken, as the village is told: scapegoat, captain, captain_vote, revote, nobody."""
    if scapegoat is not None:
        return "scapegoat"
    if game.rules is Rules.WOLFRUNDE:
        return "captain" if captain is not None else "nobody"
    if captain is not None and votes.get(captain) in tied:
        return "captain_vote"
    return "nobody" if kind == "revote" else "revote"


def _ballot(game: Game, voter: int, kind: str, living: list[int]) -> Any:
    candidates = living
    partner = cupid.partner(game, voter)
    forbid_partner = game.rules is Rules.DUESTERWALD and partner is not None
    if forbid_partner:
        candidates = [s for s in living if s != partner]

    def why_not(target: int) -> str | None:
        if forbid_partner and target == partner:
            return f"{game.name(voter)} darf nicht gegen die eigene große Liebe stimmen."
        return f"{game.name(target)} ist tot und kann nicht gewählt werden."

    return seat_choice(game, voter, kind, candidates, why_not=why_not, what="Abstimmung")


def _tally(game: Game, votes: dict[int, int | None], *, first: bool) -> Counter[int]:
    counts: Counter[int] = Counter()
    for voter, target in votes.items():
        if target is not None:
            counts[target] += CAPTAIN_WEIGHT if voter == game.captain else 1
    if first:
        accused = game.accused_next_vote
        if accused is not None and game.players[accused].alive:
            counts[accused] += EXTRA_VOTES
        if game.setup.meldeliste and game.mode is Mode.ONLINE and game.round == 1:
            for seat in game.living():
                if seat not in game.hands_raised:
                    counts[seat] += SILENCE_PENALTY
    return counts


def _top(counts: Counter[int]) -> list[int]:
    top = max(counts.values())
    return sorted(s for s, n in counts.items() if n == top)


def _last_two(game: Game, pair: list[int], *, first: bool) -> Any:
    game.emit("last_two_voted_each_other", players=pair)
    angel = next((s for s in pair if _angel_wins(game, s, first=first)), None)
    for seat in pair:
        deaths.kill(game, seat, "vote")
    if angel is not None:
        victory.finish(game, ("angel", [angel]))
    else:
        victory.finish(game, ("draw", []))
    return
    yield


def _angel_wins(game: Game, seat: int, *, first: bool) -> bool:
    return game.players[seat].card == "angel" and game.round == 1 and first


def execute(game: Game, condemned: int, cause: str, *, first: bool) -> Any:
    """A verdict against `condemned`: Dorfnarr, Magd, Engel, death, consequences, victory check."""
    game.emit("verdict", player=condemned, cause=cause)
    player = game.players[condemned]
    if cause == "vote" and player.card == "fool" and not player.card_state.get("pardoned"):
        player.card_state["pardoned"] = True
        game.emit("fool_pardoned", reveals={condemned: "fool"}, player=condemned, role="fool")
        return
    angel_wins = cause == "vote" and _angel_wins(game, condemned, first=first)
    taker = yield from maid.step_forward(game, condemned)
    hidden = taker is not None and game.mode is not Mode.TABLE_SINGLE_DEVICE
    deaths.kill(game, condemned, cause, reveal=not hidden)
    if taker is not None:
        maid.take_over(game, taker, condemned)
        if hidden:
            game.emit("maid_stepped_forward", maid=taker, player=condemned)
    if angel_wins:
        victory.finish(game, ("angel", [condemned]))
        return
    yield from deaths.settle(game)
    outcome = victory.check(game)
    if outcome is not None:
        victory.finish(game, outcome)


def judge(game: Game) -> Any:
    judge_seat = game.holder("judge")
    if judge_seat is None or game.card_state(judge_seat).get("used"):
        return
    game.step = "judge"
    answers = yield [yes_no(judge_seat, "judge", what="Richter")]
    if not answers[(judge_seat, "judge")]:
        return
    game.card_state(judge_seat)["used"] = True
    game.emit("judge_demanded")
    yield from vote_round(game, "second_vote", first=False)
