"""Persistence for Wolfrunde: accounts, sessions, rooms, stored commands and chat (SQLAlchemy + Alembic)."""

from wolfrunde.store.database import Database, default_url
from wolfrunde.store.models import ChatMessage, InviteRecord, RoomCommand, RoomRecord, SessionRecord, User

__all__ = [
    "ChatMessage",
    "Database",
    "InviteRecord",
    "RoomCommand",
    "RoomRecord",
    "SessionRecord",
    "User",
    "default_url",
]
