"""A running game inside a room: the engine's Game plus the setup the room stored for it.

This is the only server module that touches engine objects. Everything it hands out for a player is
taken from `game.view(seat)`; the rest of the server never sees the state, the events or the requests.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from wolfrunde.engine import EngineFault, Game, IllegalMove, Setup, SetupError, all_cards, recommended_roles
from wolfrunde.engine.meldeliste import DONE_SPEAKING, MOVES

DISCUSSION = "ready"  # the day request every living player confirms when the discussion may end

__all__ = [
    "DONE_SPEAKING",
    "EngineFault",
    "IllegalMove",
    "Match",
    "SetupError",
    "StepChange",
    "check_roles",
    "deal",
    "recommended",
]


def recommended(players: int, rules: str, mode: str = "online") -> list[str] | None:
    """The recommended role set for this many players, or None when the engine has none."""
    try:
        return list(recommended_roles(players, mode=mode, rules=rules))
    except (SetupError, ValueError, KeyError):
        return None


def deal(
    names: list[str],
    roles: list[str],
    *,
    rules: str,
    mode: str,
    meldeliste: bool = False,
    eyes_open: bool = False,
    rng: random.Random,
) -> dict[str, Any]:
    """The one deal of every room kind. Shuffles the cards to the seats; with a Dieb two cards go to the
    centre, only cards that may lie there (never the Dieb, never part of a set such as the Schwestern),
    so any set the lobby accepts starts. Checks the result with the engine and returns the setup as
    stored JSON; raises SetupError with the engine's German reason.

    The engine's seed is 128 bits from `secrets` (its secret draws must not be guessable); the narrator's
    variants, which everyone hears, come from a seed of their own."""
    deck = list(roles)
    centre: list[str] = []
    if "thief" in deck and len(deck) == len(names) + 2:
        loose = [role for role in deck if role != "thief" and _may_lie_in_centre(role)]
        if len(loose) < 2:
            raise SetupError("Mit dem Dieb müssen zwei Karten in der Mitte liegen können (keine Sets, nicht der Dieb).")
        rng.shuffle(loose)
        centre = loose[:2]
        for role in centre:
            deck.remove(role)
    rng.shuffle(deck)
    data = {
        "names": list(names),
        "roles": deck,
        "center": centre,
        "rules": rules,
        "mode": mode,
        "seed": secrets.randbits(128),
        "narration_seed": secrets.randbits(64),
        "meldeliste": meldeliste,
        "eyes_open": eyes_open,
    }
    _setup(data).validate()
    return data


def check_roles(roles: list[str], rules: str, mode: str) -> str | None:
    """A lobby's custom role set, checked by the same deal a start uses: None, or the German reason."""
    players = len(roles) - (2 if "thief" in roles else 0)
    names = [f"Platz {i + 1}" for i in range(players)]
    try:
        deal(names, roles, rules=rules, mode=mode, rng=random.Random(0))
    except SetupError as problem:
        return str(problem)
    return None


def _may_lie_in_centre(role: str) -> bool:
    cards = all_cards()
    return role in cards and cards[role].cards_per_set <= 1


def _setup(data: dict[str, Any]) -> Setup:
    return Setup(
        names=tuple(data["names"]),
        roles=tuple(data["roles"]),
        center=tuple(data["center"]),
        rules=data["rules"],
        mode=data["mode"],
        seed=int(data["seed"]),
        meldeliste=bool(data["meldeliste"]),
        eyes_open=bool(data.get("eyes_open", False)),  # stored since 2026-12-01
    )


@dataclass(frozen=True)
class Snapshot:
    """Every seat's view at one boundary (a night step's end, a day window's), after `calls` step calls of
    the change: seat -> (view version, view, its secret events)."""

    calls: int
    seats: dict[int, tuple[tuple[Any, ...], dict[str, Any] | None, list[dict[str, Any]] | None]]
    """seat -> (version, view, secret events); view and events are None when the seat's version is the one
    it was already shown (or will have been shown, by an earlier boundary of the same change): a room
    sends a seat its view only when its version changed, so such a view would never be read."""


@dataclass(frozen=True)
class StepChange:
    """What one applied command did to the flow of the game, as far as timers need to know."""

    new_requests: bool  # some (seat, kind) is open now that was not open before
    skipped_steps: int  # night steps called that asked nobody anything (dead or absent roles)
    recorded: tuple[tuple[int, str, Any], ...] = ()  # the decisions the game kept, canonical
    steps: int = 0  # public step events in this change (each one a timed step, answered or not)
    opens_step: bool = False  # the change ends inside a step that asks someone (the last of `steps`)
    boundaries: tuple[Snapshot, ...] = ()  # every seat's view at each boundary of the night the change passed

    @property
    def changed(self) -> bool:
        return bool(self.recorded)

    @property
    def choice(self) -> Any:
        """The canonical form of a decision's choice (what is stored, never the raw message)."""
        return self.recorded[-1][2] if self.recorded else None


