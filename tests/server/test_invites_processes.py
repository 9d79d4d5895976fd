"""Invitations across server processes: two apps on one PostgreSQL database and one Redis, as behind the
balancer. An invitation made on one reaches the invitee's socket on the other; pending ones are listed by
either; a join on one takes the invitation away on the other."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient
from tests.server.conftest import as_user, sign_up
from tests.server.invite_helpers import invite, join, next_of, open_room, receive, visit

ROOT = Path(__file__).resolve().parents[2]


def test_an_invitation_made_on_one_process_reaches_the_invitee_on_the_other(
    two: tuple[TestClient, TestClient],
) -> None:
    a, b = two
    anna, ben, carla = sign_up(a, "Anna"), sign_up(a, "Ben"), sign_up(a, "Carla")
    code = open_room(a, anna)
    visit(a, anna, code)  # process A runs the room from now on
    with (
        b.websocket_connect("/ws/notifications", headers=as_user(ben)) as ben_on_b,
        b.websocket_connect("/ws/notifications", headers=as_user(carla)) as carla_on_b,
    ):
        assert next_of(ben_on_b, "invites")["invites"] == []
        assert next_of(carla_on_b, "invites")["invites"] == []
        made = invite(a, anna, code, "Ben")
        assert made.status_code == 201
        sent = next_of(ben_on_b, "invite")["invite"]
        assert (sent["id"], sent["code"], sent["from"]["name"]) == (made.json()["invite"]["id"], code, "Anna")
        carla_on_b.send_json({"type": "ping", "ref": "c"})
        assert next_of(carla_on_b, "pong")["ref"] == "c", "Carla's socket never carries Ben's invitation"
        join(a, ben, code)  # on the room's own process
        assert next_of(ben_on_b, "invite_gone") == {"type": "invite_gone", "id": sent["id"], "code": code}


def test_pending_invitations_are_listed_by_the_other_process_after_a_reconnect(
    two: tuple[TestClient, TestClient],
) -> None:
    a, b = two
    anna, ben = sign_up(a, "Anna"), sign_up(b, "Ben")
    code = open_room(a, anna)
    with b.websocket_connect("/ws/notifications", headers=as_user(ben)) as ws:
        assert next_of(ws, "invites")["invites"] == []
    made = invite(a, anna, code, "Ben").json()["invite"]  # Ben is offline now
    with b.websocket_connect("/ws/notifications", headers=as_user(ben)) as ws:
        listed = next_of(ws, "invites")["invites"]
        assert [(i["id"], i["code"], i["from"]["name"]) for i in listed] == [(made["id"], code, "Anna")]
        ws.send_json({"type": "dismiss", "id": made["id"], "ref": 1})
        answers = [receive(ws), receive(ws)]  # the ack is this process's, the news goes round through Redis
        assert {"type": "ack", "ref": 1} in answers
        assert {"type": "invite_gone", "id": made["id"], "code": code} in answers
    with a.websocket_connect("/ws/notifications", headers=as_user(ben)) as ws:
        assert next_of(ws, "invites")["invites"] == [], "dismissed on one process, gone on every one"


def test_the_invitation_limit_counts_over_both_processes(two: tuple[TestClient, TestClient]) -> None:
    from wolfrunde.server.invites import INVITES_PER_MINUTE

    a, b = two
    anna, _ = sign_up(a, "Anna"), sign_up(a, "Ben")
    code = open_room(a, anna)
    answers = [invite(a if n % 2 else b, anna, code, "Ben").status_code for n in range(INVITES_PER_MINUTE)]
    assert answers == [201] * INVITES_PER_MINUTE
    assert invite(a, anna, code, "Ben").status_code == 429
    assert invite(b, anna, code, "Ben").status_code == 429
