"""The bot's choices are legal for every kind of request the engine asks, in whole games."""

import random

import pytest

from wolfrunde.bots.strategy import answer, choose
from wolfrunde.engine import Game, Setup, recommended_roles

DECKS = [
    (
        ("werewolf", "white_wolf", "thief", "witch", "dog_handler", "piper", "fox", "seer", "cupid", "hunter"),
        ("villager", "alpha_wolf"),
    ),
    (
        (
            "primal_wolf",
            "werewolf",
            "border_crosser",
            "foundling",
            "bodyguard",
            "denouncer",
            "elder",
            "knight",
            "judge",
            "maid",
            "scapegoat",
            "fool",
        ),
        (),
    ),
    (
        (
            "werewolf",
            "werewolf",
            "angel",
            "little_girl",
            "sister",
            "sister",
            "brother",
            "brother",
            "brother",
            "witch",
            "seer",
        ),
        (),
    ),
]


def play_out(roles: tuple[str, ...], center: tuple[str, ...], seed: int, rules: str = "wolfrunde") -> Game:
    rng = random.Random(seed)
    names = tuple(f"P{i}" for i in range(len(roles)))
    game = Game(Setup(names=names, roles=roles, center=center, rules=rules, seed=seed))
    for _ in range(5000):
        if game.result is not None:
            return game
        seat = rng.choice(sorted({r.seat for r in game.pending()}))
        move = choose(game.view(seat), rng)
        assert move is not None
        game.decide(seat, *move)  # the engine raises IllegalMove if the bot chose badly
    raise AssertionError("game did not end")


@pytest.mark.parametrize("deck", range(len(DECKS)))
@pytest.mark.parametrize("rules", ["wolfrunde", "duesterwald"])
def test_bots_only_make_legal_moves(deck: int, rules: str) -> None:
    roles, center = DECKS[deck]
    for seed in range(15):
        assert play_out(roles, center, seed, rules).result is not None


def test_bots_finish_recommended_games_for_every_player_count() -> None:
    for players in range(5, 15):
        roles = tuple(recommended_roles(players))
        assert play_out(roles, (), players).result is not None


def test_answers_follow_the_options() -> None:
    rng = random.Random(0)
    assert answer({"kind": "ready", "options": {"type": "confirm"}}, 0, rng) == ("ready", True)
    kind, target = answer({"kind": "seer", "options": {"type": "seat", "choices": [0, 3]}}, 0, rng)
    assert (kind, target) == ("seer", 3)
    _, pair = answer({"kind": "cupid", "options": {"type": "seats", "choices": [1, 2, 4], "count": 2}}, 0, rng)
    assert len(set(pair)) == 2 and set(pair) <= {1, 2, 4}
    assert answer({"kind": "x", "options": {"type": "seat", "choices": [], "optional": False}}, 0, rng) is None
