"""Invitations into an online room's lobby and the notification socket, in one process (no Redis)."""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import pytest
import websockets
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import as_user, sign_up
from tests.server.invite_helpers import invite, join, next_of, open_room, receive, start_with_bots
from tests.server.live import LiveServer

from wolfrunde.server.invites import INVITES_PER_MINUTE, Refused, check
from wolfrunde.server.online.lobby import MAX_SEATS
from wolfrunde.store import Database, User, default_url
from wolfrunde.store import invites as store
from wolfrunde.store.account_deletion import delete_account
from wolfrunde.store.rooms import StoredRoom, create_room


def _room(
    status: str = "lobby", seats: list[dict[str, object]] | None = None, removed: tuple[int, ...] = ()
) -> StoredRoom:
    seats = [{"name": "Anna", "user_id": 1}] if seats is None else seats
    state = {"host_id": 1, "seats": seats, "removed": list(removed)}
    return StoredRoom("KQTDA", "online", status, 1, state, None, None, 0.0, 0.0, None)


def _user(user_id: int, name: str) -> User:
    return User(id=user_id, name=name, name_key=name.casefold(), password_hash="x", created_at=0.0)


BEN = _user(2, "Ben")


def test_the_rules_of_who_may_invite_whom() -> None:
    assert check(_room(), 1, BEN) is None
    two = [{"name": "Anna", "user_id": 1}, {"name": "Carla", "user_id": 3}]
    assert check(_room(seats=two), 3, BEN) is None, "any seated player may invite, not only the host"
    assert check(_room("running"), 1, BEN) == Refused(409, "invite_closed")
    assert check(_room("ended"), 1, BEN) == Refused(409, "invite_closed")
    assert check(_room(), 3, BEN) == Refused(403, "invite_not_seated")
    bots = [{"name": "Anna", "user_id": 1}, {"name": "Agathe", "user_id": None, "bot": True}]
    assert check(_room(seats=bots), 1, None) == Refused(404, "invite_unknown_name")
    assert check(_room(), 1, _user(1, "Anna")) == Refused(400, "invite_self")
    seated = [{"name": "Anna", "user_id": 1}, {"name": "Ben", "user_id": 2}]
    assert check(_room(seats=seated), 1, BEN) == Refused(409, "invite_seated", {"name": "Ben"})
    assert check(_room(removed=(2,)), 1, BEN) == Refused(409, "invite_removed", {"name": "Ben"})
    full = [{"name": "Anna", "user_id": 1}] + [{"name": f"Bot {i}", "bot": True} for i in range(MAX_SEATS - 1)]
    assert check(_room(seats=full), 1, BEN) == Refused(409, "invite_full")


def test_every_refusal_over_http_has_its_german_message(client: TestClient) -> None:
    anna, ben, carla = sign_up(client, "Anna"), sign_up(client, "Ben"), sign_up(client, "Carla")
    code = open_room(client, anna)

    def refused(token: str, name: str, room: str = code) -> tuple[int, str, str]:
        answer = invite(client, token, room, name)
        return answer.status_code, answer.json()["error"], answer.json()["message"]

    assert refused(anna, "Niemand") == (404, "invite_unknown_name", "Diesen Namen gibt es nicht.")
    assert refused(anna, "anna") == (400, "invite_self", "Dich selbst kannst du nicht einladen.")
    assert refused(carla, "Ben") == (403, "invite_not_seated", "Einladen kann nur, wer an diesem Tisch sitzt.")
    assert refused(anna, "Ben", "QQQQQ") == (404, "no_room", "Diesen Raum gibt es nicht.")
    join(client, ben, code)
    assert refused(anna, "ben") == (409, "invite_seated", "Ben sitzt schon an diesem Tisch.")
    assert invite(client, ben, code, "Carla").status_code == 201, "a seated guest invites too"
    assert invite(client, anna, code, "").status_code == 404
    assert client.post(f"/api/rooms/{code}/invites", json={"name": "Ben"}).status_code == 401
    foreign = client.post(
        f"/api/rooms/{code}/invites", json={"name": "Ben"}, headers={**as_user(anna), "origin": "https://evil.example"}
    )
    assert foreign.status_code == 403 and foreign.json()["error"] == "wrong_origin"
    assert client.post(f"/api/rooms/{code}/invites", json={"who": "Ben"}, headers=as_user(anna)).status_code == 400
    start_with_bots(client, anna, code)
    assert refused(anna, "Carla") == (
        409,
        "invite_closed",
        "Das Spiel läuft schon oder ist vorbei: Einladen geht nur im Vorraum.",
    )


