"""An online game keeps each seat's channels and voice plan while the seat's view and the timer stay the
same, and makes them afresh when anything they are made of moves: a new view, a new timer, or the clock
passing the end of the lovers' whisper window."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from tests.server.rooms_harness import online_setup
from tests.server.test_room_lifecycle import play_until

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.online.game import OnlineGame
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.server.rooms.paced_game import Shown
from wolfrunde.server.rooms.timer import Timer
from wolfrunde.store import default_url

LOVER, PARTNER = 3, 4


def lovers_in_night_two(tmp_path: Path) -> OnlineGame:
    setup = online_setup(["werewolf", "cupid", "seer", "villager", "villager"], seed=4)
    match = Match(setup)
    play_until(match, lambda m: m.night_number() == 2, {"cupid": [LOVER, PARTNER], "werewolves": 2})
    lobby = Lobby(host_id=1)
    for seat, name in enumerate(setup["names"]):
        lobby.join(seat + 1, name)
    game = OnlineGame(match, lobby, ServerConfig(database_url=default_url(tmp_path)))
    for seat in range(match.seats):
        game.published[seat] = Shown(match.view(seat), match.private_events(seat), None)
    return game


def test_channels_and_voice_follow_the_whisper_window_view_and_timer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = lovers_in_night_two(tmp_path)
    assert game.view_of(LOVER)["you"]["lover"] == PARTNER
    started = 1000.0
    game.timer = Timer(release=started, deadline=started + 60, night=2, night_started=started)
    now = [started + 1.0]
    monkeypatch.setattr(time, "time", lambda: now[0])

    open_channels, open_plan = game.channels_for(LOVER), game.voice_plan(LOVER)
    assert open_channels["lovers"] is True and PARTNER in open_plan.send
    assert game.channels_for(LOVER) is open_channels and game.voice_plan(LOVER) is open_plan  # kept

    now[0] = started + game.whisper_seconds + 1.0  # the window closed; view and timer are the same
    assert game.channels_for(LOVER)["lovers"] is False
    assert PARTNER not in game.voice_plan(LOVER).send

    kept = game.channels_for(LOVER)
    game.timer = Timer(release=now[0], deadline=now[0] + 60, night=2, night_started=now[0])  # window open again
    assert game.channels_for(LOVER) is not kept and game.channels_for(LOVER)["lovers"] is True

    again = game.channels_for(LOVER)
    match = game.match
    game.published[LOVER] = Shown(match.view(LOVER), match.private_events(LOVER), None)  # a new view
    assert game.channels_for(LOVER) is not again and game.channels_for(LOVER) == again
