"""Invitations into an online room's lobby: who may invite whom (`check`), `POST
/api/rooms/{code}/invites`, and the `invite` / `invite_gone` notifications (docs/protocol.md,
"Invitations").

A player seated in a room's lobby (the host too) invites another account by its name. The invitation is
stored (`store.invites`), so every process can list it, and published to the invitee's notification
sockets on every process. It is shown again on each new connection while it is pending: for 30 minutes,
while the room is still in its lobby and the invitee does not sit there. When the invitee joins, the
game starts, the host sends the invitee away or the invitee dismisses it, it goes, and the invitee's
sockets hear `invite_gone`. Invitations are limited per inviting account (`INVITES_PER_MINUTE`, counted
over every process when they share Redis); every attempt counts, so names cannot be probed in bulk.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictStr
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.websockets import WebSocket

from wolfrunde.room_codes import normalise
from wolfrunde.server import auth
from wolfrunde.server.addresses import ONLINE
from wolfrunde.server.notifications import Notifications, error, socket_route
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.server.ratelimit import Window
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.security import lookup_allowed, lookup_missed
from wolfrunde.store import Database, User, accounts
from wolfrunde.store import invites as store
from wolfrunde.store.rooms import StoredRoom

log = logging.getLogger(__name__)
INVITES_PER_MINUTE = 10  # per inviting account
MAX_NAME = 32


# --- the rules --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Refused:
    """Why an invitation is not made: HTTP status, error code (a German text in `texts.HTTP`), values."""

    status: int
    code: str
    values: dict[str, str] = field(default_factory=dict)


def check(room: StoredRoom, inviter_id: int, invitee: User | None) -> Refused | None:
    """Whether the account `inviter_id` may invite `invitee` (None: no account has that name) into the
    stored online room: None when it may, else why not."""
    if room.status != RoomStatus.LOBBY.value:
        return Refused(409, "invite_closed")
    lobby = Lobby.from_dict(room.state)
    if lobby.seat_of(inviter_id) is None:
        return Refused(403, "invite_not_seated")
    if invitee is None:
        return Refused(404, "invite_unknown_name")
    if invitee.id == inviter_id:
        return Refused(400, "invite_self")
    if lobby.seat_of(invitee.id) is not None:
        return Refused(409, "invite_seated", {"name": invitee.name})
    if invitee.id in lobby.removed:
        return Refused(409, "invite_removed", {"name": invitee.name})
    if lobby.full:
        return Refused(409, "invite_full")
    return None


# --- the messages -----------------------------------------------------------------------------------


def invite_json(invite: store.StoredInvite) -> dict[str, Any]:
    return {
        "id": invite.id,
        "code": invite.code,
        "link": ONLINE.link(invite.code),
        "from": {"id": invite.inviter_id, "name": invite.inviter_name},
        "at": invite.created_at,
    }


def gone_json(closed: store.Closed) -> dict[str, Any]:
    return {"type": "invite_gone", "id": closed.id, "code": closed.code}


# --- the service ------------------------------------------------------------------------------------


class Invites:
    """Stores invitations and tells the invitees (through the notification hub)."""

    def __init__(self, db: Database, hub: Notifications) -> None:
        self.db = db
        self.hub = hub
        self._tasks: set[asyncio.Task[None]] = set()

    async def create(self, code: str, inviter: User, invitee: User) -> store.StoredInvite:
        stored = await asyncio.to_thread(store.save_invite, self.db, code, inviter.id, invitee.id)
        await self.hub.publish(invitee.id, {"type": "invite", "invite": invite_json(stored)})
        return stored

    async def pending(self, user_id: int) -> list[store.StoredInvite]:
        return await asyncio.to_thread(store.pending, self.db, user_id)

    async def dismiss(self, user_id: int, invite_id: int) -> None:
        await self._tell(await asyncio.to_thread(store.dismiss, self.db, invite_id, user_id))

    async def _tell(self, closed: list[store.Closed]) -> None:
        for item in closed:
            await self.hub.publish(item.invitee_id, gone_json(item))

    def room_saved(self, code: str, kind: str, fields: dict[str, Any]) -> None:
        """A room stored its columns (`RoomActor.on_saved`): an online room whose game starts closes every
        invitation into it; one whose lobby changed closes those of the accounts now seated or sent away.
        In the background: the room does not wait for it."""
        if kind != store.ONLINE:
            return
        status, state = fields.get("status"), fields.get("state")
        if isinstance(status, str) and status != RoomStatus.LOBBY.value:
            self._later(lambda: store.close_room(self.db, code))
        elif isinstance(state, dict):
            try:
                lobby = Lobby.from_dict(state)
            except (KeyError, TypeError, ValueError):
                log.exception("room %s: its lobby cannot be read for its invitations", code)
                return
            done = {seat.user_id for seat in lobby.seats if seat.user_id is not None and not seat.bot}
            self._later(lambda: store.close_for(self.db, code, done | set(lobby.removed)))

    def _later(self, closing: Callable[[], list[store.Closed]]) -> None:
        async def run() -> None:
            try:
                await self._tell(await asyncio.to_thread(closing))
            except Exception:
                log.exception("invitations could not be closed")

        task = asyncio.get_running_loop().create_task(run(), name="close-invites")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Waits for the invitations still being closed."""
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


