import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import as_user, receive_until, sign_up


def test_register_sets_a_secure_session_cookie_and_me_knows_the_user(client: TestClient) -> None:
    response = client.post("/api/register", json={"name": "Anna", "password": "geheim-123"})
    assert response.status_code == 201
    assert response.json()["user"]["name"] == "Anna"
    header = response.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header
    assert client.get("/api/me").json()["user"]["name"] == "Anna"


def test_logout_ends_the_session(client: TestClient) -> None:
    token = sign_up(client, "Ben")
    assert client.get("/api/me", headers=as_user(token)).status_code == 200
    assert client.post("/api/logout", headers=as_user(token)).status_code == 204
    response = client.get("/api/me", headers=as_user(token))
    assert response.status_code == 401
    assert response.json()["message"] == "Bitte zuerst anmelden."


def test_login_checks_the_password(client: TestClient) -> None:
    sign_up(client, "Carl", "richtig-123")
    bad = client.post("/api/login", json={"name": "carl", "password": "falsch-123"})
    assert bad.status_code == 401 and "stimmt nicht" in bad.json()["message"]
    good = client.post("/api/login", json={"name": "carl", "password": "richtig-123"})
    assert good.status_code == 200 and good.json()["user"]["name"] == "Carl"
    assert "wolfrunde_session" in good.cookies


def test_register_refuses_taken_and_bad_names_and_short_passwords(client: TestClient) -> None:
    sign_up(client, "Dora")
    assert client.post("/api/register", json={"name": "DORA", "password": "geheim-123"}).status_code == 409
    assert client.post("/api/register", json={"name": "x", "password": "geheim-123"}).status_code == 400
    assert client.post("/api/register", json={"name": "<script>", "password": "geheim-123"}).status_code == 400
    short = client.post("/api/register", json={"name": "Emil", "password": "kurz"})
    assert short.status_code == 400 and "mindestens 8" in short.json()["message"]


def test_login_attempts_are_rate_limited_per_name(client: TestClient) -> None:
    sign_up(client, "Frieda", "richtig-123")
    codes = [
        client.post("/api/login", json={"name": "Frieda", "password": f"falsch-{i}xx"}).status_code for i in range(6)
    ]
    assert codes == [401] * 5 + [429]
    blocked = client.post("/api/login", json={"name": "Frieda", "password": "richtig-123"})
    assert blocked.status_code == 429 and "Zu viele" in blocked.json()["message"]


def test_cross_site_and_non_json_posts_are_refused(client: TestClient) -> None:
    foreign = client.post(
        "/api/register", json={"name": "Gerd", "password": "geheim-123"}, headers={"origin": "https://evil.example"}
    )
    assert foreign.status_code == 403
    form = client.post("/api/register", content=b"name=Gerd", headers={"content-type": "text/plain"})
    assert form.status_code == 415


def test_rooms_need_a_login_and_get_a_code_and_link(client: TestClient) -> None:
    assert client.post("/api/rooms").status_code == 401
    token = sign_up(client, "Hanna")
    response = client.post("/api/rooms", headers=as_user(token))
    assert response.status_code == 201
    body = response.json()
    assert body["link"] == f"/r/{body['code']}"
    info = client.get(f"/api/rooms/{body['code'].lower()}")
    assert info.json() == {"code": body["code"], "status": "lobby", "players": 1}
    assert client.get("/api/rooms/nonsense").status_code == 404


def test_the_web_client_is_served_for_the_online_page_and_room_links(client: TestClient) -> None:
    for path in ("/online", "/r/ACDEF"):
        page = client.get(path)
        assert page.status_code == 200 and 'lang="de"' in page.text and "/static/app.js" in page.text
    start = client.get("/")
    assert start.status_code == 200 and "/static/app.js" not in start.text and 'href="/online"' in start.text
    assert client.get("/static/app.js").status_code == 200


def test_logout_closes_the_sockets_its_session_opened_and_no_other(client: TestClient) -> None:
    phone = sign_up(client, "Greta")
    laptop = client.post("/api/login", json={"name": "Greta", "password": "geheim-123"}).cookies["wolfrunde_session"]
    client.cookies.clear()
    code = client.post("/api/rooms", headers=as_user(phone)).json()["code"]
    with (
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(phone)) as room,
        client.websocket_connect("/ws/notifications", headers=as_user(phone)) as notes,
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(laptop)) as other,
    ):
        receive_until(room, "lobby")
        receive_until(notes, "invites")
        receive_until(other, "lobby")
        assert client.post("/api/logout", headers=as_user(phone)).status_code == 204
        for socket in (room, notes):
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(50):
                    socket.receive_json()
            assert closed.value.code == 4401, "closed as not logged in: the page shows the login"
        other.send_json({"type": "add_bot", "ref": "still"})
        assert receive_until(other, "ack")["ref"] == "still", "the laptop's own session goes on"
