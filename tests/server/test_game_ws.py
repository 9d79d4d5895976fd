import random
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up
from tests.server.rooms_harness import CODE
from tests.server.test_online_day import NAMES, day_room

from wolfrunde.bots.strategy import choose
from wolfrunde.store import accounts

MESSAGE_LIMIT = 5000


# two wolves among six: no first night ends the game (with a Hexe, one in about 35 random games of five
# ended at the first dawn, before a test's first move), and the day waits for the host's vote
STEADY = ["werewolf", "werewolf", "villager", "villager", "villager", "villager"]


def start_with_bots(  # type: ignore[no-untyped-def]
    client: TestClient, ws, bots: int, roles: list[str] | None = None
) -> list[dict[str, Any]]:
    """Starts the game (with `roles` dealt, one per seat, when given) and waits for its ack; returns the
    game messages that came before the ack (the first questions may be among them)."""
    for _ in range(bots):
        ws.send_json({"type": "add_bot"})
    if roles is not None:
        ws.send_json({"type": "settings", "roles": roles})
    ws.send_json({"type": "start", "ref": "go"})
    before: list[dict[str, Any]] = []
    for _ in range(100):
        message = ws.receive_json()
        if message["type"] == "ack" and message.get("ref") == "go":
            return before
        if message["type"] == "game":
            before.append(message)
    raise AssertionError("the start was never acknowledged")


def game_messages(ws, first: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:  # type: ignore[no-untyped-def]
    """The game messages of a socket, beginning with those `start_with_bots` returned."""
    yield from first
    for _ in range(MESSAGE_LIMIT):
        message = ws.receive_json()
        if message["type"] == "game":
            yield message


def open_room(client: TestClient) -> tuple[str, str]:
    token = sign_up(client, "Anna")
    return token, client.post("/api/rooms", headers=as_user(token)).json()["code"]


def test_host_and_server_bots_play_a_whole_game(client: TestClient) -> None:
    token, code = open_room(client)
    rng = random.Random(4)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        final = None
        for message in game_messages(ws, start_with_bots(client, ws, 6)):
            view = message["view"]
            assert view["seat"] == 0 and message["seat"] == 0
            if view["result"] is not None:
                final = message
                break
            move = choose(view, rng)
            if move is not None:
                ws.send_json({"type": "decide", "kind": move[0], "choice": move[1]})
        assert final is not None, "the game did not end"
        view = final["view"]
        assert view["phase"] == "over"
        assert all(player["role"] for player in view["players"]), "everyone's role is open at the end"
        assert {channel["id"] for channel in final["channels"]} >= {"village", "wolves", "beyond"}
        info = client.get(f"/api/rooms/{code}").json()
        assert info["status"] == "ended"


def test_illegal_and_foreign_decisions_are_refused_and_change_nothing(client: TestClient) -> None:
    token, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        start_with_bots(client, ws, 5, STEADY)
        first = receive_until(ws, "game")
        ws.send_json({"type": "decide", "kind": "no_such_step", "choice": 1, "ref": "x"})
        error = receive_until(ws, "error")
        assert error["code"] == "illegal" and error["ref"] == "x"
        assert error["message"].startswith("Dieser Zug ist nicht erlaubt: ")
        ws.send_json({"type": "decide", "kind": "vote", "choice": 1, "seat": 3, "ref": "y"})
        assert receive_until(ws, "error")["code"] == "wrong_seat"
        ws.send_json({"type": "ping", "ref": "still-here"})
        message = ws.receive_json()
        while message["type"] != "pong":
            message = ws.receive_json()
        assert first["view"]["seat"] == 0
        ws.send_json({"type": "start"})
        assert receive_until(ws, "error")["code"] == "lobby_closed"


def test_reconnect_brings_the_player_back_to_the_seat_with_the_full_view(client: TestClient) -> None:
    token, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        start_with_bots(client, ws, 5, STEADY)
        seen = receive_until(ws, "game")
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        welcome = receive_until(ws, "welcome")
        assert welcome["you"]["seat"] == 0
        again = receive_until(ws, "game")
        assert again["view"]["you"] == seen["view"]["you"]
        assert again["view"]["players"][0]["role"] == seen["view"]["you"]["role"]
        assert receive_until(ws, "chat_history")["messages"] == []


def test_non_players_cannot_decide_or_chat(client: TestClient) -> None:
    token, code = open_room(client)
    stranger = sign_up(client, "Zora")
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        start_with_bots(client, ws, 5, STEADY)
        with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(stranger)) as other:
            assert receive_until(other, "welcome")["you"]["seat"] is None
            other.send_json({"type": "decide", "kind": "vote", "choice": 0})
            assert receive_until(other, "error")["code"] == "not_seated"
            other.send_json({"type": "join"})
            assert receive_until(other, "error")["code"] == "lobby_closed"


