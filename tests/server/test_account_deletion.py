""" "Konto löschen" (`/konto`): the account, its sessions and every trace of it in stored rooms go; its seats
in stored games become "Gelöschter Spieler"; nothing of it remains in any table."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import inspect, select, text
from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up

from wolfrunde.server.match import recommended
from wolfrunde.server.narration_voices import voices_for
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.store import Database, accounts
from wolfrunde.store import rooms as store
from wolfrunde.store.account_deletion import DELETED_PLAYER
from wolfrunde.store.models import ChatMessage

NAME = "Zenzi Quast"  # a name no bot, role or text of the game contains
PASSWORD = "geheim-123"


def _db(client: TestClient) -> Database:
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    return db


def _user_id(client: TestClient, name: str) -> int:
    user = accounts.find_user(_db(client), name)
    assert user is not None
    return user.id


def _stored_room(
    db: Database, code: str, status: str, seats: list[tuple[str, int | None]], host: int, *, removed: list[int] = ()
) -> None:  # type: ignore[assignment]
    """An online room with these seats ((name, account id), None for a bot)."""
    lobby = Lobby(host_id=host)
    for name, user in seats:
        if user is None:
            lobby.add_bot()
            lobby.seats[-1].name = name
        else:
            lobby.join(user, name)
    lobby.removed = list(removed)
    assert store.create_room(db, code, "online", lobby.to_dict(), host_id=host)
    if status != "lobby":
        names = [name for name, _ in seats]
        roles = recommended(len(names), "wolfrunde")
        assert roles is not None
        setup = {"names": names, "roles": roles, "center": [], "rules": "wolfrunde", "mode": "online"}
        setup |= {"seed": 7, "narration_seed": 1, "meldeliste": False}
        store.save_room(db, code, status=status, setup=setup, ended_at=None if status == "running" else 1.0)


def _every_row(db: Database) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table the database has (Alembic's own included), by table."""
    rows = {}
    with db.engine.connect() as connection:
        for table in inspect(connection).get_table_names():
            result = connection.execute(text(f'SELECT * FROM "{table}"'))
            rows[table] = [dict(row._mapping) for row in result]
    return rows


def _delete(client: TestClient, token: str, password: str = PASSWORD) -> Any:
    return client.post("/konto", data={"passwort": password}, headers=as_user(token))


def test_deleting_an_account_leaves_nothing_of_it_in_any_table(client: TestClient) -> None:
    token = sign_up(client, NAME, PASSWORD)
    second_device = client.post("/api/login", json={"name": NAME, "password": PASSWORD}).cookies["wolfrunde_session"]
    client.cookies.clear()
    sign_up(client, "Ben")
    sign_up(client, "Carl")
    me, ben, carl = _user_id(client, NAME), _user_id(client, "Ben"), _user_id(client, "Carl")
    db = _db(client)
    five = [(NAME, me), ("Ben", ben), ("Carl", carl), ("Agathe", None), ("Bertold", None)]
    _stored_room(db, "RUNNGA", "running", five, host=me)
    store.add_chat(db, "RUNNGA", "village", 0, f"Hallo, hier ist {NAME}")
    store.add_chat(db, "RUNNGA", "village", 1, "Hallo von Ben")
    ended = [("Ben", ben), (NAME, me), ("Carl", carl), ("Agathe", None), ("Jobst", None)]
    _stored_room(db, "ENDEDA", "ended", ended, host=ben)
    _stored_room(db, "WAQTEA", "lobby", [("Ben", ben), (NAME, me), ("Carl", carl)], host=ben)
    store.add_chat(db, "WAQTEA", "lobby", 1, "bin gleich da")
    store.add_chat(db, "WAQTEA", "lobby", 2, "ich auch")
    _stored_room(db, "ACDNEA", "lobby", [(NAME, me), ("Agathe", None)], host=me)
    store.add_chat(db, "ACDNEA", "lobby", 0, "niemand hier?")
    _stored_room(db, "KANNDA", "lobby", [("Carl", carl)], host=carl, removed=[me])
    assert NAME in json.dumps(_every_row(db), default=str)

    spoken = voices_for(client.app.state.config).narration.name_path(NAME, "jutta")  # type: ignore[attr-defined]
    spoken.parent.mkdir(parents=True, exist_ok=True)
    spoken.write_bytes(b"Zenzi, gesprochen")
    assert client.get("/konto", headers=as_user(token)).status_code == 200
    answer = _delete(client, token)
    assert answer.status_code == 200 and "Konto gelöscht" in answer.text
    assert 'wolfrunde_session=""' in answer.headers["set-cookie"]

    assert not spoken.exists(), "the narrator's clip of the name stays"
    rows = _every_row(db)
    dump = json.dumps(rows, default=str, ensure_ascii=False)
    assert NAME not in dump and NAME.casefold() not in dump.casefold()
    assert me not in {user["id"] for user in rows["users"]} and len(rows["users"]) == 2
    assert {session["user_id"] for session in rows["sessions"]} <= {ben, carl}
    for room in rows["rooms"]:
        state = json.loads(room["state"]) if isinstance(room["state"], str) else room["state"]
        assert room["host_id"] != me and state["host_id"] != me and me not in state["removed"]
        assert all(seat["user_id"] != me for seat in state["seats"])
    assert {room["code"] for room in rows["rooms"]} == {"RUNNGA", "ENDEDA", "WAQTEA", "KANNDA"}  # ACDNEA: nobody left

    running = store.load_room(db, "RUNNGA")
    assert running is not None and running.status == "running" and running.host_id == ben
    assert [s["name"] for s in running.state["seats"]] == [DELETED_PLAYER, "Ben", "Carl", "Agathe", "Bertold"]
    assert running.setup is not None and running.setup["names"][0] == DELETED_PLAYER
    assert [line.text for line in store.chat_history(db, "RUNNGA")] == ["Hallo von Ben"]
    ended = store.load_room(db, "ENDEDA")
    assert ended is not None and ended.state["seats"][1] == {"name": DELETED_PLAYER, "user_id": None, "bot": False}
    waiting = store.load_room(db, "WAQTEA")
    assert waiting is not None and [s["name"] for s in waiting.state["seats"]] == ["Ben", "Carl"]
    assert [(line.seat, line.text) for line in store.chat_history(db, "WAQTEA")] == [(1, "ich auch")]
    with db.session() as session:
        assert session.scalars(select(ChatMessage).where(ChatMessage.room_code == "ACDNEA")).all() == []

    for cookie in (token, second_device):  # every session is gone
        assert client.get("/api/me", headers=as_user(cookie)).status_code == 401
    assert client.post("/api/login", json={"name": NAME, "password": PASSWORD}).status_code == 401
    assert client.post("/api/register", json={"name": NAME, "password": PASSWORD}).status_code == 201  # free again


