"""What one device is sent: built from the engine's view of that device's seat only.

Own devices get their seat's view. The single device is the Bürgermeister's: it gets his view, minus
what must stay covered on a shared screen at this stage (his secret role, the word, the Werwölfe).
"""

from __future__ import annotations

import time
from collections.abc import Collection
from typing import Any

from wolfrunde.server.werwoerter_app.hints_now import current_keys, described
from wolfrunde.server.werwoerter_app.stages import Stage
from wolfrunde.server.werwoerter_app.state import RoundState
from wolfrunde.werwoerter import Game
from wolfrunde.werwoerter.decisions import Kind

DEVICE = -1
"""Who the one device of a single-device round is (it acts for every seat)."""

SHARED_ROLE_STAGES = {Stage.MAYOR, Stage.OVER}
SHARED_WORD_STAGES = {
    Stage.MAYOR,
    Stage.SEER_WORD,
    Stage.WOLVES_WORD,
    Stage.DAY,
    Stage.POINTING,
    Stage.POINT_NOW,
    Stage.TALK,
    Stage.VOTE,
    Stage.OVER,
}
SHARED_HINT_STAGES = SHARED_WORD_STAGES


def state(
    code: str,
    status: str,
    state: RoundState,
    game: Game | None,
    who: int,
    speaker: int,
    online: Collection[int],
    voices: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """The `state` message for `who` (a seat, or DEVICE); `online`: who is connected now; `voices`: how
    many of the round's clips are made, of how many."""
    stage = state.stage
    data: dict[str, Any] = {
        "type": "state",
        "code": code,
        "mode": state.mode.value,
        "status": status,
        "now": time.time(),
        "me": {"seat": None if who == DEVICE else who, "host": who in (DEVICE, 0), "speaker": who == speaker},
        "seats": [{"name": seat.name, "online": index in online} for index, seat in enumerate(state.seats)],
        "settings": state.settings.shown(),
        "stage": stage.shown(),
        "game": None,
        "card": None,
        "voices": None if voices is None else {"ready": voices[0], "total": voices[1]},
    }
    if game is not None:
        shared = who == DEVICE
        data["game"] = game_part(game, game.mayor if shared else who, shared, stage.name)
        if shared and stage.name is Stage.DEAL and stage.open and stage.turn is not None:
            data["card"] = card_for(game, stage.turn)
    return data


def game_part(game: Game, seat: int, shared: bool, stage: Stage) -> dict[str, Any]:
    view = game.view(seat)
    events = view.pop("events")
    pending = view["pending"]
    if shared:
        # the word's choice (its candidates, and hints that tell the Bürgermeister's secret role) is open
        # from the deal on, while the device goes round: it is shown when he alone looks, not before
        pending = [r.describe() for r in game.pending() if r.kind is not Kind.CHOOSE_WORD or stage is Stage.MAYOR]
    keys = current_keys(events, pending)
    view["log"] = [{"marker": e["marker"], "to": e["to"]} for e in events if e["type"] == "marker_given"]
    view["pending"] = pending
    view.pop("hints", None)
    view["hints"] = described(keys)
    view["counts"] = next((e["counts"] for e in reversed(events) if e["type"] == "votes_shown"), None)
    view["redealt"] = sum(1 for e in events if e["type"] == "redealt")
    if shared:
        revealed = view["ending"] == "guessed" or view["phase"] == "over"
        if stage not in SHARED_ROLE_STAGES:
            view["role"] = None
        if stage not in SHARED_WORD_STAGES:
            view["word"] = None
        if not revealed:
            view["werewolves"] = []
        if stage not in SHARED_HINT_STAGES:
            view["hints"] = []
    return view


def card_for(game: Game, seat: int) -> dict[str, Any]:
    """One player's card, shown on the shared device while only he looks (dealing)."""
    mayor = seat == game.mayor
    role = None if mayor else game.view(seat)["role"]
    return {"seat": seat, "name": game.players[seat], "mayor": mayor, "role": role}
