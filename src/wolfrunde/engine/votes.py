"""An execution vote: ballots, the tally, the tie rules, the last two, and the verdict."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from wolfrunde.engine import deaths, meldeliste, registry, victory
from wolfrunde.engine.core import BEFORE_REVEAL
from wolfrunde.engine.model import Handler, Phase, Request, Rules
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import Outcome, Tie, Verdict, asks_nothing
from wolfrunde.engine.windows import close_window, open_window

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

# the Sündenbock before the Hauptmann (rulings.md, "Tie")
TIE_BREAKERS: tuple[str, ...] = ("scapegoat", "captain")
SILENCE_PENALTY = 1
FIRST_KIND = "vote"
REVOTE = "revote"


def voters(game: Game) -> list[int]:
    """The living whose cards let them vote (a pardoned Dorfnarr may not)."""
    allowed = []
    for seat in game.living():
        card = game.role_of(seat)
        if card.may_vote is None or card.may_vote(game, seat):
            allowed.append(seat)
    return allowed


def vote_round(game: Game, kind: str, *, first: bool) -> Handler[None]:
    """One execution vote with its tie rules, verdict and consequences."""
    game.step = kind
    game.emit("vote_started", kind=kind)
    living = game.living()
    voting = voters(game)
    answers = yield [_ballot(game, v, kind, living) for v in voting]
    votes = {v: answers[(v, kind)] for v in voting}
    extra = first and kind == FIRST_KIND
    counts = _tally(game, votes, first=extra)
    result: dict[str, Any] = {"kind": kind, "ballots": dict(votes), "counts": dict(counts)}
    if extra and meldeliste.silence_counts(game):
        result["silence"] = _silent(game)  # whom the Meldeliste's silence vote went against
    game.emit("votes", **result)
    if game.rules is Rules.WOLFRUNDE and len(living) == 2 and all(votes.get(a) == b for a, b in (living, living[::-1])):
        yield from _last_two(game, living, first=first)
        return
    if not counts or max(counts.values()) == 0:
        game.emit("no_verdict", kind=kind)
        return
    tied = _top(counts)
    if len(tied) == 1:
        yield from execute(game, tied[0], "vote", first=first)
        return
    yield from _tie(game, Tie(kind, tied, votes, first))


def _tie(game: Game, tie: Tie) -> Handler[None]:
    """The first tie rule that applies decides; without one, `wolfrunde`: nobody dies; `duesterwald`: one
    new vote, and nobody dies if that ties again."""
    for breaker in game.table.tie_breakers:
        announced = breaker.announce(game, tie)
        if announced is None:
            continue
        game.emit("tie", tied=tie.tied, **announced)
        decided = yield from breaker.run(game, tie)
        if decided is None:
            game.emit("no_verdict", kind=tie.kind)
            return
        condemned, cause = decided
        yield from execute(game, condemned, cause, first=tie.first)
        return
    revote = game.rules is Rules.DUESTERWALD and tie.kind != REVOTE
    game.emit("tie", tied=tie.tied, resolution=REVOTE if revote else "nobody")
    if revote:
        yield from vote_round(game, REVOTE, first=tie.first)
    else:
        game.emit("no_verdict", kind=tie.kind)


def _ballot(game: Game, voter: int, kind: str, living: list[int]) -> Request:
    forbidden: dict[int, str] = {}
    for forbidden_votes in registry.hooks(game.table, "forbidden_votes"):
        forbidden.update(forbidden_votes(game, voter))
    candidates = [s for s in living if s not in forbidden]

    def why_not(target: int) -> str | None:
        if target in forbidden:
            return forbidden[target]
        return f"{game.name(target)} ist tot und kann nicht gewählt werden."

    return seat_choice(game, voter, kind, candidates, why_not=why_not, what="Abstimmung", changeable=True)


def weight(game: Game, voter: int) -> int:
    """A voter's weight: the largest any role gives him (the Hauptmann's double vote), else one."""
    weights: list[int] = [vote_weight(game, voter) for vote_weight in registry.hooks(game.table, "vote_weight")]
    return max([1, *weights])


def _tally(game: Game, votes: dict[int, int | None], *, first: bool) -> Counter[int]:
    counts: Counter[int] = Counter()
    for voter, target in votes.items():
        if target is not None:
            counts[target] += weight(game, voter)
    if first:
        for extra_votes in registry.hooks(game.table, "extra_votes"):
            counts.update(extra_votes(game))
        if meldeliste.silence_counts(game):
            for seat in _silent(game):
                counts[seat] += SILENCE_PENALTY
    return counts


def _silent(game: Game) -> list[int]:
    """The living who never raised a hand: the Meldeliste's silence vote goes against each of them."""
    return [seat for seat in game.living() if seat not in game.hands_raised]


