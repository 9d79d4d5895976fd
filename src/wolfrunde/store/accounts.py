"""Users and login sessions. Passwords are hashed by the caller; session tokens are stored as SHA-256."""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata

from sqlalchemy import delete, select

from wolfrunde.store.database import Database
from wolfrunde.store.models import SessionRecord, User

SESSION_SECONDS = 30 * 24 * 3600


def name_key(name: str) -> str:
    """Names that differ only in case or in how their accents are typed are one name."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def session_key(token: str) -> str:
    """What names a login session without its secret: the key a logout closes its connections by."""
    return _token_hash(token)


def create_user(db: Database, name: str, password_hash: str) -> User | None:
    """The new user, or None when the name (case-insensitive) is taken."""
    with db.session() as session:
        if session.scalar(select(User).where(User.name_key == name_key(name))) is not None:
            return None
        user = User(name=name.strip(), name_key=name_key(name), password_hash=password_hash, created_at=time.time())
        session.add(user)
        session.flush()
        return user


def find_user(db: Database, name: str) -> User | None:
    with db.session() as session:
        return session.scalar(select(User).where(User.name_key == name_key(name)))


def get_user(db: Database, user_id: int) -> User | None:
    with db.session() as session:
        return session.get(User, user_id)


def update_password_hash(db: Database, user_id: int, password_hash: str) -> None:
    with db.session() as session:
        user = session.get(User, user_id)
        if user is not None:
            user.password_hash = password_hash


def open_session(db: Database, user_id: int, now: float | None = None) -> str:
    """A new random session token for the user; only its hash is stored."""
    now = time.time() if now is None else now
    token = secrets.token_urlsafe(32)
    with db.session() as session:
        session.add(
            SessionRecord(
                token_hash=_token_hash(token), user_id=user_id, created_at=now, expires_at=now + SESSION_SECONDS
            )
        )
    return token


def session_user(db: Database, token: str, now: float | None = None) -> User | None:
    """The user a live session token belongs to, else None."""
    now = time.time() if now is None else now
    with db.session() as session:
        record = session.get(SessionRecord, _token_hash(token))
        if record is None or record.expires_at < now:
            return None
        return session.get(User, record.user_id)


def close_session(db: Database, token: str) -> None:
    with db.session() as session:
        session.execute(delete(SessionRecord).where(SessionRecord.token_hash == _token_hash(token)))