def test_invitations_are_limited_per_inviting_account(client: TestClient) -> None:
    anna, _ = sign_up(client, "Anna"), sign_up(client, "Ben")
    code = open_room(client, anna)
    answers = [invite(client, anna, code, "Ben").status_code for _ in range(INVITES_PER_MINUTE)]
    assert answers == [201] * INVITES_PER_MINUTE, "inviting again replaces the invitation"
    too_many = invite(client, anna, code, "Niemand")
    assert too_many.status_code == 429
    assert too_many.json()["message"] == "Zu viele Einladungen in kurzer Zeit. Bitte eine Minute warten."
    carla = sign_up(client, "Carla")
    join(client, carla, code)
    assert invite(client, carla, code, "Ben").status_code == 201, "the limit is each inviter's own"


def test_an_invitation_reaches_the_invitee_at_once_and_nobody_else(client: TestClient) -> None:
    anna, ben, carla = sign_up(client, "Anna"), sign_up(client, "Ben"), sign_up(client, "Carla")
    code = open_room(client, anna)
    with (
        client.websocket_connect("/ws/notifications", headers=as_user(ben)) as ben_ws,
        client.websocket_connect("/ws/notifications", headers=as_user(carla)) as carla_ws,
    ):
        assert next_of(ben_ws, "invites") == {"type": "invites", "invites": []}
        assert next_of(carla_ws, "invites")["invites"] == []
        made = invite(client, anna, code, "Ben")
        assert made.status_code == 201 and made.json()["invite"]["to"]["name"] == "Ben"
        sent = next_of(ben_ws, "invite")["invite"]
        assert sent["code"] == code and sent["link"] == f"/r/{code}" and sent["from"]["name"] == "Anna"
        assert sent["id"] == made.json()["invite"]["id"]
        assert invite(client, anna, code, "Carla").status_code == 201
        assert next_of(carla_ws, "invite")["invite"]["id"] != sent["id"], "Carla's first message is her own"
        ben_ws.send_json({"type": "ping", "ref": 7})
        assert next_of(ben_ws, "pong") == {"type": "pong", "ref": 7}, "Ben heard nothing of Carla's invitation"


def test_a_quiet_socket_hears_a_heartbeat(client: TestClient) -> None:
    ben = sign_up(client, "Ben")
    client.app.state.notifications.heartbeat_seconds = 0.05  # type: ignore[attr-defined]
    with client.websocket_connect("/ws/notifications", headers=as_user(ben)) as ws:
        assert receive(ws)["type"] == "invites"
        assert receive(ws) == {"type": "heartbeat"}


def test_without_a_session_or_from_elsewhere_the_socket_is_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws/notifications") as ws:
        assert ws.receive_json()["message"] == "Bitte zuerst anmelden."
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401
    ben = sign_up(client, "Ben")
    with client.websocket_connect(
        "/ws/notifications", headers={**as_user(ben), "origin": "https://evil.example"}
    ) as ws:
        assert ws.receive_json()["code"] == "wrong_origin"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_a_pending_invitation_waits_and_goes_when_the_invitee_joins(client: TestClient) -> None:
    anna, ben = sign_up(client, "Anna"), sign_up(client, "Ben")
    code = open_room(client, anna)
    made = invite(client, anna, code, "Ben").json()["invite"]
    with client.websocket_connect("/ws/notifications", headers=as_user(ben)) as ws:
        waiting = next_of(ws, "invites")["invites"]
        assert [(i["id"], i["code"], i["from"]["name"]) for i in waiting] == [(made["id"], code, "Anna")]
        join(client, ben, code)
        assert next_of(ws, "invite_gone") == {"type": "invite_gone", "id": made["id"], "code": code}
    with client.websocket_connect("/ws/notifications", headers=as_user(ben)) as ws:
        assert next_of(ws, "invites")["invites"] == []