CAPTAIN_VOTES = ("captain", "captain_runoff")


def live(game: Game) -> dict[str, Any] | None:
    """The open public vote of the day as every seat may see it, or None (at night, or no vote open).

    `kind`; `voters`: every seat asked; `voted`: who has cast a ballot (never for whom); `counts`: the
    tally so far by candidate, with the weights and the fixed votes the verdict will count (the
    Hauptmann's double vote, the Denunziant's letter, the Meldeliste's silence vote, all of them public);
    `silence`: the seats the silence vote goes against (only when it counts). All of it is public: the
    same for every seat."""
    if game.phase is not Phase.DAY or game.result is not None:
        return None
    for kind in game.open_votes():
        asked, answers = game.ballots(kind)
        counts: Counter[int]
        if kind in CAPTAIN_VOTES:
            counts = Counter(target for target in answers.values() if target is not None)
        else:
            counts = _tally(game, answers, first=kind == FIRST_KIND)
        shown: dict[str, Any] = {
            "kind": kind,
            "voters": asked,
            "voted": sorted(answers),
            "counts": {seat: n for seat, n in sorted(counts.items()) if n},
        }
        if kind == FIRST_KIND and meldeliste.silence_counts(game):
            shown["silence"] = _silent(game)
        return shown
    return None


def _top(counts: Counter[int]) -> list[int]:
    top = max(counts.values())
    return sorted(s for s, n in counts.items() if n == top)


@asks_nothing
def _last_two(game: Game, pair: list[int], *, first: bool) -> None:
    """`wolfrunde`: the last two voting each other both die and the game ends in a draw, unless one of them
    wins by being condemned (the Engel on day 1)."""
    game.emit("last_two_voted_each_other", players=pair)
    wins = [w for seat in pair if (w := _verdict_win(game, Verdict(seat, "vote", first))) is not None]
    for seat in pair:
        deaths.kill(game, seat, "vote")
    victory.finish(game, wins[0] if wins else ("draw", []))


def _verdict_win(game: Game, verdict: Verdict) -> Outcome | None:
    card = game.role_of(verdict.condemned)
    return card.verdict_win(game, verdict.condemned, verdict) if card.verdict_win is not None else None


def execute(game: Game, condemned: int, cause: str, *, first: bool) -> Handler[None]:
    """A verdict: the public window before the card is shown (every time), the card's own answer to the
    verdict, the death, its consequences, the victory check."""
    verdict = Verdict(condemned, cause, first)
    game.emit("verdict", player=condemned, cause=cause)
    card = game.role_of(condemned)
    verdict.spared = card.spares is not None and card.spares(game, condemned, verdict)
    open_window(game, BEFORE_REVEAL)
    for role in game.table.roles:
        if role.reveal_window is not None:
            yield from role.reveal_window(game, verdict)
    close_window(game)
    if card.on_verdict is not None:
        card.on_verdict(game, condemned, verdict)
    if verdict.spared:
        return
    win = _verdict_win(game, verdict)
    # a condemned who wins at once (the Engel) ends the game with his death: nobody takes his card over
    deaths.kill(game, condemned, cause, reveal=win is not None or not verdict.hide_role)
    for then in verdict.after_death if win is None else ():
        then()
    deaths.react(game, {condemned: cause})
    if win is not None:
        victory.finish(game, win)
        return
    yield from deaths.settle(game)
    outcome = victory.check(game)
    if outcome is not None:
        victory.finish(game, outcome)
