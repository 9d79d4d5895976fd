"""Tables of Werwörter rooms: the room itself and its accepted engine decisions, in order."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from wolfrunde.store.models import Base


class WwRoomRecord(Base):
    __tablename__ = "ww_rooms"

    code: Mapped[str] = mapped_column(String(8), primary_key=True)
    mode: Mapped[str] = mapped_column(String(16), nullable=False)  # single | devices
    status: Mapped[str] = mapped_column(String(16), nullable=False)  # lobby | running | ended
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON, nullable=False)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    setup: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    stage: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Float, nullable=False)
    updated_at: Mapped[float] = mapped_column(Float, nullable=False)


class WwCommand(Base):
    """One accepted engine decision (time_up included), in the order the room applied it."""

    __tablename__ = "ww_commands"
    __table_args__ = (UniqueConstraint("room_code", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_code: Mapped[str] = mapped_column(ForeignKey("ww_rooms.code", ondelete="CASCADE"), nullable=False)
    seq: Mapped[int] = mapped_column(Integer, nullable=False)
    decision: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    at: Mapped[float] = mapped_column(Float, nullable=False)
