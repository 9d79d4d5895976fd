"""TURN credentials in coturn's shared-secret scheme, and the serve options that switch TURN on."""

from __future__ import annotations

import base64
import hashlib
import hmac

import pytest

from wolfrunde.cli import build_parser
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.voice.plan import VoicePlan
from wolfrunde.server.voice.signaling import VoiceRelay, turn_server
from wolfrunde.server.voice.turn import TurnServer, check_url


def test_credentials_are_what_coturn_checks_and_expire() -> None:
    turn = TurnServer("turn:127.0.0.1:3478", "geheim", lifetime=600)
    username, password = turn.credentials("wolfrunde-7", now=1_000.0)
    assert username == "1600:wolfrunde-7"
    expected = base64.b64encode(hmac.new(b"geheim", b"1600:wolfrunde-7", hashlib.sha1).digest()).decode()
    assert password == expected
    assert TurnServer("turn:x", "anders").credentials("wolfrunde-7", now=1_000.0)[1] != password


def test_the_voice_message_carries_turn_only_when_configured() -> None:
    plan = VoicePlan(frozenset({1, 2}), frozenset({1}), frozenset({2}))
    without = VoiceRelay(turn_server(ServerConfig(database_url="sqlite://"))).message(0, plan, "wolfrunde-1")
    assert without == {
        "type": "voice",
        "seat": 0,
        "peers": [1, 2],
        "send": [1],
        "hear": [2],
        "ice_servers": [],
        "relay_only": False,
    }
    config = ServerConfig(database_url="sqlite://", turn_url="turn:a:3478, turns:a:5349", turn_secret="s")
    with_turn = VoiceRelay(turn_server(config)).message(0, plan, "wolfrunde-1")
    assert with_turn["relay_only"] is True
    (server,) = with_turn["ice_servers"]
    assert server["urls"] == ["turn:a:3478", "turns:a:5349"] and server["username"].endswith(":wolfrunde-1")


def test_turn_urls_are_checked() -> None:
    assert check_url("turn:a:3478,turns:a:5349?transport=tcp") is None
    assert check_url("stun:a:3478") == "„stun:a:3478“ ist keine TURN-Adresse (sie beginnt mit turn: oder turns:)."


def test_serve_wants_url_and_secret_together() -> None:
    parser, modules = build_parser()
    args = parser.parse_args(["serve", "--turn-url", "turn:a:3478"])
    with pytest.raises(SystemExit, match="--turn-url und --turn-secret gehören zusammen"):
        modules["serve"].run(args)
    args = parser.parse_args(["serve", "--turn-url", "stun:a", "--turn-secret", "s"])
    with pytest.raises(SystemExit, match="keine TURN-Adresse"):
        modules["serve"].run(args)
