"""What the store keeps no longer than it must: rooms past their retention and expired login sessions.

A room is past its retention when its game ended (or halted) that long ago, or when it never got that far
and nobody touched it for that long (a lobby left behind). Such a room goes whole: its record with the
seats' names and guests' token hashes, its commands and its chat. Running games are not touched; they
count once they end.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import ColumnElement, and_, delete, or_, select

from wolfrunde.store.database import Database
from wolfrunde.store.models import ChatMessage, RoomCommand, RoomRecord, SessionRecord

DAY = 86_400.0
FINISHED = ("ended", "halted")  # server.rooms.status.RoomStatus values whose game is over
WAITING = "lobby"


def _past_retention(cutoff: float) -> ColumnElement[bool]:
    return or_(
        and_(RoomRecord.status.in_(FINISHED), RoomRecord.ended_at.is_not(None), RoomRecord.ended_at < cutoff),
        and_(RoomRecord.status.in_(FINISHED), RoomRecord.ended_at.is_(None), RoomRecord.updated_at < cutoff),
        and_(RoomRecord.status == WAITING, RoomRecord.updated_at < cutoff),
    )


def cutoff(now: float, days: float) -> float:
    """The time before which a finished (or abandoned) room is past a retention of `days`."""
    return now - days * DAY


def rooms_past_retention(db: Database, before: float) -> list[str]:
    """The codes of every room whose game ended before `before`, or that waits untouched since then."""
    with db.session() as session:
        return list(session.scalars(select(RoomRecord.code).where(_past_retention(before)).order_by(RoomRecord.code)))


def remove_rooms(db: Database, codes: Collection[str], before: float) -> list[str]:
    """Removes those of `codes` that are still past their retention (checked again in the same
    transaction: a room that started again meanwhile stays), with their commands and chat."""
    if not codes:
        return []
    with db.session() as session:
        wanted = select(RoomRecord.code).where(RoomRecord.code.in_(list(codes)), _past_retention(before))
        doomed = list(session.scalars(wanted.with_for_update()))
        if doomed:
            session.execute(delete(ChatMessage).where(ChatMessage.room_code.in_(doomed)))
            session.execute(delete(RoomCommand).where(RoomCommand.room_code.in_(doomed)))
            session.execute(delete(RoomRecord).where(RoomRecord.code.in_(doomed)))
        return sorted(doomed)


def remove_expired_sessions(db: Database, now: float) -> int:
    """Deletes every login session past its expiry; how many there were."""
    with db.session() as session:
        result = session.execute(delete(SessionRecord).where(SessionRecord.expires_at < now))
        return int(getattr(result, "rowcount", 0) or 0)
