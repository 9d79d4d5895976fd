"""Invitations into an online room's lobby (`server/invites.py` decides who may invite whom).

One row per room and invitee: inviting the same account into the same room again replaces the row (a
new id, a fresh time). Rows go when the invitee joins, the room's game starts, the invitee dismisses the
invitation, or it is older than `MAX_AGE_SECONDS` (removed whenever invitations are stored or listed). Deleting the
room or either account deletes them too (foreign keys). Every function is synchronous and short; the
server calls them from worker threads.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import aliased

from wolfrunde.store.database import Database
from wolfrunde.store.models import InviteRecord, RoomRecord, User

MAX_AGE_SECONDS = 30 * 60.0
ONLINE = "online"  # the room kind invitations are for
LOBBY = "lobby"


@dataclass(frozen=True)
class StoredInvite:
    id: int
    code: str
    inviter_id: int
    inviter_name: str
    invitee_id: int
    created_at: float


@dataclass(frozen=True)
class Closed:
    """An invitation that was removed: whom to tell."""

    id: int
    code: str
    invitee_id: int


def save_invite(db: Database, code: str, inviter_id: int, invitee_id: int, now: float | None = None) -> StoredInvite:
    """Stores the invitation (replacing one of the same room and invitee) and forgets every invitation
    past its age."""
    now = time.time() if now is None else now
    with db.session() as session:
        session.execute(delete(InviteRecord).where(InviteRecord.created_at < now - MAX_AGE_SECONDS))
        session.execute(
            delete(InviteRecord).where(InviteRecord.room_code == code, InviteRecord.invitee_id == invitee_id)
        )
        record = InviteRecord(room_code=code, inviter_id=inviter_id, invitee_id=invitee_id, created_at=now)
        session.add(record)
        session.flush()
        inviter = session.get(User, inviter_id)
        return StoredInvite(record.id, code, inviter_id, inviter.name if inviter else "", invitee_id, now)


def _still_open(state: dict[str, Any], invitee_id: int) -> bool:
    """The invitee neither sits at the table nor was sent away by its host."""
    seated = any(seat.get("user_id") == invitee_id and not seat.get("bot") for seat in state.get("seats", []))
    return not seated and invitee_id not in {int(user) for user in state.get("removed", [])}


def pending(db: Database, invitee_id: int, now: float | None = None) -> list[StoredInvite]:
    """The account's invitations that still lead somewhere: younger than `MAX_AGE_SECONDS`, into an online
    room still in its lobby where the account does not sit yet; the oldest first."""
    now = time.time() if now is None else now
    inviter = aliased(User)
    query = (
        select(InviteRecord, RoomRecord.state, inviter.name)
        .join(RoomRecord, RoomRecord.code == InviteRecord.room_code)
        .join(inviter, inviter.id == InviteRecord.inviter_id)
        .where(
            InviteRecord.invitee_id == invitee_id,
            InviteRecord.created_at >= now - MAX_AGE_SECONDS,
            RoomRecord.kind == ONLINE,
            RoomRecord.status == LOBBY,
        )
        .order_by(InviteRecord.created_at, InviteRecord.id)
    )
    with db.session() as session:
        session.execute(delete(InviteRecord).where(InviteRecord.created_at < now - MAX_AGE_SECONDS))
        return [
            StoredInvite(record.id, record.room_code, record.inviter_id, name, record.invitee_id, record.created_at)
            for record, state, name in session.execute(query)
            if _still_open(state, invitee_id)
        ]


def _remove(db: Database, *conditions: Any) -> list[Closed]:
    """Deletes the matching rows in one statement (a room's lobby asks at every change) and names them."""
    columns = (InviteRecord.id, InviteRecord.room_code, InviteRecord.invitee_id)
    with db.engine.begin() as connection:
        rows = connection.execute(delete(InviteRecord).where(*conditions).returning(*columns)).all()
    return [Closed(row.id, row.room_code, row.invitee_id) for row in rows]


def close_room(db: Database, code: str) -> list[Closed]:
    """Every invitation into the room goes (its game started)."""
    return _remove(db, InviteRecord.room_code == code)


def close_for(db: Database, code: str, user_ids: Collection[int]) -> list[Closed]:
    """The invitations of these accounts into the room go (they sit at its table now, or were sent away)."""
    if not user_ids:
        return []
    return _remove(db, InviteRecord.room_code == code, InviteRecord.invitee_id.in_(list(user_ids)))


def dismiss(db: Database, invite_id: int, invitee_id: int) -> list[Closed]:
    """The invitee dismisses one of his invitations (someone else's is left alone)."""
    return _remove(db, InviteRecord.id == invite_id, InviteRecord.invitee_id == invitee_id)
