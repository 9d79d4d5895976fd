"""What one seat may know: built from the events that seat may see, never by hiding fields of the state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.roles import cupid

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
                sides.update(dict.fromkeys(event.data["pack"], "werewolves"))
    known[seat] = me.card
    sides[seat] = game.side(seat).value
    if over:
        sides = {p.seat: game.side(p.seat).value for p in game.players}
    partner = cupid.partner(game, seat)
    return {
        "seat": seat,
        "name": me.name,
        "rules": game.rules.value,
        "mode": game.mode.value,
        "round": game.round,
        "phase": game.phase.value,
        "step": game.step,
        "you": {
            "role": me.card,
            "side": game.side(seat).value,
            "alive": me.alive,
            "captain": game.captain == seat,
            "lover": partner,
            "card_state": _own_card_state(me.card_state),
        },
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "alive": p.alive,
                "captain": game.captain == p.seat,
                "role": known.get(p.seat),
                "side": sides.get(p.seat),
            }
            for p in game.players
        ],
        "pending": [r.describe() for r in game.pending() if r.seat == seat],
        "speakers": list(game.speakers),  # today's Meldeliste, the first has the word (public)
        "events": events,
        "result": game.result,
    }


def _own_card_state(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "passed_to_maid"}
