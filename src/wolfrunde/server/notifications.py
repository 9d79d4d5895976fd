"""Notifications for one account, independent of any room: the WebSocket `/ws/notifications`
(docs/protocol.md, "Notifications") and the hub that feeds it.

Every open notification socket is a `Listener` of its own account in this process's `Notifications`
hub. `publish(user_id, message)` reaches that account's listeners on every process: without Redis the
hub hands the message to its own listeners; with Redis it publishes it on one channel, which every
process subscribes to once and fans out to the listeners of the account it names. A message is only
ever handed to the listeners of the account it was published for. When Redis is unreachable a message
reaches this process's listeners alone (and is logged); what is stored (pending invitations) is sent
again on every new connection, so nothing is lost for good.

The same channel carries events for the other processes themselves (`tell_other_processes`: an account
was deleted, so the rooms they hold must forget it too); each process hands those to `on_process_event`.

The socket, not Server-Sent Events: uvicorn closes WebSockets with 1012 when it shuts down, while an
open event stream would hold the shutdown until it timed out.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError
from starlette.routing import BaseRoute, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from wolfrunde.server import auth, safejson
from wolfrunde.server.ratelimit import TokenBucket
from wolfrunde.server.rooms.connection import encode
from wolfrunde.server.security import same_origin
from wolfrunde.server.texts import error_text

log = logging.getLogger(__name__)
CHANNEL = "wolfrunde:notifications"
HEARTBEAT_SECONDS = 20.0  # a quiet socket hears `heartbeat` this often, so proxies keep it open
RETRY_SECONDS = 1.0  # a lost Redis subscription is tried again after this
QUEUE_LIMIT = 100  # a socket that cannot keep up loses the oldest messages (it gets a snapshot on reconnect)
MAX_MESSAGE = 512  # characters of one client message
CLOSE_AUTH = 4401
CLOSE_POLICY = 4403
CLOSE_RESTART = 1012  # the server shuts down: reconnect (as uvicorn closes every socket then)


class Listener:
    """One open notification socket of one account: what is to be sent to it, in order; None ends it."""

    def __init__(self, user_id: int, session: str | None = None) -> None:
        self.user_id = user_id
        self.session = session  # the login session it was opened with (its logout closes it)
        self.close_code = CLOSE_RESTART  # how the socket closes when None ends it
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    def put(self, message: dict[str, Any] | None) -> None:
        while message is not None and self.queue.qsize() >= QUEUE_LIMIT:
            self.queue.get_nowait()
        self.queue.put_nowait(message)


class Notifications:
    """This process's notification sockets by account, and the way to reach those of every process."""

    def __init__(self, client: aioredis.Redis | None = None) -> None:
        self.client = client
        self.listeners: dict[int, set[Listener]] = {}
        self.heartbeat_seconds = HEARTBEAT_SECONDS
        self._reader: asyncio.Task[None] | None = None
        self._pubsub: Any = None
        self.subscribed = asyncio.Event()  # the Redis subscription is up (always set without Redis)
        if client is None:
            self.subscribed.set()
        self.process_id = secrets.token_hex(8)  # tells this process's own events apart on the channel
        self.on_process_event: Callable[[dict[str, Any]], Awaitable[None]] | None = None
        self._handling: set[asyncio.Task[None]] = set()

    # --- this process's sockets -----------------------------------------------------------------------
    def listen(self, user_id: int, session: str | None = None) -> Listener:
        listener = Listener(user_id, session)
        self.listeners.setdefault(user_id, set()).add(listener)
        return listener

    def forget(self, listener: Listener) -> None:
        mine = self.listeners.get(listener.user_id)
        if mine is not None:
            mine.discard(listener)
            if not mine:
                del self.listeners[listener.user_id]

    def close_session(self, session: str) -> None:
        """The login session ended: its notification sockets close as `not_logged_in`."""
        for mine in list(self.listeners.values()):
            for listener in list(mine):
                if listener.session == session:
                    listener.close_code = CLOSE_AUTH
                    listener.put(None)

    def deliver(self, user_id: int, message: dict[str, Any]) -> None:
        """Hands the message to this process's sockets of that account (and no other)."""
        for listener in list(self.listeners.get(user_id, ())):
            listener.put(message)

    # --- every process --------------------------------------------------------------------------------
    async def publish(self, user_id: int, message: dict[str, Any]) -> None:
        """Sends the message to the account's notification sockets on every process."""
        if self.client is None:
            self.deliver(user_id, message)
            return
        try:
            await self.client.publish(CHANNEL, encode({"user": user_id, "message": message}))
        except (RedisError, OSError):
            log.warning("Redis ist nicht erreichbar: die Benachrichtigung erreicht nur diesen Prozess", exc_info=True)
            self.deliver(user_id, message)

    async def tell_other_processes(self, event: dict[str, Any]) -> None:
        """Hands `event` to `on_process_event` of every other process subscribed now (without Redis there is
        no other). Redis keeps nothing for a process that is not subscribed at the moment."""
        if self.client is None:
            return
        try:
            await self.client.publish(CHANNEL, encode({"process": self.process_id, "event": event}))
        except (RedisError, OSError):
            log.warning("Redis ist nicht erreichbar: die anderen Prozesse erfahren %s nicht", event.get("type"))

    def received(self, data: bytes | str) -> None:
        """One message from the channel: to the listeners of the account it names, or, an event for the
        processes, to `on_process_event` (unless this process sent it)."""
        try:
            item = json.loads(data)
            for_processes = "process" in item
            address, content = (item["process"], item["event"]) if for_processes else (item["user"], item["message"])
        except (ValueError, TypeError, KeyError):
            log.warning("an unreadable notification on %s was dropped", CHANNEL)
            return
        if not isinstance(content, dict):
            return
        if not for_processes:
            if isinstance(address, int):
                self.deliver(address, content)
        elif address != self.process_id and self.on_process_event is not None:
            task = asyncio.get_running_loop().create_task(self._handle(self.on_process_event, content))
            self._handling.add(task)
            task.add_done_callback(self._handling.discard)

    @staticmethod
    async def _handle(handler: Callable[[dict[str, Any]], Awaitable[None]], event: dict[str, Any]) -> None:
        try:
            await handler(event)
        except Exception:
            log.exception("an event of another process (%s) failed here", event.get("type"))

    async def start(self) -> None:
        """Subscribes to the channel (when Redis can be reached now: at once, so that a message published
        after the start arrives) and keeps the subscription up in the background."""
        if self.client is None:
            return
        with contextlib.suppress(RedisError, OSError):
            await self._subscribe()
        self._reader = asyncio.get_running_loop().create_task(self._read_forever(), name="notifications")

    async def _subscribe(self) -> None:
        assert self.client is not None
        pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(CHANNEL)
        except BaseException:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call,unused-ignore]  # typed from redis 8
            raise
        self._pubsub = pubsub
        self.subscribed.set()

    async def _read_forever(self) -> None:
        while True:
            try:
                if self._pubsub is None:
                    await self._subscribe()
                message = await self._pubsub.get_message(timeout=None)
                if message is not None and message.get("type") == "message":
                    self.received(message["data"])
            except (RedisError, OSError, RuntimeError):  # RuntimeError: the subscription's connection is gone
                log.warning("Redis ist nicht erreichbar: Benachrichtigungen anderer Prozesse fehlen", exc_info=True)
                await self._drop_subscription()
                await asyncio.sleep(RETRY_SECONDS)

    async def _drop_subscription(self) -> None:
        self.subscribed.clear()
        pubsub, self._pubsub = self._pubsub, None
        if pubsub is not None:
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    async def close(self) -> None:
        """The server stops: every notification socket of this process ends (close code 1012)."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        await self._drop_subscription()
        for listeners in list(self.listeners.values()):
            for listener in list(listeners):
                listener.put(None)


# --- the socket --------------------------------------------------------------------------------------

ClientHandler = Callable[[WebSocket, int, dict[str, Any]], Awaitable[dict[str, Any] | None]]
Snapshot = Callable[[WebSocket, int], Awaitable[list[dict[str, Any]]]]


def error(code: str, ref: Any = None, detail: str | None = None, **values: object) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "code": code, "message": error_text(code, detail, **values)}
    if ref is not None:
        message["ref"] = ref
    return message


async def _refuse(websocket: WebSocket, code: str, close_code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json(error(code))
        await websocket.close(code=close_code)


def _ref(message: dict[str, Any]) -> Any:
    ref = message.get("ref")
    if isinstance(ref, bool) or not isinstance(ref, (int, str)) or (isinstance(ref, str) and len(ref) > 64):
        return None
    return ref


def socket_route(path: str, snapshot: Snapshot, handle: ClientHandler) -> BaseRoute:
    """The notification socket at `path`: first what `snapshot` gives (messages for the connecting
    account, e.g. its pending invitations), then whatever is published for the account, a heartbeat
    while it is quiet, and the answers of `handle` to the client's messages (`ping` is answered here)."""

    async def serve(websocket: WebSocket) -> None:
        await websocket.accept()
        if not same_origin(websocket):
            await _refuse(websocket, "wrong_origin", CLOSE_POLICY)
            return
        user = await asyncio.to_thread(auth.current_user, websocket)
        if user is None:
            await _refuse(websocket, "not_logged_in", CLOSE_AUTH)
            return
        hub: Notifications = websocket.app.state.notifications
        listener = hub.listen(
            user.id, auth.session_of(websocket)
        )  # before the snapshot: nothing published meanwhile is missed
        try:
            for message in await snapshot(websocket, user.id):
                listener.put(message)
            pump = asyncio.get_running_loop().create_task(_pump(websocket, listener, hub))
            reader = asyncio.get_running_loop().create_task(_read(websocket, user.id, listener, handle))
            done, waiting = await asyncio.wait({pump, reader}, return_when=asyncio.FIRST_COMPLETED)
            for task in waiting:
                task.cancel()
            for task in {*done, *waiting}:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        finally:
            hub.forget(listener)

    return WebSocketRoute(path, serve)


