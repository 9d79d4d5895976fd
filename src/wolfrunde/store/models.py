"""Tables. Times are seconds since the epoch (float); JSON columns hold plain dicts and lists."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32), nullable=False)
    name_key: Mapped[str] = mapped_column(String(32), nullable=False, unique=True)
    password_hash: Mapped[str] = mapped_column(String(255), nullable=False)
    created_at: Mapped[float] = mapped_column(Float, nullable=False)


class SessionRecord(Base):
    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True)
    created_at: Mapped[float] = mapped_column(Float, nullable=False)
    expires_at: Mapped[float] = mapped_column(Float, nullable=False)


class RoomRecord(Base):
    """One room of any kind: an online round, a table (one device or own devices), a Werwörter round."""

    __tablename__ = "rooms"

    code: Mapped[str] = mapped_column(String(8), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32), nullable=False)  # server.kinds: online, table_…, werwoerter
    status: Mapped[str] = mapped_column(String(16), nullable=False)  # server.rooms.status.RoomStatus
    host_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)  # online rooms only
    state: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)  # the kind's own: lobby, seats, stage …
    setup: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # the running game's setup
    timer: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # server.rooms.timer.Timer
    created_at: Mapped[float] = mapped_column(Float, nullable=False)
    updated_at: Mapped[float] = mapped_column(Float, nullable=False)
    ended_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class RoomCommand(Base):
    """One accepted command (a decision, a timeout, a device's tap …), in the order the room applied it.

    `seq` is the number the room's owner expected to write; the unique constraint makes a second
    writer for the same room fail instead of interleaving its commands."""

    __tablename__ = "room_commands"
    __table_args__ = (UniqueConstraint("room_code", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code", ondelete="CASCADE"), nullable=False)
    seq: Mapped[int] = mapped_column(Integer, nullable=False)
    op: Mapped[str] = mapped_column(String(32), nullable=False)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    kind: Mapped[str | None] = mapped_column(String(64), nullable=True)
    payload: Mapped[Any] = mapped_column(JSON, nullable=True)
    at: Mapped[float] = mapped_column(Float, nullable=False)


class ChatMessage(Base):
    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code", ondelete="CASCADE"), nullable=False, index=True)
    channel: Mapped[str] = mapped_column(String(16), nullable=False)
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    at: Mapped[float] = mapped_column(Float, nullable=False)
    round: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the game's round when it was written


class InviteRecord(Base):
    """One account invited into an online room's lobby by a player seated there (`store.invites`). A second
    invitation into the same room replaces the first; the row goes when the invitee joins, the game
    starts, the invitee dismisses it, or it is too old."""

    __tablename__ = "invites"
    __table_args__ = (UniqueConstraint("room_code", "invitee_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code", ondelete="CASCADE"), nullable=False)
    inviter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False)
    invitee_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True)
    created_at: Mapped[float] = mapped_column(Float, nullable=False)
