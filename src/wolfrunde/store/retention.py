"""What the store keeps no longer than it must: rooms past their retention and expired login sessions.

A room is past its retention when its game ended (or halted) that long ago, or when nothing happened in
it for that long: a lobby left behind, a game nobody played on (a table whose device went away mid-game).
What happened last is the latest of its saves, commands and chat lines. Such a room goes whole: its
record with the seats' names and guests' token hashes, its commands and its chat.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import ColumnElement, and_, case, delete, func, or_, select

from wolfrunde.store.database import Database
from wolfrunde.store.models import ChatMessage, RoomCommand, RoomRecord, SessionRecord

DAY = 86_400.0
FINISHED = ("ended", "halted")  # server.rooms.status.RoomStatus values whose game is over
UNFINISHED = ("lobby", "running")


def _last_activity() -> ColumnElement[float]:
    """When anything last happened in the room: its last save, command or chat line."""
    command = select(func.max(RoomCommand.at)).where(RoomCommand.room_code == RoomRecord.code).scalar_subquery()
    chat = select(func.max(ChatMessage.at)).where(ChatMessage.room_code == RoomRecord.code).scalar_subquery()
    saved = RoomRecord.updated_at
    latest = case((func.coalesce(command, saved) > saved, command), else_=saved)
    return case((func.coalesce(chat, latest) > latest, chat), else_=latest)


def _past_retention(cutoff: float) -> ColumnElement[bool]:
    finished = RoomRecord.status.in_(FINISHED)
    return or_(
        and_(finished, RoomRecord.ended_at.is_not(None), RoomRecord.ended_at < cutoff),
        and_(finished, RoomRecord.ended_at.is_(None), _last_activity() < cutoff),
        and_(RoomRecord.status.in_(UNFINISHED), _last_activity() < cutoff),
    )


def cutoff(now: float, days: float) -> float:
    """The time before which a finished (or abandoned) room is past a retention of `days`."""
    return now - days * DAY


def rooms_past_retention(db: Database, before: float) -> list[str]:
    """The codes of every room whose game ended before `before`, or where nothing happened since then."""
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
