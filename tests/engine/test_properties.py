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
# private events whose viewers the pack of that night decides: the type and the seat it is about
PACK_NIGHT = {"girl_caught": "girl", "infected": "player", "peeked_at": None}
# what each card's holder knows of his own card state (the rules' meaning, not the engine's declaration)
KNOWN_CARD_STATE = {
    "witch": {"heal_used", "poison_used"},
    "bodyguard": {"guarded"},
    "fox": {"nose_lost"},
    "foundling": {"model", "turned"},
    "border_crosser": {"side"},
    "primal_wolf": {"used"},
    "fool": {"pardoned"},
    "judge": {"used"},
    "hunter": {"shot"},
    "maid": {"used"},
}
NEVER_SHOWN_TO_HOLDER = {"wounded", "passed_to_maid"}  # the Ältester's spent toughness; a card passed on

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


def _packs(game: Game) -> list[tuple[dict, list[int]]]:
    """Every event as a view shows it, with the pack of the night in which it happened."""
    pack: list[int] = []
    out = []
    for event in game.events:
        if event.type == "night":
            pack = []
        elif event.type == "pack":
            pack = event.data["pack"]
        out.append(({"type": event.type, **event.data}, pack))
    return out


def check_pack_night_events(game: Game, seat: int, shown: list[dict]) -> None:
    """`girl_caught`, `infected` and `peeked_at` reach only the pack of that night and the seat they are
    about (the caught girl, the infected player); `peeked_at` only one wolf of that pack."""
    everything = _packs(game)
    position = 0
    for event in shown:
        while everything[position][0] != event:
            position += 1
        _, pack = everything[position]
        position += 1
        about = PACK_NIGHT.get(event["type"], "")
        if about == "":
            continue
        if about is None:
            assert seat in pack, (seat, event, pack)
        else:
            assert seat in pack or seat == event[about], (seat, event, pack)


def check_own_card_state(game: Game, seat: int, state: dict) -> None:
    """The seat sees of its own card only what its holder may know, and that truly."""
    card = game.players[seat].card
    assert not set(state) & NEVER_SHOWN_TO_HOLDER, (seat, card, state)
    assert set(state) <= KNOWN_CARD_STATE.get(card, set()), (seat, card, state)
    for key, value in state.items():
        assert game.players[seat].card_state[key] == value


def check_view(game: Game, seat: int) -> None:
    view = game.view(seat)
    allowed = allowed_roles(game, seat)
    held = _held_cards(game)
    pack_known = game.is_wolf(seat) or any(e.type == "pack" and e.visible(seat) for e in game.events)
    check_own_card_state(game, seat, view["you"]["card_state"])
    check_pack_night_events(game, seat, view["events"])
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
