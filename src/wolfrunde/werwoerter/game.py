"""A Werwörter game: created from a Setup, advanced only by Decisions, replayable from both."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from wolfrunde.werwoerter import day, endings, night
from wolfrunde.werwoerter.decisions import Decision, Kind, Request
from wolfrunde.werwoerter.errors import IllegalMove
from wolfrunde.werwoerter.events import Event, GameEnded
from wolfrunde.werwoerter.game_setup import Setup
from wolfrunde.werwoerter.state import Phase, State
from wolfrunde.werwoerter.view import seat_view

# Each phase module answers requests(state), why_not(state, decision), apply(state, decision), time_up(state).
PHASES: dict[Phase, ModuleType] = {
    Phase.NIGHT: night,
    Phase.DAY: day,
    Phase.POINTING: endings,
    Phase.TALK: endings,
    Phase.VOTE: endings,
    Phase.OVER: endings,
}

KIND_NAMES = {
    Kind.CHOOSE_WORD: "Das Zauberwort wählt",
    Kind.ANSWER: "Antworten darf",
    Kind.WAY_OFF: "„Völlig daneben“ vergibt",
    Kind.CORRECT: "„Richtig“ vergibt",
    Kind.MARKERS_OUT: "„Keine Ja/Nein-Marker mehr“ tippt",
    Kind.POINT: "Zeigen darf",
    Kind.END_TALK: "Die Abstimmung startet",
    Kind.VOTE: "Abstimmen darf",
    Kind.WHOOPS: "„Whoops“ drückt",
}


class Game:
    """The three questions: `pending()`, `events`, `view(seat)`; `apply()` and `time_up()` move it on."""

    def __init__(self, setup: Setup) -> None:
        self._setup = setup
        self._state = night.start(setup)
        self._decisions: list[Decision] = []

    @classmethod
    def replay(cls, setup: Setup, decisions: Iterable[Decision]) -> Game:
        game = cls(setup)
        for decision in decisions:
            game.apply(decision)
        return game

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        return cls.replay(Setup.from_json(data["setup"]), [Decision.from_json(d) for d in data["decisions"]])

    def to_json(self) -> dict[str, Any]:
        return {"setup": self._setup.to_json(), "decisions": [d.to_json() for d in self._decisions]}

    # --- what the game is ----------------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        return self._setup

    @property
    def players(self) -> tuple[str, ...]:
        return self._setup.players

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(self._decisions)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._state.events)

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def result(self) -> GameEnded | None:
        """The ending, or None while the game goes on (Whoops may still switch a finished game)."""
        return self._state.result

    @property
    def is_over(self) -> bool:
        return self._state.result is not None

    @property
    def mayor(self) -> int:
        """The Bürgermeister's seat: a public office, known to everyone."""
        return self._state.mayor

    def events_for(self, seat: int) -> tuple[Event, ...]:
        self._check_seat(seat)
        return tuple(event for event in self._state.events if event.visible(seat))

    def pending(self, seat: int | None = None) -> tuple[Request, ...]:
        """What may be decided now; `required` ones hold the game up. Each request is for its seat only."""
        found = PHASES[self._state.phase].requests(self._state)
        return tuple(r for r in found if seat is None or r.seat == seat)

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know, as JSON data: folded from the events it may see, plus its own requests."""
        self._check_seat(seat)
        return seat_view(self.events_for(seat), self.pending(seat), seat)

    # --- moving on -----------------------------------------------------------------------------

    def apply(self, decision: Decision) -> tuple[Event, ...]:
        """Apply one decision and return the new events; IllegalMove leaves the game as it was."""
        state = self._state
        change = self._legal(state, decision)
        trial = state.copy()
        change(trial)
        self._state = trial
        self._decisions.append(decision)
        return tuple(trial.events[len(state.events) :])

    def time_up(self) -> tuple[Event, ...]:
        """The caller's timer ran out: every required request gets its default."""
        return self.apply(Decision(Kind.TIME_UP, None))

    def _legal(self, state: State, decision: Decision) -> Callable[[State], None]:
        if not isinstance(decision, Decision) or not isinstance(decision.kind, Kind):
            raise IllegalMove("Das ist keine Entscheidung, die das Spiel kennt.")
        phase = PHASES[state.phase]
        if decision.kind is Kind.TIME_UP:
            if state.phase is Phase.OVER:
                raise IllegalMove("Die Partie ist vorbei; es läuft keine Zeit mehr.")
            if decision.seat is not None or decision.choice is not None:
                raise IllegalMove("Den Ablauf der Zeit meldet die Uhr, kein Spieler.")
            time_up: Callable[[State], None] = phase.time_up
            return time_up
        requests = [r for r in phase.requests(state) if r.kind is decision.kind]
        request = next((r for r in requests if r.seat == decision.seat), None)
        if request is None:
            raise IllegalMove(self._not_now(state, decision, requests))
        if not _offered(decision.choice, request.options):
            raise IllegalMove(phase.why_not(state, decision))
        return lambda trial: PHASES[trial.phase].apply(trial, decision)

    def _not_now(self, state: State, decision: Decision, requests: list[Request]) -> str:
        if state.phase is Phase.OVER:
            return "Die Partie ist vorbei."
        if decision.kind is Kind.MARKERS_OUT and state.phase is Phase.DAY:
            return day.why_not_markers_out(state)
        if not requests:
            return f"{KIND_NAMES.get(decision.kind, 'Das')} gerade niemand."
        if decision.kind is Kind.VOTE and decision.seat in state.votes:
            return "Du hast schon abgestimmt."
        if decision.kind is Kind.POINT and decision.seat in state.points:
            return "Du hast schon gezeigt."
        names = ", ".join(self.players[r.seat] for r in requests)
        return f"{KIND_NAMES.get(decision.kind, 'Das')} jetzt nur: {names}."

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise IllegalMove(f"Unbekannter Sitzplatz: {seat!r}.")


def _offered(choice: object, options: tuple[object, ...]) -> bool:
    """Exact membership: True is not 1, a list is not the tuple it resembles."""
    return any(_same(choice, option) for option in options)


def _same(a: object, b: object) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b
