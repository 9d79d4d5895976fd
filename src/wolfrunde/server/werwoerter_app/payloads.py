"""What one device is sent: built from the engine's view of that device's seat only.

Own devices get their seat's view. The single device is the Bürgermeister's: it gets his view, minus
what must stay covered on a shared screen at this stage (his secret role, the word, the Werwölfe).
"""

from __future__ import annotations

from typing import Any

from wolfrunde.server.werwoerter_app import stages as st
from wolfrunde.server.werwoerter_app.hints_now import current_keys, described
from wolfrunde.werwoerter import Game

SHARED_ROLE_STAGES = {st.MAYOR, st.OVER}
SHARED_WORD_STAGES = {
    st.MAYOR,
    st.SEER_WORD,
    st.WOLVES_WORD,
    st.DAY,
    st.POINTING,
    st.POINT_NOW,
    st.TALK,
    st.VOTE,
    st.OVER,
}
SHARED_HINT_STAGES = SHARED_WORD_STAGES


def game_part(game: Game, seat: int, shared: bool, stage: str) -> dict[str, Any]:
    view = game.view(seat)
    events = view.pop("events")
    pending = view["pending"]
    if shared:
        pending = [r.describe() for r in game.pending()]
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
