"""Dealing and the night: the Bürgermeister chooses the Zauberwort, Seherin and Werwölfe see it."""

from __future__ import annotations

import random

from wolfrunde.werwoerter import day
from wolfrunde.werwoerter.deal import deal
from wolfrunde.werwoerter.decisions import Decision, Kind, Request
from wolfrunde.werwoerter.events import (
    GameStarted,
    MayorAppointed,
    NightStarted,
    Redealt,
    RoleDealt,
    SeerSawWord,
    WerewolvesMet,
    WerewolvesSawWord,
    WordChosen,
    only,
)
from wolfrunde.werwoerter.game_setup import WORD_CHOICES, Setup
from wolfrunde.werwoerter.hints import Hint
from wolfrunde.werwoerter.roles import Role, werewolf_count
from wolfrunde.werwoerter.state import State
from wolfrunde.werwoerter.words import offer


def start(setup: Setup) -> State:
    rng = random.Random(setup.seed)
    dealt = deal(setup, rng)
    state = State(setup=setup, rng=rng, roles=dealt.roles, mayor=dealt.mayor)
    wolves = werewolf_count(len(setup.players))
    state.emit(
        GameStarted(
            players=setup.players,
            difficulty=setup.difficulty,
            day_seconds=setup.day_seconds,
            werewolves=wolves,
            hints=(Hint.TWO_WEREWOLVES,) if wolves == 2 else (),
        )
    )
    state.emit(*(Redealt(hints=(Hint.MAYOR_CARD_CENTER,)) for _ in range(dealt.redeals)))
    for seat, role in enumerate(dealt.roles):
        state.emit(RoleDealt(seat=seat, role=role, visible_to=only(seat), hints=_mayor_hints(state, seat)))
    state.emit(
        MayorAppointed(
            seat=dealt.mayor,
            from_center=dealt.from_center,
            hints=(Hint.MAYOR_CARD_CENTER,) if dealt.from_center else (),
        ),
        NightStarted(),
    )
    state.offered = offer(rng, setup.difficulty, WORD_CHOICES)
    return state


def _mayor_hints(state: State, seat: int) -> tuple[str, ...]:
    """Reminders for the Bürgermeister that depend on his secret role (shown to him alone)."""
    if seat != state.mayor:
        return ()
    if state.roles[seat] is Role.SEER:
        return (Hint.MAYOR_IS_SEER,)
    if state.roles[seat] is Role.WEREWOLF:
        return (Hint.WEREWOLF_MAYOR_MAY_LIE,)
    return ()


def requests(state: State) -> list[Request]:
    return [
        Request(
            seat=state.mayor,
            kind=Kind.CHOOSE_WORD,
            options=state.offered,
            default=state.offered[0],
            hints=_mayor_hints(state, state.mayor),
        )
    ]


def why_not(state: State, decision: Decision) -> str:
    return f"„{decision.choice}“ steht nicht zur Wahl; angeboten sind: {', '.join(state.offered)}."


def apply(state: State, decision: Decision) -> None:
    assert isinstance(decision.choice, str)
    _choose(state, decision.choice)


def time_up(state: State) -> None:
    _choose(state, state.offered[0])


def _choose(state: State, word: str) -> None:
    state.word = word
    state.emit(WordChosen(seat=state.mayor, word=word, visible_to=only(state.mayor)))
    state.emit(SeerSawWord(seat=state.seer, word=word, visible_to=only(state.seer)))
    wolves = state.werewolves
    if len(wolves) > 1:
        state.emit(WerewolvesMet(seats=wolves, visible_to=only(*wolves)))
    state.emit(WerewolvesSawWord(seats=wolves, word=word, visible_to=only(*wolves)))
    day.start(state)
