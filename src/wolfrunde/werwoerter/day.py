"""The day: questions to the Bürgermeister, answered with markers, until Richtig, time or markers end it."""

from __future__ import annotations

from wolfrunde.werwoerter import endings
from wolfrunde.werwoerter.decisions import Choice, Decision, Kind, Request
from wolfrunde.werwoerter.events import DayEnded, DayStarted, MarkerGiven, WordRevealed
from wolfrunde.werwoerter.hints import Hint
from wolfrunde.werwoerter.markers import ANSWERS, Marker, Pool
from wolfrunde.werwoerter.state import Ending, Phase, State


def start(state: State) -> None:
    state.phase = Phase.DAY
    state.emit(
        DayStarted(
            seconds=state.setup.day_seconds,
            markers={pool.value: count for pool, count in state.stock.items()},
            hints=(Hint.ONE_QUESTION_AT_A_TIME, Hint.MAYOR_ANSWERS_SILENTLY),
        )
    )


def requests(state: State) -> list[Request]:
    askers = state.others(state.mayor)
    answers: list[Choice] = [
        (marker.value, seat) for marker in ANSWERS if state.stock[marker.pool] > 0 for seat in askers
    ]
    found = [
        Request(
            seat=state.mayor,
            kind=Kind.ANSWER,
            options=tuple(answers),
            default=None,
            seconds=state.setup.day_seconds,
            hints=(Hint.MAYOR_ANSWERS_SILENTLY, Hint.ONE_QUESTION_AT_A_TIME, Hint.LAST_MARKER),
        ),
        Request(seat=state.mayor, kind=Kind.CORRECT, options=askers, required=False, hints=(Hint.WHOLE_WORD,)),
    ]
    if state.stock[Pool.WAY_OFF] > 0:
        found.append(
            Request(
                seat=state.mayor,
                kind=Kind.WAY_OFF,
                options=(None, *askers),
                required=False,
                hints=(Hint.WAY_OFF_ADDITIONAL,),
            )
        )
    return found


def why_not_markers_out(state: State) -> str:
    """`markers_out` is never offered: the app gives the markers and ends the day with the last Ja/Nein one."""
    left = state.stock[Pool.YES_NO]
    return (
        f"Es sind noch {left} Ja/Nein-Marker da. Der Tag endet von selbst, sobald der letzte vergeben ist; "
        "vorher geht er weiter, bis das Wort erraten oder die Zeit um ist."
    )


def why_not(state: State, decision: Decision) -> str:
    choice = decision.choice
    if decision.kind is Kind.ANSWER:
        if not (isinstance(choice, tuple) and len(choice) == 2):
            return "Eine Antwort ist ein Marker und der Platz des Fragenden."
        marker, seat = choice
        if marker not in {m.value for m in ANSWERS}:
            return "Auf eine Frage gibt es Ja, Nein, Vielleicht oder Knapp daneben."
        if state.stock[Marker(marker).pool] == 0:
            return f"Es sind keine Marker „{Marker(marker).german}“ mehr da."
        return _why_not_seat(state, seat)
    if decision.kind is Kind.WAY_OFF:
        return _why_not_seat(state, choice)
    if decision.kind is Kind.CORRECT:
        return _why_not_seat(state, choice)
    return "Das geht jetzt nicht."


def _why_not_seat(state: State, seat: object) -> str:
    if seat == state.mayor:
        return "Der Bürgermeister stellt sich selbst keine Fragen."
    return f"Unbekannter Sitzplatz: {seat!r}."


def apply(state: State, decision: Decision) -> None:
    if decision.kind is Kind.ANSWER:
        assert isinstance(decision.choice, tuple)
        marker, seat = Marker(decision.choice[0]), decision.choice[1]
        state.stock[marker.pool] -= 1
        left = state.stock[marker.pool]
        state.emit(MarkerGiven(marker=marker.value, to=seat, left=left))
        if marker.pool is Pool.YES_NO and left == 0:
            end(state, "markers")
    elif decision.kind is Kind.WAY_OFF:
        assert decision.choice is None or isinstance(decision.choice, int)
        state.stock[Pool.WAY_OFF] -= 1
        state.emit(
            MarkerGiven(
                marker=Marker.WAY_OFF.value,
                to=decision.choice,
                left=state.stock[Pool.WAY_OFF],
                hints=(Hint.WAY_OFF_ADDITIONAL,),
            )
        )
    elif decision.kind is Kind.CORRECT:
        assert isinstance(decision.choice, int)
        state.stock[Pool.CORRECT] -= 1
        state.emit(MarkerGiven(marker=Marker.CORRECT.value, to=decision.choice, left=0))
        end(state, "guessed", decision.choice)


def time_up(state: State) -> None:
    end(state, "time")


def end(state: State, reason: str, guesser: int | None = None) -> None:
    """The day is over; everybody learns the word, then the matching ending begins."""
    hints: tuple[str, ...] = {
        "guessed": (Hint.WHOLE_WORD, Hint.WHOOPS),
        "markers": (Hint.LAST_MARKER, Hint.WHOOPS),
    }.get(reason, (Hint.WHOOPS,))
    assert state.word is not None
    state.emit(DayEnded(reason=reason, guesser=guesser, hints=hints), WordRevealed(word=state.word))
    endings.begin(state, Ending.GUESSED if reason == "guessed" else Ending.NOT_GUESSED)
