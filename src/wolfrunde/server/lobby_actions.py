"""The lobby commands of a room: join, leave, settings, remove a player, add a bot, start."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from wolfrunde.server import payloads
from wolfrunde.server import protocol as p
from wolfrunde.server.lobby import check_timers
from wolfrunde.server.match import Match, SetupError, deal, recommended
from wolfrunde.server.narration_voices import known_narrator
from wolfrunde.store import rooms as store

if TYPE_CHECKING:
    from wolfrunde.server.connection import Connection
    from wolfrunde.server.room import Room

_SYSTEM_RANDOM = random.SystemRandom()


class LobbyActions:
    """Mixed into Room; every method runs inside the room's task."""

    def _lobby_gate(self: Room, conn: Connection, ref: object, *, host: bool) -> bool:
        if self.status != "lobby":
            conn.send(payloads.error("lobby_closed", ref))
            return False
        if host and conn.user_id != self.lobby.host_id:
            conn.send(payloads.error("not_host", ref))
            return False
        return True

    async def _save_lobby(self: Room) -> None:
        await self._store(store.save_room, lobby=self.lobby.to_dict())
        self.broadcast_lobby()
        self.prepare_names()  # every name spoken in the chosen narrator's voice, in the background

    def broadcast_lobby(self: Room) -> None:
        message = payloads.lobby(
            self.code,
            self.lobby,
            self.status,
            self.online_users(),
            recommended(len(self.lobby.seats), self.lobby.settings.rules),
        )
        for conn in list(self.connections.values()):
            conn.send(message)

    async def join(self: Room, conn: Connection, message: p.Join) -> None:
        if not self._lobby_gate(conn, message.ref, host=False):
            return
        if self.lobby.seat_of(conn.user_id) is not None:
            conn.send(payloads.error("already_seated", message.ref))
            return
        if self.lobby.full:
            conn.send(payloads.error("room_full", message.ref))
            return
        seat = self.lobby.join(conn.user_id, conn.name)
        conn.send(payloads.welcome(self.code, conn.user_id, conn.name, seat))
        await self._save_lobby()
        if message.ref is not None:
            conn.send(payloads.ack(message.ref))

    async def leave(self: Room, conn: Connection, message: p.Leave) -> None:
        if not self._lobby_gate(conn, message.ref, host=False):
            return
        seat = self.lobby.seat_of(conn.user_id)
        if seat is None:
            conn.send(payloads.error("not_seated", message.ref))
            return
        if conn.user_id == self.lobby.host_id:
            conn.send(payloads.error("cannot_remove_host", message.ref))
            return
        self.lobby.remove(seat)
        conn.send(payloads.welcome(self.code, conn.user_id, conn.name, None))
        await self._save_lobby()
        if message.ref is not None:
            conn.send(payloads.ack(message.ref))

    async def change_settings(self: Room, conn: Connection, message: p.ChangeSettings) -> None:
        if not self._lobby_gate(conn, message.ref, host=True):
            return
        settings = self.lobby.settings
        timers = dict(settings.timers)
        if message.timers is not None:
            timers.update({k: v for k, v in message.timers.model_dump().items() if v is not None})
        problem = check_timers(timers)
        rules = message.rules or settings.rules
        roles = settings.roles
        if message.recommended:
            roles = None
        elif message.roles is not None:
            roles = list(message.roles)
        if problem is None and roles is not None:
            problem = _check_roles(roles, rules)
        if problem is None and message.narrator is not None and not known_narrator(message.narrator):
            problem = f"unbekannter Erzähler „{message.narrator}“"
        if problem is not None:
            conn.send(payloads.error("bad_settings", message.ref, detail=problem))
            return
        settings.rules = rules
        settings.roles = roles
        settings.timers = timers
        if message.meldeliste is not None:
            settings.meldeliste = message.meldeliste
        if message.narrator is not None:
            settings.narrator = message.narrator
        await self._save_lobby()
        if message.ref is not None:
            conn.send(payloads.ack(message.ref))

    async def kick(self: Room, conn: Connection, message: p.Kick) -> None:
        if not self._lobby_gate(conn, message.ref, host=True):
            return
        if not 0 <= message.seat < len(self.lobby.seats):
            conn.send(payloads.error("no_such_seat", message.ref))
            return
        seat = self.lobby.seats[message.seat]
        if seat.user_id == self.lobby.host_id and not seat.bot:
            conn.send(payloads.error("cannot_remove_host", message.ref))
            return
        self.lobby.remove(message.seat)
        for other in list(self.connections.values()):
            if not seat.bot and other.user_id == seat.user_id:
                other.send(payloads.removed())
                other.send(payloads.welcome(self.code, other.user_id, other.name, None))
        await self._save_lobby()
        if message.ref is not None:
            conn.send(payloads.ack(message.ref))

    async def add_bot(self: Room, conn: Connection, message: p.AddBot) -> None:
        if not self._lobby_gate(conn, message.ref, host=True):
            return
        if self.lobby.full:
            conn.send(payloads.error("room_full", message.ref))
            return
        self.lobby.add_bot()
        await self._save_lobby()
        if message.ref is not None:
            conn.send(payloads.ack(message.ref))

    async def start_game(self: Room, conn: Connection, message: p.Start) -> None:
        if not self._lobby_gate(conn, message.ref, host=True):
            return
        settings = self.lobby.settings
        names = [seat.name for seat in self.lobby.seats]
        roles = settings.roles if settings.roles is not None else recommended(len(names), settings.rules)
        if roles is None:
            conn.send(payloads.error("cannot_start", message.ref, detail=f"keine Rollen für {len(names)} Spieler"))
            return
        try:
            setup = deal(names, roles, settings.rules, settings.meldeliste, random.Random(_SYSTEM_RANDOM.random()))
            match = Match(setup)
        except SetupError as problem:
            conn.send(payloads.error("cannot_start", message.ref, detail=str(problem)))
            return
        await self._store(store.save_room, status="running", setup=setup)
        self.status = "running"
        self.broadcast_lobby()
        await self.begin(match)
        if message.ref is not None:
            conn.send(payloads.ack(message.ref))

    async def new_game(self: Room, conn: Connection, message: p.NewGame) -> None:
        """After the end the host opens the table again: same seats and settings, no cards, an
        empty chat; the finished game's commands are deleted."""
        if self.status not in ("ended", "halted"):
            conn.send(payloads.error("not_ended", message.ref))
            return
        if conn.user_id != self.lobby.host_id:
            conn.send(payloads.error("not_host", message.ref))
            return
        await self._store(store.reset_game)
        self.generation += 1  # timers and bot turns of the old game are void
        self.match, self.timer, self.status, self.ended_at, self.published = None, None, "lobby", None, {}
        if message.ref is not None:
            conn.send(payloads.ack(message.ref))
        self.broadcast_lobby()
        for other in list(self.connections.values()):
            other.send(payloads.chat_history([]))


def _check_roles(roles: list[str], rules: str) -> str | None:
    """Checks a custom role set with the engine, for as many players as it has cards."""
    players = len(roles) - (2 if "thief" in roles else 0)
    names = [f"Platz {i + 1}" for i in range(players)]
    try:
        deal(names, roles, rules, False, random.Random(0))
    except SetupError as problem:
        return str(problem)
    return None
