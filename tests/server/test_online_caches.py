"""An online game keeps each seat's channels and voice plan while what they are made of stays the same (a
new view of the seat mostly leaves that as it was), and makes them afresh when anything they are made of
moves: what the view says of the seat, a new timer, or the clock passing the end of the lovers' whisper
window."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.server.rooms_harness import online_setup
from tests.server.test_public_log import shown_afresh
from tests.server.test_room_lifecycle import play_until

from wolfrunde.engine import Setup
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.online import channels, payloads
from wolfrunde.server.online.game import OnlineGame
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.server.rooms.paced_game import Shown
from wolfrunde.server.rooms.timer import Timer
from wolfrunde.server.voice.plan import plan_for
from wolfrunde.simulation.policy import choose
from wolfrunde.store import default_url

from engine.role_sets import setups

MAX_DECISIONS = 3000

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

    again, plan = game.channels_for(LOVER), game.voice_plan(LOVER)
    match = game.match
    made: list[dict[str, object]] = []
    for_seat = channels.for_seat
    monkeypatch.setattr(channels, "for_seat", lambda view, *args: made.append(view) or for_seat(view, *args))
    game.published[LOVER] = Shown(match.view(LOVER), match.private_events(LOVER), None)  # a new view, the same inputs
    assert game.channels_for(LOVER) is again and game.voice_plan(LOVER) is plan and not made

    shown = game.view_of(LOVER)
    dead = {**shown, "you": {**shown["you"], "alive": False}}  # a view in which the lover died
    game.published[LOVER] = Shown(dead, match.private_events(LOVER), None)
    assert game.channels_for(LOVER) == {"village": False, "lovers": False, "beyond": True} and made == [dead]
    assert not game.voice_plan(LOVER).send & {PARTNER}


def setup_dict(setup: Setup) -> dict[str, object]:
    return {
        "names": list(setup.names),
        "roles": list(setup.roles),
        "center": list(setup.center),
        "rules": setup.rules,
        "mode": setup.mode,
        "seed": setup.seed,
        "meldeliste": setup.meldeliste,
    }


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    setup=setups().filter(lambda s: s.mode == "online"),
    policy_seed=st.integers(0, 2**32),
    bots=st.sets(st.integers(0, 13), max_size=4),
    meldeliste=st.booleans(),
)
def test_kept_channels_and_plans_are_those_made_afresh_after_every_decision(setup, policy_seed, bots, meldeliste):
    """Whatever the game, the timer and the clock: what a seat is handed (kept or made) is what its view makes
    afresh, so a kept plan never lets anyone speak or hear where the view says otherwise."""
    match = Match(setup_dict(setup))
    lobby = Lobby(host_id=1)
    lobby.settings.meldeliste = meldeliste
    lobby.settings.timers = {"night": 45, "day": 180, "vote": 60, "lovers": 30}
    for seat, name in enumerate(setup.names):
        if seat in bots:
            lobby.add_bot()
            lobby.seats[-1].name = name
        else:
            lobby.join(seat + 1, name)
    humans = tuple(seat for seat, player in enumerate(lobby.seats) if not player.bot)
    with tempfile.TemporaryDirectory() as folder:
        game = OnlineGame(match, lobby, ServerConfig(database_url=default_url(Path(folder))))
    rng = random.Random(policy_seed)
    clock = [1_000_000.0]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(time, "time", lambda: clock[0])
        for decision in range(MAX_DECISIONS):
            night = match.night_number()
            if night is not None and (game.timer is None or game.timer.night != night):
                game.timer = Timer(release=clock[0], deadline=clock[0] + 45, night=night, night_started=clock[0])
            answered = decision % 3 == 2
            for seat in range(match.seats):
                view = match.game.answered_view(seat, shared=True) if answered else match.view(seat)
                game.published[seat] = Shown(view, match.private_events(seat), None)
            for seat in rng.sample(range(match.seats), k=min(4, match.seats)):
                for _ in range(2):  # asked again for the very same view, the clock moved on
                    clock[0] += rng.choice((0.0, 1.0, 29.5, 31.0))  # in and out of the lovers' whisper window
                    view = game.view_of(seat)
                    timer = None if game.timer is None else game.timer.to_json()
                    fresh = channels.for_seat(view, timer, lobby.settings.timers, clock[0])
                    assert game.channels_for(seat) == fresh, (seat, view["phase"], view["step"])
                    plan = plan_for(
                        view, humans, meldeliste=meldeliste, timer=timer, timers=lobby.settings.timers, now=clock[0]
                    )
                    assert game.voice_plan(seat) == plan, (seat, view["phase"], view["step"])
            requests = match.game.pending()
            if not requests:
                break
            request = rng.choice(requests)
            match.game.decide(request.seat, request.kind, choose(match.game, request, rng))
    assert match.over


def watched_afresh(game: OnlineGame) -> dict[str, object]:
    """A spectator's message made from nothing kept: every seat's events compared by their JSON."""
    public = shown_afresh([game.view_of(seat)["events"] for seat in range(game.match.seats)])
    first = game.view_of(0)
    end = first if first.get("result") is not None else None
    return payloads.watch(public, [player["name"] for player in first["players"]], end)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(setup=setups().filter(lambda s: s.mode == "online"), policy_seed=st.integers(0, 2**32))
def test_a_spectators_message_is_the_one_made_afresh_after_every_decision(setup, policy_seed):
    """The public events and their lines are kept between changes (each event's key and line made once,
    each seat's count kept while its events stay the same list); what a spectator is sent is still what
    comparing every seat's events from nothing gives, whichever seats were sent a new view."""
    match = Match(setup_dict(setup))
    lobby = Lobby(host_id=1)
    for seat, name in enumerate(setup.names):
        lobby.join(seat + 1, name)
    with tempfile.TemporaryDirectory() as folder:
        game = OnlineGame(match, lobby, ServerConfig(database_url=default_url(Path(folder))))
    rng = random.Random(policy_seed)
    for seat in range(match.seats):
        game.published[seat] = Shown(match.view(seat), match.private_events(seat), None)
    for _ in range(MAX_DECISIONS):
        assert game.spectator_message() == watched_afresh(game)
        requests = match.game.pending()
        if not requests:
            break
        request = rng.choice(requests)
        match.game.decide(request.seat, request.kind, choose(match.game, request, rng))
        for seat in rng.sample(range(match.seats), k=rng.randint(0, match.seats)):  # some seats see the change
            view = match.game.answered_view(seat, shared=True) if rng.random() < 0.3 else match.view(seat)
            game.published[seat] = Shown(view, match.private_events(seat), None)
    for seat in range(match.seats):
        game.published[seat] = Shown(match.view(seat), match.private_events(seat), None)
    assert match.over and game.spectator_message() == watched_afresh(game)