class Match:
    def __init__(self, setup: dict[str, Any], *, watching: bool = False) -> None:
        self.setup = setup
        self._boundaries: list[Snapshot] = []
        self._mark = 0  # where in the event log the change being played began
        self.watching = watching  # take every seat's view at each boundary of the night (a room that shows it)
        # the room's answer to "is this seat shown this version already?" (a boundary then skips its view)
        self.shown: Callable[[int, tuple[Any, ...]], bool] | None = None
        self._chain: dict[int, tuple[Any, ...]] | None = None  # each seat's version at the change's last boundary
        self.game = Game(_setup(setup), on_boundary=self._snapshot)

    def _snapshot(self, game: Game) -> None:
        if self.watching and game.round > 0:
            calls = sum(1 for event in game.events[self._mark :] if event.type == "step")
            self._boundaries.append(self._answered(game, calls))

    def _answered(self, game: Game, calls: int) -> Snapshot:
        """Every seat's view as it is now, with nothing open (what a boundary shows); only the version of a
        seat whose version did not change since it was last shown (see `Snapshot.seats`)."""
        seats: dict[int, tuple[tuple[Any, ...], dict[str, Any] | None, list[dict[str, Any]] | None]] = {}
        chain = self._chain
        for seat in range(len(game.players)):
            version = self._version(seat, (), game)
            if chain is None:
                unchanged = False
            elif seat in chain:
                unchanged = chain[seat] == version
            else:
                unchanged = self.shown is not None and self.shown(seat, version)
            if unchanged:
                seats[seat] = (version, None, None)
            else:
                seats[seat] = (version, game.answered_view(seat, shared=True), self.private_events(seat, game))
            if chain is not None:
                chain[seat] = version
        return Snapshot(calls, seats)

    # --- commands (raise IllegalMove or EngineFault; the game is then unchanged) ----------------
    def decide(self, seat: int, kind: str, choice: Any) -> StepChange:
        before, mark, decided = self._open(), len(self.game.events), len(self.game.history)
        self._boundaries, self._mark, self._chain = [], mark, {}
        self.game.decide(seat, kind, choice)
        return self._change(before, mark, decided)

    def timeout(self) -> StepChange:
        """Applies every open request's default; with nothing open nothing happens (no change)."""
        before, mark, decided = self._open(), len(self.game.events), len(self.game.history)
        self._boundaries, self._mark, self._chain = [], mark, {}
        self.game.timeout()
        return self._change(before, mark, decided)

    def begin(self) -> StepChange:
        """The first change of a game: what its creation called (night 1 up to the first question). A room
        that shows the night gets every seat's card at once, before the first call's questions."""
        self._chain = None  # the first change shows everything: every seat's view at every boundary
        change = self._change(set(), 0, 0)
        if not self.watching:
            return change
        return replace(change, boundaries=(self._answered(self.game, 0), *change.boundaries))

    @property
    def broken(self) -> bool:
        """A rule failed (EngineFault): `rebuilt()` gives the game as it was before that command."""
        return self.game.broken

    def rebuilt(self) -> Match:
        """A fresh match replaying every decision the game kept. Slow for long games: call it in a
        worker thread, never on the event loop."""
        return replay_decisions(self.setup, self.game.history)

    # --- questions ------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.setup["names"])

    @property
    def round(self) -> int:
        return self.game.round

    @property
    def over(self) -> bool:
        return self.game.result is not None

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view; its unchanged parts are those of the last one (nobody may change it)."""
        return self.game.view(seat, shared=True)

    def view_version(self, seat: int) -> tuple[Any, ...]:
        """Changes exactly when this seat must be sent its view: an event it may see, a new phase, or
        another set of its own open requests. Secret events of other seats do not count, so a seat's stream
        of messages never moves with what it may not know. Neither do the step calls (the night's steps,
        the day's windows): a step nobody answers and a step someone answers are told alike, and a view
        sent at each call would show by its timing which calls were answered."""
        open_requests = tuple(sorted(r.kind for r in self.game.pending() if r.seat == seat))
        return self._version(seat, open_requests)

    def view_versions(self) -> list[tuple[Any, ...]]:
        """`view_version` of every seat, in seat order, from one pass over the open requests (a room
        checks every seat whenever it publishes)."""
        own: dict[int, list[str]] = {}
        for request in self.game.pending():
            own.setdefault(request.seat, []).append(request.kind)
        return [self._version(seat, tuple(sorted(own.get(seat, ())))) for seat in range(self.seats)]

    def _version(self, seat: int, open_requests: tuple[str, ...], game: Game | None = None) -> tuple[Any, ...]:
        game = game or self.game
        visible = game.index.of(game.events, seat).counted  # its events other than step calls
        return visible, str(game.phase), game.round, None, open_requests, game.result is not None

    def private_events(self, seat: int, game: Game | None = None) -> list[dict[str, Any]]:
        """The secret events this seat may see (its role, what it learnt, what it did), oldest first."""
        game = game or self.game
        return list(game.index.of(game.events, seat).private)

    @staticmethod
    def is_move(kind: str) -> bool:
        """A move outside the requests (the Meldeliste's hand), allowed whenever the rules allow it."""
        return kind in MOVES

    def step_may_ask_again(self) -> bool:
        """Whether the open night step may ask again after its first answers (`NightStep.asks_again`)."""
        step = next((s for s in self.game.called_steps if s.id == self.game.step), None)
        return step is not None and step.asks_again is not None and step.asks_again(self.game)

    def asks(self, seat: int, kind: str) -> bool:
        """Whether this seat has an open request of this kind."""
        return any(request.seat == seat and request.kind == kind for request in self.game.pending())

    def asked(self, seat: int) -> bool:
        """Whether this seat has an open request, or a ballot of the day's vote it may still change (only
        then does it see the step's deadline)."""
        return seat in self.asked_seats()

    def asked_seats(self) -> set[int]:
        """The seats `asked` holds for, from one pass over the open requests and the day's ballots."""
        return {request.seat for request in self.game.pending()} | self.game.changeable_seats()

    def public_events(self, start: int = 0, stop: int | None = None) -> tuple[int, list[dict[str, Any]]]:
        """The events everyone may see (visible_to None), from `start` up to `stop` (the end when None) in
        the event log, as dicts; with the next call's `start`. Secret events are never included."""
        events = self.game.events if stop is None else self.game.events[:stop]
        public = [{"type": e.type, **e.data} for e in events[start:] if e.visible_to is None]
        return max(start, len(events)), public

    def deck(self) -> list[str]:
        """Every card in the game (seats and centre): public, like the lobby's role list."""
        return [*self.setup["roles"], *self.setup["center"]]

    def has_pending(self) -> bool:
        return bool(self.game.pending())

    def waiting_seats(self) -> set[int]:
        """Seats that still owe a decision (the server needs this for timers and its own bots only)."""
        return {request.seat for request in self.game.pending()}

    def phase_kind(self) -> str:
        """Which host timer applies now: night, day (the discussion before the votes) or vote."""
        if str(self.game.phase) == "night":
            return "night"
        if any(request.kind == DISCUSSION for request in self.game.pending()):
            return "day"
        return "vote"

    def night_number(self) -> int | None:
        return self.game.round if str(self.game.phase) == "night" else None

    def _open(self) -> set[tuple[int, str]]:
        return {(r.seat, r.kind) for r in self.game.pending()}

    def _change(self, before: set[tuple[int, str]], mark: int, decided: int) -> StepChange:
        after = self._open()
        steps = sum(1 for event in self.game.events[mark:] if event.type == "step")
        current_step_asks = bool(after) and steps > 0
        skipped = max(0, steps - (1 if current_step_asks else 0))
        recorded = tuple(self.game.history[decided:])
        called = [event.data.get("step") for event in self.game.events[mark:] if event.type == "step"]
        opens = bool(after) and bool(called) and self.game.step == called[-1]
        boundaries, self._boundaries = tuple(self._boundaries), []
        return StepChange(
            new_requests=bool(after - before),
            skipped_steps=skipped,
            recorded=recorded,
            steps=steps,
            opens_step=opens,
            boundaries=boundaries,
        )


def replay_decisions(setup: dict[str, Any], history: list[tuple[int, str, Any]]) -> Match:
    """A match rebuilt from its setup and the decisions its game kept (`Game.history`)."""
    match = Match(setup)
    for seat, kind, choice in history:
        match.game.decide(seat, kind, choice)
    return match


def replay(setup: dict[str, Any], commands: list[tuple[str, int | None, str | None, Any]]) -> Match:
    """Restores a match from its setup and its stored commands, in order."""
    match = Match(setup)
    for op, seat, kind, choice in commands:
        if op == "timeout":
            match.timeout()
        elif op == "decide" and seat is not None and kind is not None:
            match.decide(seat, kind, choice)
    return match
