"""Limits against abuse: request bodies, password hashing, logins, proxy headers, guessing room codes,
security headers and the origin check."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up
from tests.server.live import LiveServer

from wolfrunde.server import passwords
from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.store import default_url

PROXY = "testclient"  # the TestClient's own address: made a trusted proxy to vary client addresses


def make(tmp_path: Path, **changes: object) -> ServerConfig:
    return ServerConfig(database_url=default_url(tmp_path), pause_seconds=(0.0, 0.01), **changes)  # type: ignore[arg-type]


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[TestClient]:
    config = make(tmp_path, trusted_proxies=frozenset({PROXY}), login_attempts_per_minute=(1000, 3))
    with TestClient(create_app(config), base_url="http://testserver") as client:
        yield client


def from_address(address: str) -> dict[str, str]:
    return {"x-forwarded-for": address}


def test_a_body_over_the_limit_is_refused_by_its_length_or_while_it_streams(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "data").start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
            raw.sendall(
                b"POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 200000000\r\n\r\n{}"
            )
            assert raw.recv(4096).startswith(b"HTTP/1.1 413"), "refused by its declared length alone"
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
            raw.sendall(
                b"POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n"
            )
            raw.setblocking(False)
            answer, sent = b"", 0
            while b"\r\n" not in answer and sent < 50_000_000:
                try:
                    raw.sendall(b"400\r\n" + b" " * 1024 + b"\r\n")
                    sent += 1024
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    pass
                with contextlib.suppress(BlockingIOError):
                    answer += raw.recv(4096)
        # The body never ends: an answer at all means the server refused it while it streamed. How much was
        # written before it came depends on the kernel's socket buffers (up to tens of MB on loopback) and on
        # how busy the machine is, not on the server.
        assert answer.startswith(b"HTTP/1.1 413"), f"no refusal after {sent} bytes: {answer[:80]!r}"
    finally:
        server.stop()


def test_at_most_two_passwords_are_hashed_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    running, most = 0, 0
    lock = threading.Lock()
    real = passwords.hash_password

    def counted(password: str) -> str:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        try:
            return real(password)
        finally:
            with lock:
                running -= 1

    monkeypatch.setattr(passwords, "hash_password", counted)
    app = create_app(make(tmp_path, registrations_per_hour=1000))

    async def many_sign_ups() -> list[int]:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
                answers = await asyncio.gather(
                    *(
                        http.post("/api/register", json={"name": f"Spieler {i}", "password": "geheim-123"})
                        for i in range(8)
                    )
                )
        return [answer.status_code for answer in answers]

    assert asyncio.run(many_sign_ups()) == [201] * 8
    assert most <= 2


def test_failed_logins_slow_down_for_that_name_and_address_only(proxied: TestClient) -> None:
    sign_up(proxied, "Anna")
    wrong = {"name": "Anna", "password": "falsch-falsch"}
    codes = [proxied.post("/api/login", json=wrong, headers=from_address("10.0.0.9")).status_code for _ in range(5)]
    assert codes == [401, 401, 401, 429, 429], "three free failures, then a wait"
    blocked = proxied.post("/api/login", json=wrong, headers=from_address("10.0.0.9")).json()
    assert blocked["error"] == "too_many_logins" and "Sekunden" in blocked["message"]
    right = {"name": "Anna", "password": "geheim-123"}
    assert proxied.post("/api/login", json=right, headers=from_address("10.0.0.7")).status_code == 200, (
        "the owner, from her own address, is not locked out"
    )


def test_a_login_for_an_unknown_name_checks_a_password_too(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = passwords.verify_password
    monkeypatch.setattr(passwords, "verify_password", lambda h, p: calls.append(h) or real(h, p))
    answer = client.post("/api/login", json={"name": "Niemand", "password": "geheim-123"})
    assert answer.status_code == 401 and len(calls) == 1 and calls[0].startswith("$argon2id$")


def test_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy(tmp_path: Path) -> None:
    config = make(tmp_path, login_attempts_per_minute=(3, 100))
    with TestClient(create_app(config), base_url="http://testserver") as client:
        codes = [
            client.post(
                "/api/login", json={"name": f"X{i}yz", "password": "geheim-123"}, headers=from_address(f"10.1.0.{i}")
            ).status_code
            for i in range(5)
        ]
    assert codes[-1] == 429, "a rotating X-Forwarded-For does not lift the per-address limit"


@pytest.mark.parametrize("path", ["/api/rooms/{}", "/api/tables/{}", "/api/ww/rooms/{}", "/api/tables/{}/qr.svg"])
def test_guessing_codes_is_limited_per_address_for_every_kind(proxied: TestClient, path: str) -> None:
    answers = [
        proxied.get(path.format(f"ACDEF{c}"), headers=from_address("10.2.0.1")).status_code
        for c in "ACDEFGHJKMNPQRTUVWXY34"
    ]
    assert 404 in answers and answers[-1] == 429
    assert "Zu viele" in proxied.get(path.format("ACDEFG"), headers=from_address("10.2.0.1")).json()["message"]
    assert proxied.get(path.format("ACDEFG"), headers=from_address("10.2.0.2")).status_code == 404, (
        "another address may still look up"
    )


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/health", "/static/style.css", "/api/rooms/ACDEFG"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"


def test_the_origin_must_be_the_configured_public_origin(tmp_path: Path) -> None:
    config = make(tmp_path, public_origins=("https://wolfrunde.example",))
    with TestClient(create_app(config), base_url="http://testserver") as client:
        body = {"name": "Gerd", "password": "geheim-123"}
        wrong_scheme = client.post("/api/register", json=body, headers={"origin": "http://wolfrunde.example"})
        spoofed_host = client.post(
            "/api/register", json=body, headers={"origin": "http://evil.example", "host": "evil.example"}
        )
        right = client.post("/api/register", json=body, headers={"origin": "https://wolfrunde.example"})
    assert wrong_scheme.status_code == 403 and spoofed_host.status_code == 403
    assert right.status_code == 201


def test_lobby_commands_with_a_ref_are_acknowledged(client: TestClient) -> None:
    host = sign_up(client, "Anna")
    guest = sign_up(client, "Ben")
    code = client.post("/api/rooms", headers=as_user(host)).json()["code"]
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        receive_until(ws, "lobby")
        ws.send_json({"type": "settings", "meldeliste": True, "ref": "s"})
        assert receive_until(ws, "ack")["ref"] == "s"
        ws.send_json({"type": "add_bot", "ref": "b"})
        assert receive_until(ws, "ack")["ref"] == "b"
        with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(guest)) as other:
            receive_until(other, "lobby")
            other.send_json({"type": "join", "ref": "j"})
            assert receive_until(other, "ack")["ref"] == "j"
        ws.send_json({"type": "kick", "seat": 2, "ref": "k"})
        assert receive_until(ws, "ack")["ref"] == "k"