async def _pump(websocket: WebSocket, listener: Listener, hub: Notifications) -> None:
    """Writes the listener's messages to the socket, a heartbeat when there were none for a while."""
    try:
        while True:
            try:
                message = await asyncio.wait_for(listener.queue.get(), timeout=hub.heartbeat_seconds)
            except TimeoutError:
                message = {"type": "heartbeat"}
            if message is None:
                await websocket.close(code=listener.close_code)
                return
            await websocket.send_text(encode(message))
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


async def _read(websocket: WebSocket, user_id: int, listener: Listener, handle: ClientHandler) -> None:
    """The client's messages, until it goes: `ping`, and what `handle` understands."""
    bucket = TokenBucket(rate=4.0, burst=20.0)
    while True:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            return
        raw = received.get("text") or received.get("bytes") or ""
        if not bucket.take():
            continue
        try:
            message = safejson.loads(raw, max_chars=MAX_MESSAGE)
        except safejson.RejectedJson as bad:
            listener.put(error("malformed", detail=str(bad)))
            continue
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            listener.put(error("malformed", detail="kein JSON-Objekt"))
            continue
        if message["type"] == "ping":
            listener.put({"type": "pong", "ref": _ref(message)})
            continue
        try:
            answer = await handle(websocket, user_id, message)
        except Exception:  # a bug must not close the socket without a word: the client is told, it is logged
            log.exception("notifications: a message could not be handled")
            answer = error("internal", _ref(message))
        if answer is None:
            answer = error("unknown_type", _ref(message), kind=message["type"][:32])
        listener.put(answer)
