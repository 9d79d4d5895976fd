"""After the day: the Werwölfe point (word guessed) or everyone votes (not guessed); Whoops switches."""

from __future__ import annotations

from wolfrunde.werwoerter.decisions import Decision, Kind, Request
from wolfrunde.werwoerter.events import (
    CardsRevealed,
    EndingStarted,
    GameEnded,
    Pointed,
    VoteCast,
    VotesShown,
    VoteStarted,
    WerewolvesRevealed,
    Whoops,
    only,
)
from wolfrunde.werwoerter.hints import Hint
from wolfrunde.werwoerter.resolve import Outcome, after_pointing, after_vote, count_votes
from wolfrunde.werwoerter.state import Ending, Phase, State

POINT_SECONDS = 15
TALK_SECONDS = 60


def _two(state: State) -> tuple[str, ...]:
    return (Hint.TWO_WEREWOLVES,) if len(state.werewolves) > 1 else ()


def begin(state: State, ending: Ending) -> None:
    state.ending = ending
    state.points = {}
    state.votes = {}
    state.result = None
    if ending is Ending.GUESSED:
        state.phase = Phase.POINTING
        state.emit(
            EndingStarted(ending=ending.value, seconds=POINT_SECONDS, hints=(Hint.ONLY_WEREWOLF_REVEALS, *_two(state))),
            WerewolvesRevealed(seats=state.werewolves),
        )
    else:
        state.phase = Phase.TALK
        state.emit(EndingStarted(ending=ending.value, seconds=TALK_SECONDS))


# --- requests ------------------------------------------------------------------------------------


def requests(state: State) -> list[Request]:
    found: list[Request] = []
    if state.phase is Phase.POINTING:
        taken = {target for target in state.points.values() if target is not None}
        targets = tuple(s for s in range(state.size) if s not in state.werewolves and s not in taken)
        hints = (Hint.MAYOR_IS_SEER, *_two(state))
        found += [
            Request(seat=wolf, kind=Kind.POINT, options=targets, seconds=POINT_SECONDS, hints=hints)
            for wolf in state.werewolves
            if wolf not in state.points
        ]
    elif state.phase is Phase.TALK:
        found.append(Request(seat=state.mayor, kind=Kind.END_TALK, options=(None,), seconds=TALK_SECONDS))
    elif state.phase is Phase.VOTE:
        hints = (Hint.VOTE_NEVER_SELF, Hint.TIE_ALL_REVEAL, *_two(state))
        found += [
            Request(seat=seat, kind=Kind.VOTE, options=state.others(seat), hints=hints)
            for seat in range(state.size)
            if seat not in state.votes
        ]
    found.append(Request(seat=state.mayor, kind=Kind.WHOOPS, options=(None,), required=False, hints=(Hint.WHOOPS,)))
    return found


def why_not(state: State, decision: Decision) -> str:
    seat, choice = decision.seat, decision.choice
    if decision.kind is Kind.POINT:
        if choice == seat:
            return "Ein Werwolf zeigt nicht auf sich selbst."
        if choice in state.werewolves:
            return "Die Werwölfe sind schon aufgedeckt – zeig auf jemand anderen."
        if choice in state.points.values():
            return "Jeder Werwolf zeigt auf eine andere Person."
    if decision.kind is Kind.VOTE and choice == seat:
        return "Niemand darf für sich selbst stimmen."
    return f"Unbekannter Sitzplatz: {choice!r}."


# --- decisions -----------------------------------------------------------------------------------


def apply(state: State, decision: Decision) -> None:
    if decision.kind is Kind.WHOOPS:
        assert state.ending is not None
        other = state.ending.other
        state.emit(Whoops(ending=other.value, hints=(Hint.WHOOPS,)))
        begin(state, other)
    elif decision.kind is Kind.POINT:
        assert decision.seat is not None and isinstance(decision.choice, int)
        _point(state, decision.seat, decision.choice)
    elif decision.kind is Kind.END_TALK:
        _start_vote(state)
    elif decision.kind is Kind.VOTE:
        assert decision.seat is not None and isinstance(decision.choice, int)
        state.votes[decision.seat] = decision.choice
        state.emit(VoteCast(voter=decision.seat, target=decision.choice, visible_to=only(decision.seat)))
        if len(state.votes) == state.size:
            _count(state)


def time_up(state: State) -> None:
    if state.phase is Phase.POINTING:
        for wolf in state.werewolves:
            if wolf not in state.points:
                _point(state, wolf, None)
                if state.phase is not Phase.POINTING:
                    break
    elif state.phase is Phase.TALK:
        _start_vote(state)
    elif state.phase is Phase.VOTE:
        for seat in range(state.size):
            state.votes.setdefault(seat, None)
        _count(state)


def _point(state: State, wolf: int, target: int | None) -> None:
    state.points[wolf] = target
    state.emit(Pointed(werewolf=wolf, target=target))
    if len(state.points) == len(state.werewolves):
        _finish(state, after_pointing(state.roles, state.points))


def _start_vote(state: State) -> None:
    state.phase = Phase.VOTE
    state.emit(VoteStarted(hints=(Hint.VOTE_NEVER_SELF, *_two(state))))


def _count(state: State) -> None:
    outcome = after_vote(state.roles, state.votes)
    tied = len(outcome.revealed) > 1
    state.emit(
        VotesShown(
            votes=dict(sorted(state.votes.items())),
            counts=count_votes(state.votes),
            top=outcome.revealed,
            hints=(Hint.TIE_ALL_REVEAL,) if tied else (),
        )
    )
    _finish(state, outcome)


def _finish(state: State, outcome: Outcome) -> None:
    assert state.word is not None
    if outcome.revealed:
        state.emit(CardsRevealed(roles={seat: state.roles[seat] for seat in outcome.revealed}))
    winners = tuple(seat for seat, role in enumerate(state.roles) if role.side is outcome.winner)
    result = GameEnded(
        winner=outcome.winner,
        reason=outcome.reason,
        winners=winners,
        roles=state.roles,
        mayor=state.mayor,
        word=state.word,
    )
    state.phase = Phase.OVER
    state.result = result
    state.emit(result)