def test_a_vote_changed_over_the_websocket_counts_and_every_seat_sees_the_same_tally(
    client: TestClient, tmp_path: Path
) -> None:
    """Anna (the Hauptmann, her vote counts twice) votes Ben, then changes to Carl before the vote closes;
    every seat gets the same live tally, nobody but Anna a view of her change, and the result shows her
    last ballot."""
    db = day_room(tmp_path)
    tokens = {seat: accounts.open_session(db, seat + 1) for seat in range(len(NAMES))}
    with ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(client.websocket_connect(f"/ws/rooms/{CODE}", headers=as_user(token)))
            for seat, token in tokens.items()
        }
        for seat, ws in sockets.items():
            assert settled(ws, len(NAMES))["view"]["step"] == "vote"
            until_pong(ws, f"connected-{seat}")  # the rest of what its own arrival brought
        told: dict[int, list[dict[str, Any]]] = {seat: [] for seat in sockets}

        def vote(seat: int, target: int, ref: str) -> None:
            sockets[seat].send_json({"type": "decide", "kind": "vote", "choice": target, "ref": ref})
            for other, ws in sockets.items():
                told[other] += until_pong(ws, f"{ref}-{other}")

        vote(0, 1, "a")
        vote(0, 2, "b")  # Anna changes her mind
        last = [m for m in told[0] if m["type"] == "game"][-1]
        changed = last["view"]
        assert changed["changeable"][0]["chosen"] == 2
        assert changed["pending"] == [] and last["timer"] is not None, "she may change it until the deadline"
        assert changed["events"][-1] == {"type": "vote_changed", "voter": 0, "kind": "vote", "target": 2}
        for seat in (1, 2, 3, 5):
            assert [m["type"] for m in told[seat] if m["type"] not in ("voted", "pong", "ack")] == [], (
                "another seat learns of the change only through the tally"
            )
        vote(2, 1, "c")
        vote(1, 2, "d")
        vote(3, 2, "e")
        tallies = {seat: [m for m in messages if m["type"] == "voted"] for seat, messages in told.items()}
        assert all(messages == tallies[3] for messages in tallies.values()), "the same for every seat"
        assert [(m["seats"], m["counts"]) for m in tallies[3]] == [
            ([0], [{"seat": 1, "votes": 2}]),
            ([0], [{"seat": 2, "votes": 2}]),
            ([0, 2], [{"seat": 2, "votes": 2}, {"seat": 1, "votes": 1}]),
            ([0, 1, 2], [{"seat": 2, "votes": 3}, {"seat": 1, "votes": 1}]),
            ([0, 1, 2, 3], [{"seat": 2, "votes": 4}, {"seat": 1, "votes": 1}]),
        ]
        sockets[5].send_json({"type": "decide", "kind": "vote", "choice": 1, "ref": "f"})  # the last: it closes
        closed = receive_until(sockets[4], "game", limit=20)["view"]
        (votes,) = [e for e in closed["events"] if e["type"] == "votes"]
        assert votes["ballots"] == {"0": 2, "1": 2, "2": 1, "3": 2, "5": 1}
        assert votes["counts"] == {"2": 4, "1": 2}
        sockets[0].send_json({"type": "decide", "kind": "vote", "choice": 1, "ref": "late"})
        late = receive_until(sockets[0], "error", limit=50)
        # refused: by the rules (the vote is closed), or still earlier while the narrator tells the verdict
        assert late["ref"] == "late" and late["code"] in ("illegal", "not_now"), "a closed vote cannot be changed"


def settled(ws, seats: int) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """Reads what connecting brings until the seat has its game and a lobby that shows all `seats` seats
    connected (each arrival is told to everyone as a lobby, whenever the room gets to it); the game."""
    game = None
    everyone = False
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] == "game":
            game = message
        elif message["type"] == "lobby":
            everyone = len(message["seats"]) == seats and all(seat["online"] for seat in message["seats"])
        if game is not None and everyone:
            return game
    raise AssertionError("the seat never saw its game and everyone connected")


def until_pong(ws, ref: str) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    """Every message up to the answer of a ping sent now: all the room had to say before it."""
    ws.send_json({"type": "ping", "ref": ref})
    received = []
    for _ in range(50):
        message = ws.receive_json()
        received.append(message)
        if message["type"] == "pong" and message.get("ref") == ref:
            return received
    raise AssertionError(f"no pong for {ref}")
