"""What one seat may know: built from the events that seat may see, never by hiding fields of the state.

The seat's own card state is built from the allow-list its card declares (`Role.visible_state`): what is
written on a card but not known to its holder (the Ältester's spent toughness) never reaches him.

The events a seat may see are kept in a per-seat index (`SeatIndex`) that grows with the log, so a view
costs the seat's own events, not a scan of the whole log for every seat on every change. `full_view`
is the plain scan the index must always agree with (the tests compare them after every step).

A view is the caller's to keep and change. A shared view (`shared=True`, what a server that diffs a
seat's views asks for) is not: each part that did not change since the seat's last shared view (its
events, a player's row, its own card, an empty list of requests) is that view's very object, so a diff
or a cache finds it unchanged by identity alone. Nobody may change a shared view.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any

from wolfrunde.engine import registry
from wolfrunde.engine.model import Side

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game
    from wolfrunde.engine.model import Event
    from wolfrunde.engine.registry import Table


def event_dict(event: Event) -> dict[str, Any]:
    return {"type": event.type, **event.data}


@dataclass
class SeatEvents:
    """What one seat learnt from the events it may see so far, in log order."""

    events: list[dict[str, Any]] = field(default_factory=list)  # as `event_dict`
    known: dict[int, str] = field(default_factory=dict)  # roles the events revealed, by seat
    sides: dict[int, str] = field(default_factory=dict)  # sides the events showed (the pack), by seat
    counted: int = 0  # visible events other than step calls
    private: list[dict[str, Any]] = field(default_factory=list)  # the visible events meant for some seats only

    def add(self, event: Event, as_dict: dict[str, Any]) -> None:
        self.events.append(as_dict)
        self.known.update(event.reveals)
        if event.type == "pack":
            self.sides.update(dict.fromkeys(event.data["pack"], Side.WOLVES.value))
        if event.type != "step":
            self.counted += 1
        if event.visible_to is not None:
            self.private.append(as_dict)


_ALIVE = operator.attrgetter("alive")


class SharedParts:
    """The parts of one seat's last shared view, each kept while it stays the same (see the module)."""

    def __init__(self) -> None:
        self.source: SeatEvents | None = None
        self.events: list[dict[str, Any]] = []
        self.columns: tuple[str, ...] = ()
        self.cells: list[Any] = []  # the players' values, column after column, as last shown
        self.players: list[dict[str, Any]] = []
        self.card_state: dict[str, Any] = {}
        self.you: dict[str, Any] = {}
        self.speakers: list[int] = []
        self.empty: list[dict[str, Any]] = []  # no requests open, no ballots to change

    def events_of(self, seen: SeatEvents) -> list[dict[str, Any]]:
        """The seat's events: the last list while none was added (the index only appends)."""
        if seen is not self.source or len(seen.events) != len(self.events):
            self.source, self.events = seen, list(seen.events)
        return self.events

    def players_of(
        self, game: Game, columns: dict[str, list[Any]], known: dict[int, str], sides: dict[int, str]
    ) -> list[dict[str, Any]]:
        """The players' rows: the last list while nothing in it changed, else the rows that did not change
        are the last ones. Their values are compared column by column (alive, each hook's column, role,
        side), all in one row of cells."""
        keys = tuple(columns)
        width = len(game.players)
        seats = range(width)
        hooked = (column[:width] for column in columns.values())  # a column holds a value for every seat
        cells = list(chain(map(_ALIVE, game.players), *hooked, map(known.get, seats), map(sides.get, seats)))
        if keys == self.columns and _identical_items(cells, self.cells):
            return self.players
        before = self.cells if keys == self.columns and len(self.cells) == len(cells) else []
        players = []
        for seat in seats:
            values = cells[seat::width]
            if before and all(map(operator.is_, values, before[seat::width])):
                players.append(self.players[seat])
                continue
            entry: dict[str, Any] = {"seat": seat, "name": game.players[seat].name, "alive": values[0]}
            entry.update(zip(keys, values[1:-2], strict=True))
            entry["role"], entry["side"] = values[-2], values[-1]
            players.append(entry)
        self.columns, self.cells, self.players = keys, cells, players
        return players

    def you_of(self, you: dict[str, Any]) -> dict[str, Any]:
        if identical(you["card_state"], self.card_state):
            you["card_state"] = self.card_state
        else:
            self.card_state = you["card_state"]
        if not identical(you, self.you):
            self.you = you
        return self.you

    def speakers_of(self, speakers: list[int]) -> list[int]:
        if not _identical_items(speakers, self.speakers):
            self.speakers = speakers
        return self.speakers

    def empty_or(self, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return items or self.empty


def identical(new: dict[str, Any], old: dict[str, Any]) -> bool:
    """The same keys in the same order with the very same values: the same JSON, whatever == says (True,
    1 and 1.0 are equal in Python, not in JSON). Cheap, and false for equal values built apart."""
    return (
        len(new) == len(old) and all(map(operator.is_, new, old)) and all(map(operator.is_, new.values(), old.values()))
    )


def continues(events: list[dict[str, Any]], earlier: list[dict[str, Any]]) -> bool:
    """Whether `events` begins with `earlier`, two lists of one game's event dicts as its views hold them
    (a seat's grow by appending, and at the end become the whole log). Each event dict stands for one
    place in the log, and such a list takes events in log order: so if the last of `earlier` is at the same
    place in `events`, all before it are too. One comparison instead of one for every event."""
    known = len(earlier)
    return not known or (len(events) >= known and events[known - 1] is earlier[-1])


def _identical_items(new: list[Any], old: list[Any]) -> bool:
    return len(new) == len(old) and all(map(operator.is_, new, old))


class SeatIndex:
    """Every seat's `SeatEvents`, brought up to date with the log when asked (the log only grows).

    The event dicts are built once and shared by every seat and every later view: nobody may change them."""

    def __init__(self, seats: int) -> None:
        self._indexed = 0
        self._seats = [SeatEvents() for _ in range(seats)]
        self._everyone = SeatEvents()  # every event: what each seat learns when the game is over
        self._shared = [SharedParts() for _ in range(seats)]

    def shared(self, seat: int) -> SharedParts:
        return self._shared[seat]

    def of(self, events: list[Event], seat: int, *, everything: bool = False) -> SeatEvents:
        self._catch_up(events)
        return self._everyone if everything else self._seats[seat]

    def _catch_up(self, events: list[Event]) -> None:
        if len(events) == self._indexed:
            return  # nothing new (asked for every seat's view and version at every change)
        for event in events[self._indexed :]:
            as_dict = event_dict(event)
            self._everyone.add(event, as_dict)
            seats = range(len(self._seats)) if event.visible_to is None else sorted(event.visible_to)
            for seat in seats:
                if 0 <= seat < len(self._seats):
                    self._seats[seat].add(event, as_dict)
        self._indexed = len(events)


def for_seat(game: Game, seat: int, *, answered: bool = False, shared: bool = False) -> dict[str, Any]:
    """`answered`: the view with nothing open (empty `pending` and `changeable`: a boundary's view);
    `shared`: a shared view (see the module)."""
    if not 0 <= seat < len(game.players):
        raise ValueError(f"no seat {seat}")
    seen = game.index.of(game.events, seat, everything=game.result is not None)
    parts = game.index.shared(seat) if shared else None
    events = list(seen.events) if parts is None else parts.events_of(seen)
    return _assemble(game, seat, events, dict(seen.known), dict(seen.sides), answered=answered, parts=parts)


def full_view(game: Game, seat: int) -> dict[str, Any]:
    """`for_seat` by scanning the whole log (slow; what the index is checked against)."""
    if not 0 <= seat < len(game.players):
        raise ValueError(f"no seat {seat}")
    over = game.result is not None
    known: dict[int, str] = {}
    sides: dict[int, str] = {}
    events = []
    for event in game.events:
        if over or event.visible(seat):
            events.append(event_dict(event))
            known.update(event.reveals)
            if event.type == "pack":
                sides.update(dict.fromkeys(event.data["pack"], Side.WOLVES.value))
    return _assemble(game, seat, events, known, sides)


def _assemble(
    game: Game,
    seat: int,
    events: list[dict[str, Any]],
    known: dict[int, str],
    sides: dict[int, str],
    *,
    answered: bool = False,
    parts: SharedParts | None = None,
) -> dict[str, Any]:
    over = game.result is not None
    me = game.players[seat]
    known[seat] = me.card
    own_side = game.side(seat).value
    sides[seat] = own_side
    if over:
        sides = {p.seat: game.side(p.seat).value for p in game.players}
    you: dict[str, Any] = {"role": me.card, "side": own_side, "alive": me.alive}
    you_hooks, player_hooks = _hooks(game.table)
    for view_you in you_hooks:
        you.update(view_you(game, seat))
    you["card_state"] = own_card_state(game, seat)
    columns: dict[str, list[Any]] = {}
    for view_players in player_hooks:
        columns.update(view_players(game, seat))
    if parts is not None:
        players = parts.players_of(game, columns, known, sides)
    else:
        players = []
        for p in game.players:
            entry: dict[str, Any] = {"seat": p.seat, "name": p.name, "alive": p.alive}
            for key, values in columns.items():
                entry[key] = values[p.seat]
            entry["role"] = known.get(p.seat)
            entry["side"] = sides.get(p.seat)
            players.append(entry)
    if answered:
        pending: list[dict[str, Any]] = []
        changeable: list[dict[str, Any]] = []
    else:
        pending = [r.describe() for r in game.pending() if r.seat == seat]
        changeable = game.changeable(seat)  # its own ballots in a day vote still open, with its choice
    speakers = list(game.speakers)  # today's Meldeliste, the first has the word (public)
    if parts is not None:
        you = parts.you_of(you)
        pending, changeable = parts.empty_or(pending), parts.empty_or(changeable)
        speakers = parts.speakers_of(speakers)
    return {
        "seat": seat,
        "name": me.name,
        "rules": game.rules.value,
        "mode": game.mode.value,
        "round": game.round,
        "phase": game.phase.value,
        "step": game.step,
        "you": you,
        "players": players,
        "pending": pending,
        "changeable": changeable,
        "speakers": speakers,
        "events": events,
        "result": game.result,
    }


def _hooks(table: Table) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The roles' `view_you` and `view_players` hooks, in the table's order (`registry.hooks`)."""
    return registry.hooks(table, "view_you"), registry.hooks(table, "view_players")


def own_card_state(game: Game, seat: int) -> dict[str, Any]:
    """What the seat may see of its own card: only the keys its card declares visible to its holder."""
    player = game.players[seat]
    allowed = game.role_of(seat).visible_state
    return {key: value for key, value in player.card_state.items() if key in allowed}
