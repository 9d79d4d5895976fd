"""Chance comes from two streams derived from the seed: secret draws never shift public ones."""

import random

from wolfrunde.engine.chance import Chance, stream

from engine.helpers import kinds, new_game, run_until


def draws(rng: random.Random) -> list[float]:
    return [rng.random() for _ in range(5)]


def test_streams_are_fixed_by_seed_and_purpose_and_differ_from_each_other():
    seed = 2**130 + 12345  # a seed drawn with secrets.randbits(128) or more
    assert draws(stream(seed, "secret")) == draws(stream(seed, "secret"))
    assert draws(stream(seed, "secret")) != draws(stream(seed, "public"))
    assert draws(stream(seed, "secret")) != draws(stream(seed + 1, "secret"))
    assert draws(stream(seed, "narration:jutta")) != draws(stream(seed, "public"))


def test_no_stream_is_the_plain_generator_of_the_seed():
    """A public draw must not let anyone rebuild the secret one: neither is `random.Random(seed)`."""
    for seed in (0, 7, 2**31 - 1):
        chance = Chance.from_seed(seed)
        plain = draws(random.Random(seed))
        assert draws(chance.secret) != plain and draws(chance.public) != plain


def elect_by_chance(game) -> int:
    run_until(game, lambda g: "captain" in kinds(g))
    votes = {"Anna": 2, "Ben": 3, "Carl": 3, "Dora": 2}  # Carl and Dora tie
    for request in game.pending():
        game.decide(request.seat, "captain", votes.get(game.name(request.seat)))
    game.timeout()  # the run-off: nobody votes, chance decides
    (captain,) = [e for e in game.events if e.type == "captain"]
    assert captain.data["by"] == "chance"
    return int(captain.data["captain"])


def test_a_secret_draw_does_not_move_the_public_one():
    """The pack's tie is drawn from the secret stream; the Hauptmann by chance stays the same."""
    roles = ("werewolf", "werewolf", "villager", "villager", "villager", "villager", "villager", "villager")
    chosen = set()
    for seed in range(8):
        tied = new_game(*roles, seed=seed)
        tied.decide(0, "werewolves", 6)
        tied.decide(1, "werewolves", 7)  # a tie: a secret draw
        (victim,) = [e.data["target"] for e in tied.events if e.type == "pack_victim"]
        calm = new_game(*roles, seed=seed)
        calm.decide(0, "werewolves", victim)
        calm.decide(1, "werewolves", victim)  # the same victim, no draw
        captain = elect_by_chance(tied)
        assert captain == elect_by_chance(calm)
        chosen.add(captain)
    assert chosen == {2, 3}, "chance really decides between the tied"