# --- HTTP and the socket ----------------------------------------------------------------------------


class InviteBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr


def _invites(connection: Request | WebSocket) -> Invites:
    service: Invites = connection.app.state.invites
    return service


async def create_invite(request: Request) -> Response:
    parsed = await auth.read_json(request, InviteBody)
    if isinstance(parsed, Response):
        return parsed
    user = await asyncio.to_thread(auth.current_user, request)
    if user is None:
        return auth.problem(401, "not_logged_in")
    limit: Window = request.app.state.invite_limit
    if not await limit.allow(str(user.id)):
        return auth.problem(429, "too_many_invites")
    if not await lookup_allowed(request):
        return auth.problem(429, "too_many_lookups")
    code = normalise(request.path_params["code"])
    record = None if code is None else await request.app.state.rooms.record(code)
    if record is None or record.kind != store.ONLINE:
        await lookup_missed(request)
        return auth.problem(404, "no_room")
    name = parsed.name.strip()
    db: Database = request.app.state.db
    invitee = await asyncio.to_thread(accounts.find_user, db, name) if 0 < len(name) <= MAX_NAME else None
    refused = check(record, user.id, invitee)
    if refused is not None:
        return auth.problem(refused.status, refused.code, **refused.values)
    assert invitee is not None
    stored = await _invites(request).create(record.code, user, invitee)
    return JSONResponse(
        {"invite": {"id": stored.id, "code": stored.code, "to": {"id": invitee.id, "name": invitee.name}}},
        status_code=201,
    )


async def snapshot(websocket: WebSocket, user_id: int) -> list[dict[str, Any]]:
    pending = await _invites(websocket).pending(user_id)
    return [{"type": "invites", "invites": [invite_json(invite) for invite in pending]}]


async def handle(websocket: WebSocket, user_id: int, message: dict[str, Any]) -> dict[str, Any] | None:
    """`{"type": "dismiss", "id": N}`: the account's own invitation N goes (answered with `ack`)."""
    if message.get("type") != "dismiss":
        return None
    invite_id = message.get("id")
    ref = message.get("ref")
    ref = ref if isinstance(ref, (int, str)) and not isinstance(ref, bool) else None
    if not isinstance(invite_id, int) or isinstance(invite_id, bool) or not 0 < invite_id < 2**63:
        return error("malformed", ref, detail="„id“ muss die Nummer einer Einladung sein")
    await _invites(websocket).dismiss(user_id, invite_id)
    return {"type": "ack", "ref": ref}


def routes() -> list[BaseRoute]:
    return [
        Route(f"{ONLINE.api}/{{code}}/invites", create_invite, methods=["POST"]),
        socket_route("/ws/notifications", snapshot, handle),
    ]