def test_the_stored_game_plays_on_with_the_deleted_seat(client: TestClient) -> None:
    token = sign_up(client, NAME, PASSWORD)
    ben_token = sign_up(client, "Ben")
    me, ben = _user_id(client, NAME), _user_id(client, "Ben")
    db = _db(client)
    seats = [("Ben", ben), (NAME, me), ("Agathe", None), ("Bertold", None), ("Cäcilie", None)]
    _stored_room(db, "RUNNGC", "running", seats, host=ben)
    assert _delete(client, token).status_code == 200
    with client.websocket_connect("/ws/rooms/RUNNGC", headers=as_user(ben_token)) as ws:
        assert receive_until(ws, "welcome")["you"]["seat"] == 0
        lobby = receive_until(ws, "lobby")
        assert [seat["name"] for seat in lobby["seats"]][:2] == ["Ben", DELETED_PLAYER]
        game = receive_until(ws, "game")
        assert NAME not in json.dumps(game, ensure_ascii=False)
        assert DELETED_PLAYER in json.dumps(game, ensure_ascii=False)


def test_a_room_in_memory_follows_and_the_account_leaves_it(client: TestClient) -> None:
    token = sign_up(client, NAME, PASSWORD)
    ben_token = sign_up(client, "Ben")
    code = client.post("/api/rooms", headers=as_user(token)).json()["code"]
    with (
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as mine,
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(ben_token)) as bens,
    ):
        assert receive_until(mine, "welcome")["you"]["seat"] == 0
        receive_until(bens, "welcome")
        bens.send_json({"type": "join", "ref": "j"})
        assert receive_until(bens, "welcome")["you"]["seat"] == 1
        assert _delete(client, token).status_code == 200
        lobby = receive_until(bens, "lobby")
        while len(lobby["seats"]) != 1:
            lobby = receive_until(bens, "lobby")
        assert lobby["seats"][0]["name"] == "Ben" and lobby["seats"][0]["host"] is True
        bens.send_json({"type": "add_bot", "ref": "b"})  # Ben is the host now, in memory as in the store
        assert receive_until(bens, "ack")["ref"] == "b"
    stored = store.load_room(_db(client), code)
    assert stored is not None and stored.host_id == _user_id(client, "Ben")
    assert NAME not in json.dumps(stored.state, ensure_ascii=False) and len(stored.state["seats"]) == 2


def test_a_wrong_password_or_a_foreign_page_deletes_nothing(client: TestClient) -> None:
    token = sign_up(client, NAME, PASSWORD)
    wrong = _delete(client, token, "falsch-falsch")
    assert wrong.status_code == 403 and "Das Passwort stimmt nicht" in wrong.text
    foreign = client.post(
        "/konto", data={"passwort": PASSWORD}, headers={**as_user(token), "origin": "https://example.org"}
    )
    assert foreign.status_code == 403 and "nicht von dieser Seite" in foreign.text
    empty = client.post("/konto", content=b"passwort=", headers={**as_user(token), "content-type": FORM})
    assert empty.status_code == 400 and "nicht vollständig" in empty.text
    nobody = client.post("/konto", data={"passwort": PASSWORD})
    assert nobody.status_code == 401 and "nicht angemeldet" in nobody.text
    assert client.get("/api/me", headers=as_user(token)).json()["user"]["name"] == NAME
    assert wrong.headers["cache-control"] == "no-store"


def test_wrong_passwords_slow_down_like_logins(client: TestClient) -> None:
    token = sign_up(client, NAME, PASSWORD)
    answers = [_delete(client, token, f"falsch-{n}").status_code for n in range(8)]
    assert answers[0] == 403 and answers[-1] == 429
    assert client.get("/api/me", headers=as_user(token)).status_code == 200


def test_the_page_shows_who_is_logged_in_and_never_is_cached(client: TestClient) -> None:
    logged_out = client.get("/konto")
    assert logged_out.status_code == 200 and "nicht angemeldet" in logged_out.text
    token = sign_up(client, NAME, PASSWORD)
    page = client.get("/konto", headers=as_user(token))
    assert NAME in page.text and 'type="password"' in page.text and 'action="/konto"' in page.text
    assert page.headers["cache-control"] == "no-store" and 'name="robots" content="noindex"' in page.text


FORM = "application/x-www-form-urlencoded"
