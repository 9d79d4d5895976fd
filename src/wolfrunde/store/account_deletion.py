"""Deleting an account, so that nothing of it remains in the store.

The account row and all its login sessions go. In the online rooms it is part of:
- a room still in its lobby loses the account's seat (and that seat's lobby chat; later seats move up);
- a room with a game (running, ended or halted) keeps the seat for the game's sake, but the seat is now
  "Gelöschter Spieler", belongs to no account, and its chat lines are deleted;
- the host's part passes to the first other player with an account; a room where none is left goes whole.
A host's ban list forgets the account too. Guests (tables, Werwörter) have no account and are not touched.

`forget_in_online_room` is the rewrite of one room's stored state; the server applies the same rewrite
to a room it holds in memory.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, select, update

from wolfrunde.store.database import Database
from wolfrunde.store.models import ChatMessage, RoomCommand, RoomRecord, SessionRecord, User
from wolfrunde.store.rooms import shift_chat_seats

DELETED_PLAYER = "Gelöschter Spieler"
ONLINE_KIND = "online"  # server.kinds.online: the only kind whose seats belong to accounts
LOBBY = "lobby"


@dataclass(frozen=True)
class RoomChange:
    """One online room after the account left it."""

    state: dict[str, Any]
    setup: dict[str, Any] | None
    host_id: int | None  # the host after the change (None when `gone`)
    removed_seat: int | None = None  # the lobby seat taken away (later seats moved up by one)
    renamed_seats: tuple[int, ...] = ()  # the game seats now called "Gelöschter Spieler …"
    gone: bool = False  # nobody with an account is left: the room goes whole


@dataclass
class DeletedAccount:
    found: bool
    changed_rooms: list[str] = field(default_factory=list)
    removed_rooms: list[str] = field(default_factory=list)


def mentions(state: dict[str, Any], user_id: int) -> bool:
    seats = state.get("seats", [])
    return (
        state.get("host_id") == user_id
        or user_id in state.get("removed", [])
        or any(_belongs(seat, user_id) for seat in seats)
    )


def _belongs(seat: dict[str, Any], user_id: int) -> bool:
    return seat.get("user_id") == user_id and not seat.get("bot", False)


def _placeholder(taken: set[str]) -> str:
    number = 1
    while True:
        name = DELETED_PLAYER if number == 1 else f"{DELETED_PLAYER} {number}"
        if name.casefold() not in taken:
            return name
        number += 1


def forget_in_online_room(
    state: dict[str, Any], setup: dict[str, Any] | None, status: str, user_id: int
) -> RoomChange | None:
    """The room's stored state (and game setup) without the account; None when it does not appear."""
    if not mentions(state, user_id):
        return None
    state = copy.deepcopy(state)
    setup = copy.deepcopy(setup)
    seats: list[dict[str, Any]] = state.get("seats", [])
    state["removed"] = [other for other in state.get("removed", []) if other != user_id]
    own = [index for index, seat in enumerate(seats) if _belongs(seat, user_id)]
    removed_seat = None
    renamed: list[int] = []
    if status == LOBBY:
        for index in reversed(own):
            del seats[index]
        removed_seat = own[0] if own else None
    else:
        for index in own:
            name = _placeholder({seat["name"].casefold() for seat in seats})
            kept = {key: value for key, value in seats[index].items() if key != "say"}  # the Aussprache goes too
            seats[index] = {**kept, "name": name, "user_id": None, "bot": False}
            if setup is not None and index < len(setup.get("names", [])):
                setup["names"][index] = name
            renamed.append(index)
    host = state.get("host_id")
    if host == user_id:
        host = next((s["user_id"] for s in seats if not s.get("bot", False) and s.get("user_id") is not None), None)
        if host is None:
            return RoomChange(state, setup, None, removed_seat, tuple(renamed), gone=True)
        state["host_id"] = host
    return RoomChange(state, setup, host, removed_seat, tuple(renamed))


def delete_account(db: Database, user_id: int) -> DeletedAccount:
    """Deletes the account, its sessions and its traces in every stored online room, in one transaction."""
    outcome = DeletedAccount(found=False)
    with db.session() as session:
        user = session.get(User, user_id, with_for_update=True)
        if user is None:
            return outcome
        outcome.found = True
        rooms = session.scalars(select(RoomRecord).where(RoomRecord.kind == ONLINE_KIND).order_by(RoomRecord.code))
        for room in rooms.all():
            change = forget_in_online_room(room.state, room.setup, room.status, user_id)
            if change is None:
                continue
            if change.gone:
                session.execute(delete(ChatMessage).where(ChatMessage.room_code == room.code))
                session.execute(delete(RoomCommand).where(RoomCommand.room_code == room.code))
                session.delete(room)
                outcome.removed_rooms.append(room.code)
                continue
            _rewrite_chat(session, room.code, change)
            room.state = change.state
            room.setup = change.setup
            room.host_id = change.host_id
            outcome.changed_rooms.append(room.code)
        session.execute(update(RoomRecord).where(RoomRecord.host_id == user_id).values(host_id=None))
        session.execute(delete(SessionRecord).where(SessionRecord.user_id == user_id))
        session.flush()
        session.delete(user)
    return outcome


def _rewrite_chat(session: Any, code: str, change: RoomChange) -> None:
    in_room = ChatMessage.room_code == code
    if change.removed_seat is not None:
        shift_chat_seats(session, code, change.removed_seat)
    if change.renamed_seats:
        session.execute(delete(ChatMessage).where(in_room, ChatMessage.seat.in_(change.renamed_seats)))
