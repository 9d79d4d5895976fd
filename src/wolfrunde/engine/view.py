"""What one seat may know: built from the events that seat may see, never by hiding fields of the state.

The seat's own card state is built from the allow-list its card declares (`Role.visible_state`): what is
written on a card but not known to its holder (the Ältester's spent toughness) never reaches him.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.model import Side

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game
    from wolfrunde.engine.model import Event


def event_dict(event: Event) -> dict[str, Any]:
    return {"type": event.type, **event.data}


def for_seat(game: Game, seat: int) -> dict[str, Any]:
    if not 0 <= seat < len(game.players):
        raise ValueError(f"no seat {seat}")
    over = game.result is not None
    me = game.players[seat]
    known: dict[int, str] = {}
    sides: dict[int, str] = {}
    events = []
    for event in game.events:
        if over or event.visible(seat):
            events.append(event_dict(event))
            known.update(event.reveals)
            if event.type == "pack":
                sides.update(dict.fromkeys(event.data["pack"], Side.WOLVES.value))
    known[seat] = me.card
    sides[seat] = game.side(seat).value
    if over:
        sides = {p.seat: game.side(p.seat).value for p in game.players}
    you: dict[str, Any] = {"role": me.card, "side": game.side(seat).value, "alive": me.alive}
    for role in game.table.roles:
        if role.view_you is not None:
            you.update(role.view_you(game, seat))
    you["card_state"] = own_card_state(game, seat)
    players = []
    for p in game.players:
        entry: dict[str, Any] = {"seat": p.seat, "name": p.name, "alive": p.alive}
        for role in game.table.roles:
            if role.view_player is not None:
                entry.update(role.view_player(game, seat, p.seat))
        entry["role"] = known.get(p.seat)
        entry["side"] = sides.get(p.seat)
        players.append(entry)
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
        "pending": [r.describe() for r in game.pending() if r.seat == seat],
        "speakers": list(game.speakers),  # today's Meldeliste, the first has the word (public)
        "events": events,
        "result": game.result,
    }


def own_card_state(game: Game, seat: int) -> dict[str, Any]:
    """What the seat may see of its own card: only the keys its card declares visible to its holder."""
    player = game.players[seat]
    allowed = game.role_of(seat).visible_state
    return {key: value for key, value in player.card_state.items() if key in allowed}
