"""Invariants over random legal games with random role sets of all 28 roles."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.engine import Game
from wolfrunde.simulation.policy import choose

from engine.role_sets import setups

DEATH_TRIGGERED = {"hunter", "captain_successor"}  # decisions a player makes as he dies
MAX_ROUNDS_OF_DECISIONS = 3000

# private event types and the role whose holder alone may see them
PRIVATE_TO_ROLE = {
    "seen": "seer",
    "attacked": "witch",
    "healed": "witch",
    "poisoned": "witch",
    "guarded": "bodyguard",
    "sniffed": "fox",
    "letter_written": "denouncer",
    "side_chosen": "border_crosser",
    "model_chosen": "foundling",
    "thief_took": "thief",
    "centre_cards": "thief",
    "alpha_victim": "alpha_wolf",
    "white_wolf_victim": "white_wolf",
    "enchanting": "piper",
    "maid_committed": "maid",
    "infection_blocked": "primal_wolf",
    "peek": "little_girl",
    "maid_took_card": "maid",
    "foundling_turned": "foundling",
}
NOBODY = {"attack_blocked", "blade_wound", "death"}

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(game: Game, rng: random.Random, on_step=None) -> Game:
    for _ in range(MAX_ROUNDS_OF_DECISIONS):
        requests = game.pending()
        if not requests:
            break
        if on_step:
            on_step(game)
        for request in requests:
            game.decide(request.seat, request.kind, choose(game, request, rng))
    return game


@SETTINGS
@given(setup=setups(), policy_seed=st.integers(0, 2**32))
def test_every_game_ends_and_no_dead_player_acts(setup, policy_seed):
    def check(game: Game) -> None:
        for request in game.pending():
            if request.kind not in DEATH_TRIGGERED:
                assert game.players[request.seat].alive, (request.seat, request.kind)
            else:
                assert not game.players[request.seat].alive

    game = play(Game(setup), random.Random(policy_seed), check)
    assert game.result is not None
    assert game.result["winner"] in {"village", "werewolves", "lovers", "angel", "pied_piper", "white_wolf", "draw"}
    assert set(game.result["winners"]) <= set(range(len(game.players)))


def _held_cards(game: Game) -> dict[int, set[str]]:
    """Every card each seat has held so far, from the omniscient log."""
    held = {p.seat: {e.data["role"]} for e in game.events if e.type == "role" for p in [game.players[e.data["player"]]]}
    for event in game.events:
        if event.type in ("thief_took", "maid_took_card"):
            (seat,) = event.visible_to
            held[seat].add(event.data["role"])
    return held


def allowed_roles(game: Game, seat: int) -> dict[int, set[str]]:
    """What the rules reveal to `seat`, computed from event meanings, not from the view's own fields."""
    allowed: dict[int, set[str]] = {seat: {game.players[seat].card}}
    held = _held_cards(game)
    allowed[seat] |= held[seat]
    for event in game.events:
        data = event.data
        if event.type == "died" and "role" in data:
            allowed.setdefault(data["player"], set()).add(data["role"])
        elif event.type == "fool_pardoned":
            allowed.setdefault(data["player"], set()).add("fool")
        elif event.type == "seen" and "seer" in held[seat] and event.visible(seat):
            allowed.setdefault(data["player"], set()).add(data["role"])
        elif event.type == "companions" and seat in data["members"]:
            for member in data["members"]:
                allowed.setdefault(member, set()).add(data["role"])
    return allowed


def check_view(game: Game, seat: int) -> None:
    view = game.view(seat)
    allowed = allowed_roles(game, seat)
    held = _held_cards(game)
    pack_known = game.is_wolf(seat) or any(e.type == "pack" and e.visible(seat) for e in game.events)
    for player in view["players"]:
        if player["role"] is not None:
            assert player["role"] in allowed.get(player["seat"], set()), (seat, player)
        if player["side"] is not None and player["seat"] != seat:
            assert pack_known and player["side"] == "werewolves", (seat, player)
    for event in view["events"]:
        kind = event["type"]
        assert kind not in NOBODY, event
        if kind == "role":
            assert event["player"] == seat
        elif kind in PRIVATE_TO_ROLE:
            assert PRIVATE_TO_ROLE[kind] in held[seat], (seat, event)
        elif kind in ("pack", "pack_victim"):
            assert game.is_wolf(seat), (seat, event)
        elif kind == "lovers":
            assert seat in event["lovers"] or "cupid" in held[seat]
        elif kind in ("enchanted_list",):
            assert seat in event["enchanted"]
        elif kind == "enchanted":
            assert event["player"] == seat
        elif kind == "companions":
            assert seat in event["members"]


@SETTINGS
@given(setup=setups(), policy_seed=st.integers(0, 2**32))
def test_no_view_holds_what_its_seat_may_not_know(setup, policy_seed):
    def check(game: Game) -> None:
        if game.result is None:
            for seat in range(len(game.players)):
                check_view(game, seat)

    play(Game(setup), random.Random(policy_seed), check)


@SETTINGS
@given(setup=setups(), policy_seed=st.integers(0, 2**32), cut=st.floats(0, 1))
def test_save_and_restore_gives_the_same_continuation(setup, policy_seed, cut):
    original = play(Game(setup), random.Random(policy_seed))
    point = int(cut * len(original.history))
    restored = Game.replay(setup, original.history[:point])
    for seat, kind, choice in original.history[point:]:
        assert (seat, kind) in {(r.seat, r.kind) for r in restored.pending()}
        restored.decide(seat, kind, choice)
    assert restored.result == original.result
    assert [(e.type, e.data, e.visible_to) for e in restored.events] == [
        (e.type, e.data, e.visible_to) for e in original.events
    ]
