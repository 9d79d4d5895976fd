"""The voice side of one online game: each seat's plan is sent to it whenever it changes (message
`voice`), and the browsers' WebRTC offers, answers and ICE candidates are relayed from one seat to
another, only inside the room and only between seats the plan connects. No audio passes through here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.online import messages as m
from wolfrunde.server.rooms.kind import Peer, RoomServices
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.voice.plan import VoicePlan
from wolfrunde.server.voice.turn import TurnServer

Signal = m.VoiceOffer | m.VoiceAnswer | m.VoiceIce
PlanOf = Callable[[int], VoicePlan]

_MEDIA_LINE = re.compile(r"^m=(\w+) ", re.MULTILINE)


def turn_server(config: ServerConfig) -> TurnServer | None:
    if not config.turn_url or not config.turn_secret:
        return None
    return TurnServer(config.turn_url, config.turn_secret)


class VoiceRelay:
    def __init__(self, turn: TurnServer | None) -> None:
        self.turn = turn
        self._sent: dict[int, VoicePlan] = {}

    def message(self, seat: int, plan: VoicePlan, user: str) -> dict[str, Any]:
        """The `voice` message of one seat (the TURN credentials are for this player alone)."""
        return {
            "type": "voice",
            "seat": seat,
            **plan.to_json(),
            "ice_servers": [] if self.turn is None else self.turn.ice_servers(user),
            "relay_only": self.turn is not None,
        }

    def attach(self, room: RoomServices, peer: Peer, plan: VoicePlan) -> None:
        """A device of a seat connected: it gets the seat's plan now. If the seat has another device open
        (a second tab, a reload before the old socket is gone), the seats that offer to it are told to
        offer anew (`voice_renew`): from now on the newest device takes the seat's signaling."""
        if peer.seat is None or peer.extra.get("bot"):
            return
        self._sent[peer.seat] = plan
        peer.send(self.message(peer.seat, plan, _user(peer)))
        if len(_devices(room, peer.seat)) < 2:
            return  # a first device: the others see the seat come online in the lobby and offer then
        renew = {"type": "voice_renew", "seat": peer.seat}
        for seat in plan.peers:
            if seat < peer.seat:  # of each pair the lower seat offers
                for device in _devices(room, seat)[-1:]:
                    device.send(renew)

    def refresh(self, room: RoomServices, plan_of: PlanOf, seats: Iterable[int]) -> None:
        """Sends each of these seats its plan if it differs from the one it was last sent."""
        for seat in seats:
            plan = plan_of(seat)
            sent = self._sent.get(seat)
            if sent is plan or sent == plan:
                continue
            self._sent[seat] = plan
            for peer in _devices(room, seat):
                peer.send(self.message(seat, plan, _user(peer)))

    def relay(self, room: RoomServices, sender: Peer, plan_of: PlanOf, signal: Signal) -> None:
        """Passes one signaling message on to the devices of the seat it is for; raises Refusal."""
        seat = sender.seat
        if seat is None:
            raise Refusal("not_seated")
        if signal.to not in plan_of(seat).peers or seat not in plan_of(signal.to).peers:
            raise Refusal("voice_peer", "Mit diesem Platz gibt es keine Sprechverbindung.")
        if isinstance(signal, m.VoiceOffer | m.VoiceAnswer):
            problem = sdp_problem(signal.sdp)
            if problem is not None:
                raise Refusal("voice_sdp", problem)
        relayed = {"from": seat, **signal.model_dump(exclude={"to", "ref"})}
        for peer in _devices(room, signal.to)[-1:]:  # the seat's newest device: two would both answer
            peer.send(relayed)


def sdp_problem(sdp: str) -> str | None:
    """A German reason why this session description is not an audio-only WebRTC one, or None."""
    if not sdp.startswith("v=0"):
        return "Die Sprechverbindung ist ungültig (keine Sitzungsbeschreibung)."
    media = _MEDIA_LINE.findall(sdp)
    if not media or any(kind != "audio" for kind in media):
        return "Der Sprachchat überträgt nur Ton."
    return None


def _devices(room: RoomServices, seat: int) -> list[Peer]:
    """The open devices of a seat, the first connected first."""
    return [peer for peer in room.peers() if peer.seat == seat and not peer.extra.get("bot") and not peer.conn.closed]


def _user(peer: Peer) -> str:
    return f"wolfrunde-{peer.identity.user_id or 0}"
