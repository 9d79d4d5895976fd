"""The game as a value: created from a setup, advanced only by decisions, replayable exactly."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from wolfrunde.engine import flow, meldeliste, night_order, registry, sides, view
from wolfrunde.engine.answers import canonical
from wolfrunde.engine.cards import Card
from wolfrunde.engine.chance import Chance
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.errors import EngineFault, IllegalMove
from wolfrunde.engine.model import Answers, Event, Handler, Mode, Phase, Request, Rules, Side
from wolfrunde.engine.player import Player
from wolfrunde.engine.role import Role
from wolfrunde.engine.setup import Setup


class Game:
    """One game of Werwolf. Ask `pending()`, answer with `decide()`; read `events` and `view(seat)`."""

    def __init__(self, setup: Setup, on_boundary: Callable[[Game], None] | None = None) -> None:
        setup.validate()
        self.setup = setup
        self.rules = Rules(setup.rules)
        self.mode = Mode(setup.mode)
        self.chance = Chance.from_seed(setup.seed)  # .secret and .public, see chance.py
        self.players = [
            Player(seat, name, role) for seat, (name, role) in enumerate(zip(setup.names, setup.roles, strict=True))
        ]
        self.center: list[str] = list(setup.center)
        self.events: list[Event] = []
        self.index = view.SeatIndex(len(self.players))  # the events each seat may see (views read it)
        self.history: list[tuple[int, str, Any]] = []
        self.result: dict[str, Any] | None = None
        self.round = 0
        self.phase = Phase.NIGHT
        self.step: str | None = None
        self.step_before_window: str | None = None  # the day's step a window interrupted (windows.py)
        self.states: dict[str, dict[str, Any]] = {}  # each role's table-wide state, by role id
        self.hands_raised: set[int] = set()  # ever raised a hand (the silence penalty of day 1)
        self.speakers: list[int] = []  # today's Meldeliste: the first has the word
        self.night: NightEffects | None = None  # the current night's effects, read at its dawn
        self.broken = False  # a rule failed: only a replay of `history` may go on
        # called at every boundary of the night (before each step and before dawn), while the game runs
        # on: a caller that shows the game in real time takes each seat's view there (see `boundary`)
        self.on_boundary = on_boundary
        self._deck = frozenset((*setup.roles, *setup.center))
        self.table = registry.table()  # the roles this game plays with, fixed when it starts
        called = [s for s in self.table.steps if any(registry.card_calls(s, r) for r in self._deck)]
        self.called_steps = night_order.in_rules_order(called, self.rules)
        self._open: dict[tuple[int, str], Request] = {}
        self._answers: Answers = {}
        self._pending: tuple[Any, Answers, int, tuple[Request, ...]] | None = None  # see `pending`
        self._flow: Handler[None] = flow.play(self)
        self._advance(None)

    # ---- the three questions -------------------------------------------------------------
    def pending(self) -> list[Request]:
        """What must be decided now: one request per seat and kind, not yet answered."""
        # kept until the open requests are replaced or one more is answered (answers are only ever added
        # to a step's dict; a changed ballot keeps its key): a view asks this several times per seat
        cached = self._pending
        if (
            cached is None
            or cached[0] is not self._open
            or cached[1] is not self._answers
            or cached[2] != len(self._answers)
        ):
            result = tuple(r for key, r in self._open.items() if key not in self._answers)
            cached = self._pending = (self._open, self._answers, len(self._answers), result)
        return list(cached[3])

    def view(self, seat: int, *, shared: bool = False) -> dict[str, Any]:
        """Everything seat `seat` may know, and nothing else. `shared`: parts that did not change are the
        objects of the seat's last shared view, and nobody may change it (`view.SharedParts`)."""
        return view.for_seat(self, seat, shared=shared)

    def view_version(self, seat: int) -> tuple[Any, ...]:
        """Changes exactly when `view(seat)` may have changed for that seat: an event it may see, the public
        phase, round or step, its own open requests, the end. Secret events of others change nothing
        here, so a server that sends a view only when this changes tells nobody about them."""
        seen = len(self.index.of(self.events, seat).events)
        own = tuple(sorted(r.kind for r in self.pending() if r.seat == seat))
        return seen, self.phase.value, self.round, self.step, own, self.result is not None

    # ---- advancing -------------------------------------------------------------------------
    def decide(self, seat: int, kind: str, choice: Any) -> None:
        """Answer an open request. Raises IllegalMove and leaves the game unchanged if not allowed.

        The raw `choice` is first turned into its canonical type (`answers.canonical`), so the history
        and every rule only ever see clean values. Should a rule fail on a legal answer, the game raises
        EngineFault, forgets that answer and refuses every further decision (see EngineFault)."""
        self._usable()
        if self.result is not None:
            raise IllegalMove("Die Partie ist vorbei.")
        if kind in meldeliste.MOVES:
            meldeliste.check(self, seat, kind)
            self._guarded(lambda: meldeliste.play(self, seat, kind))
            return
        key = (seat, kind)
        request = self._open.get(key)
        if request is not None and key in self._answers and request.options.get("changeable"):
            value = request.check(canonical(request.options, choice))
            self._guarded(lambda: self._change(key, value))
            return
        if request is None or key in self._answers:
            raise IllegalMove(self._why_not_pending(seat, kind))
        value = request.check(canonical(request.options, choice))
        self._guarded(lambda: self._accept(key, value))

    def timeout(self) -> None:
        """The caller's timer ran out: every open request gets its default. Nothing open: nothing happens."""
        self._usable()
        pending = self.pending()
        if not pending:
            return

        def apply_defaults() -> None:
            for request in pending:
                key = (request.seat, request.kind)
                if self._open.get(key) is request and key not in self._answers:
                    self._accept(key, request.check(canonical(request.options, request.default)))

        self._guarded(apply_defaults)

    def _accept(self, key: tuple[int, str], value: Any) -> None:
        seat, kind = key
        self.history.append((seat, kind, value))
        self._answers[key] = value
        if len(self._answers) == len(self._open):
            self._advance(self._answers)

    def _change(self, key: tuple[int, str], value: Any) -> None:
        """A voter replaces his ballot in a vote that is still open (rulings.md, "Changing a vote"): the
        last one counts; only he is told (the tally everyone sees is `votes.live`). The same choice again
        changes nothing and is not recorded."""
        if self._answers[key] == value:
            return
        seat, kind = key
        self.history.append((seat, kind, value))
        self._answers[key] = value
        self.emit("vote_changed", visible_to=[seat], voter=seat, kind=kind, target=value)

    def open_votes(self) -> list[str]:
        """The kinds of the open public votes of the day (requests whose answers may still change)."""
        return sorted({kind for (_, kind), request in self._open.items() if request.options.get("changeable")})

    def ballots(self, kind: str) -> tuple[list[int], dict[int, Any]]:
        """The open requests of `kind`: every seat asked, and the answers given so far, by seat (empty
        lists when nothing of that kind is open)."""
        asked = sorted(seat for seat, k in self._open if k == kind)
        return asked, {seat: self._answers[(seat, kind)] for seat in asked if (seat, kind) in self._answers}

    def changeable(self, seat: int) -> list[dict[str, Any]]:
        """This seat's answered requests that it may still change (an open day vote), with its answer."""
        return [
            {**request.describe(), "chosen": self._answers[key]}
            for key, request in self._open.items()
            if key[0] == seat and key in self._answers and request.options.get("changeable")
        ]

    def changeable_seats(self) -> set[int]:
        """The seats whose `changeable` is not empty."""
        return {
            key[0] for key, request in self._open.items() if key in self._answers and request.options.get("changeable")
        }

    def _guarded(self, change: Callable[[], None]) -> None:
        mark = len(self.history)
        try:
            change()
        except Exception as error:
            self.broken = True
            del self.history[mark:]
            raise EngineFault(f"Regelfehler bei {type(error).__name__}: {error}") from error

    def _usable(self) -> None:
        if self.broken:
            raise EngineFault("Diese Partie muss nach einem Regelfehler neu aufgebaut werden.")

    @classmethod
    def replay(cls, setup: Setup, history: Iterable[tuple[int, str, Any]]) -> Game:
        game = cls(setup)
        for seat, kind, choice in history:
            game.decide(seat, kind, choice)
        return game

    def _advance(self, answers: Answers | None) -> None:
        self._answers = {}
        try:
            requests = self._flow.send(answers) if answers is not None else next(self._flow)
        except StopIteration:
            requests = []
        self._open = {(r.seat, r.kind): r for r in requests}

    def _why_not_pending(self, seat: int, kind: str) -> str:
        if not 0 <= seat < len(self.players):
            return f"Unbekannter Sitzplatz: {seat}."
        who = self.players[seat].name
        if not self.players[seat].alive:
            return f"{who} ist tot und kann nicht mehr handeln."
        if (seat, kind) in self._answers:
            return f"{who} hat hier schon entschieden."
        return f"{who} wird gerade nichts dazu gefragt (oder die Zeit dafür ist um)."

    def boundary(self) -> None:
        """The game moves from one timed step to the next: a night step to the next or to dawn, a day's
        window opens or closes. Every earlier step's effects are in the log and none of the next's; the
        requests of the step just ended are all answered."""
        if self.on_boundary is not None:
            self.on_boundary(self)

    def answered_view(self, seat: int, *, shared: bool = False) -> dict[str, Any]:
        """`view(seat)` at a boundary: as the seat may know it, with nothing open."""
        return view.for_seat(self, seat, answered=True, shared=shared)

    # ---- helpers for rules -----------------------------------------------------------------
    def emit(
        self,
        type_: str,
        visible_to: Iterable[int] | None = None,
        reveals: dict[int, str] | None = None,
        **data: Any,
    ) -> Event:
        event = Event(type_, data, None if visible_to is None else frozenset(visible_to), reveals or {})
        self.events.append(event)
        return event

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def living(self) -> list[int]:
        return [p.seat for p in self.players if p.alive]

    def holders(self, role_id: str, *, alive: bool = True) -> list[int]:
        return [p.seat for p in self.players if p.card == role_id and (p.alive or not alive)]

    def holder(self, role_id: str) -> int | None:
        seats = self.holders(role_id)
        return seats[0] if seats else None

    def in_deck(self, role_id: str) -> bool:
        return role_id in self._deck

    def deck(self) -> frozenset[str]:
        """Every card of the game, the centre's included: public, like the lobby's role list."""
        return self._deck

    def state(self, role_id: str) -> dict[str, Any]:
        """The table-wide state of a role (the lovers, the enchanted …), kept in the game."""
        state = self.states.get(role_id)
        if state is None:  # not setdefault: views ask this for every player, and it made a dict each time
            state = self.states[role_id] = {}
        return state

    @property
    def captain(self) -> int | None:
        """The Hauptmann's seat (living or dead), or None. For the server; rules ask `roles.captain`."""
        seat = self.states.get("captain", {}).get("seat")
        return seat if isinstance(seat, int) else None

    def card_of(self, seat: int) -> Card:
        """The card a seat holds now."""
        return self.table.cards[self.players[seat].card]

    def role_of(self, seat: int) -> Role:
        """The rules of the card a seat holds now."""
        return self.table.by_id[self.players[seat].card]

    def side(self, seat: int) -> Side:
        return sides.side_of(self.role_of(seat), self.players[seat])

    def win_side(self, seat: int) -> str:
        """The side a seat wins with (the Weißer Wolf alone; see sides.win_side)."""
        return sides.win_side(self.role_of(seat), self.players[seat])

    def is_wolf(self, seat: int) -> bool:
        return self.side(seat) is Side.WOLVES

    def is_wolf_attack(self, cause: str) -> bool:
        return self.table.causes[cause].wolf_attack

    def wolves(self) -> list[int]:
        return [s for s in self.living() if self.is_wolf(s)]

    def neighbour(self, seat: int, direction: int) -> int:
        """Nearest living player to the left (direction +1, the next seat) or right (-1)."""
        n = len(self.players)
        other = (seat + direction) % n
        while not self.players[other].alive and other != seat:
            other = (other + direction) % n
        return other

    def card_state(self, seat: int) -> dict[str, Any]:
        return self.players[seat].card_state

    def memory(self, seat: int) -> dict[str, Any]:
        return self.players[seat].memory
