"""What one seat may know: built from the events that seat may see, never by hiding fields of the state.

The seat's own card state is built from the allow-list its card declares (`Role.visible_state`): what is
written on a card but not known to its holder (the Ältester's spent toughness) never reaches him.

The events a seat may see are kept in a per-seat index (`SeatIndex`) that grows with the log, so a view
costs the seat's own events, not a scan of the whole log for every seat on every change. `full_view`
is the plain scan the index must always agree with (the tests compare them after every step).
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


class SeatIndex:
    """Every seat's `SeatEvents`, brought up to date with the log when asked (the log only grows).

    The event dicts are built once and shared by every seat and every later view: nobody may change them."""

    def __init__(self, seats: int) -> None:
        self._indexed = 0
        self._seats = [SeatEvents() for _ in range(seats)]
        self._everyone = SeatEvents()  # every event: what each seat learns when the game is over

    def of(self, events: list[Event], seat: int, *, everything: bool = False) -> SeatEvents:
        self._catch_up(events)
        return self._everyone if everything else self._seats[seat]

    def _catch_up(self, events: list[Event]) -> None:
        for event in events[self._indexed :]:
            as_dict = event_dict(event)
            self._everyone.add(event, as_dict)
            seats = range(len(self._seats)) if event.visible_to is None else sorted(event.visible_to)
            for seat in seats:
                if 0 <= seat < len(self._seats):
                    self._seats[seat].add(event, as_dict)
        self._indexed = len(events)


def for_seat(game: Game, seat: int, *, answered: bool = False) -> dict[str, Any]:
    """`answered`: the view with nothing open (empty `pending` and `changeable`: a boundary's view)."""
    if not 0 <= seat < len(game.players):
        raise ValueError(f"no seat {seat}")
    seen = game.index.of(game.events, seat, everything=game.result is not None)
    return _assemble(game, seat, list(seen.events), dict(seen.known), dict(seen.sides), answered=answered)


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
        "speakers": list(game.speakers),  # today's Meldeliste, the first has the word (public)
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