def test_the_start_of_the_game_takes_every_invitation_away(client: TestClient) -> None:
    anna, ben, carla = sign_up(client, "Anna"), sign_up(client, "Ben"), sign_up(client, "Carla")
    code = open_room(client, anna)
    for name in ("Ben", "Carla"):
        assert invite(client, anna, code, name).status_code == 201
    with client.websocket_connect("/ws/notifications", headers=as_user(ben)) as ws:
        assert len(next_of(ws, "invites")["invites"]) == 1
        start_with_bots(client, anna, code)
        assert next_of(ws, "invite_gone")["code"] == code
    with client.websocket_connect("/ws/notifications", headers=as_user(carla)) as ws:
        assert next_of(ws, "invites")["invites"] == []


def test_the_invitee_dismisses_his_own_invitation_on_every_device(client: TestClient) -> None:
    anna, ben, carla = sign_up(client, "Anna"), sign_up(client, "Ben"), sign_up(client, "Carla")
    code = open_room(client, anna)
    made = invite(client, anna, code, "Ben").json()["invite"]
    with (
        client.websocket_connect("/ws/notifications", headers=as_user(ben)) as phone,
        client.websocket_connect("/ws/notifications", headers=as_user(ben)) as laptop,
        client.websocket_connect("/ws/notifications", headers=as_user(carla)) as other,
    ):
        for ws in (phone, laptop, other):
            next_of(ws, "invites")
        other.send_json({"type": "dismiss", "id": made["id"], "ref": 1})
        assert next_of(other, "ack") == {"type": "ack", "ref": 1}
        phone.send_json({"type": "dismiss", "id": "x", "ref": 2})
        assert next_of(phone, "error")["code"] == "malformed"
        for too_big in (2**63, -(2**63) - 1, 0):  # beyond what the store can hold: told, the socket stays
            phone.send_json({"type": "dismiss", "id": too_big, "ref": "big"})
            assert next_of(phone, "error")["code"] == "malformed"
        phone.send_json({"type": "shout"})
        assert next_of(phone, "error")["message"] == "Unbekannter Nachrichtentyp „shout“."
        phone.send_json({"type": "dismiss", "id": made["id"], "ref": 3})
        gone = {"type": "invite_gone", "id": made["id"], "code": code}
        assert next_of(phone, "invite_gone") == gone, "Carla could not dismiss Ben's invitation"
        assert next_of(phone, "ack")["ref"] == 3
        assert next_of(laptop, "invite_gone") == gone


def test_old_invitations_and_those_of_deleted_accounts_are_gone(tmp_path: Path) -> None:
    db = Database(default_url(tmp_path))
    db.migrate()
    from wolfrunde.store import accounts

    anna, ben = (accounts.create_user(db, name, "x") for name in ("Anna", "Ben"))
    assert anna is not None and ben is not None
    state = {"host_id": anna.id, "seats": [{"name": "Anna", "user_id": anna.id}], "removed": []}
    create_room(db, "KQTDA", "online", state, host_id=anna.id)
    now = time.time()
    store.save_invite(db, "KQTDA", anna.id, ben.id, now=now - store.MAX_AGE_SECONDS - 1)
    assert store.pending(db, ben.id, now=now) == []
    store.save_invite(db, "KQTDA", anna.id, ben.id, now=now)
    assert [i.inviter_name for i in store.pending(db, ben.id, now=now)] == ["Anna"]
    delete_account(db, anna.id)
    assert store.pending(db, ben.id, now=now) == []
    db.close()


def test_the_socket_ends_cleanly_when_the_server_shuts_down(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "data").start()
    try:
        token = sign_up_live(server.url, "Ben")

        async def scene() -> int:
            address = server.url.replace("http", "ws") + "/ws/notifications"
            async with websockets.connect(address, additional_headers=as_user(token)) as ws:
                assert "invites" in await asyncio.wait_for(ws.recv(), 20)
                assert server.process is not None
                server.process.terminate()
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), 20)
                assert closed.value.rcvd is not None
                return closed.value.rcvd.code

        assert asyncio.run(scene()) == 1012
        assert server.process is not None
        assert server.process.wait(timeout=20) in (0, -signal.SIGTERM), "uvicorn exits by the signal it got"
        assert "Traceback" not in server.log.read_text()
    finally:
        server.stop()


def sign_up_live(url: str, name: str) -> str:
    import httpx

    answer = httpx.post(f"{url}/api/register", json={"name": name, "password": "geheim-123"}, timeout=20)
    assert answer.status_code == 201, answer.text
    return str(answer.cookies["wolfrunde_session"])
