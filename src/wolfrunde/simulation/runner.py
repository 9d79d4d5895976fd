"""Play many random legal games and count who wins."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

from wolfrunde.engine import Game, Setup, recommended_roles
from wolfrunde.simulation.policy import choose

MAX_DECISION_ROUNDS = 10_000


@dataclass
class Stats:
    games: int = 0
    seconds: float = 0.0
    wins: Counter[str] = field(default_factory=Counter)
    rounds: int = 0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def random_setup(
    players: int, seed: int, rules: str = "wolfrunde", roles: list[str] | None = None, mode: str | None = None
) -> Setup:
    rng = random.Random(seed)
    mode = mode or ("online" if 5 <= players <= 14 else "table_own_devices")
    deck = list(roles) if roles else recommended_roles(players, mode=mode, rules=rules)
    rng.shuffle(deck)
    names = tuple(f"P{i + 1}" for i in range(players))
    center: tuple[str, ...] = ()
    if "thief" in deck:
        center = ("villager", "villager")
    return Setup(names=names, roles=tuple(deck), center=center, rules=rules, mode=mode, seed=seed)


def play_out(game: Game, rng: random.Random) -> Game:
    """Answer every request with the simple policy until the game is over."""
    for _ in range(MAX_DECISION_ROUNDS):
        requests = game.pending()
        if not requests:
            break
        for request in requests:
            game.decide(request.seat, request.kind, choose(game, request, rng))
    if game.result is None:
        raise RuntimeError(f"game did not end: seed {game.setup.seed}")
    return game


def simulate(players: int, games: int, seed: int, rules: str = "wolfrunde", roles: list[str] | None = None) -> Stats:
    stats = Stats()
    start = time.perf_counter()
    for index in range(games):
        game_seed = seed * 1_000_003 + index
        game = play_out(Game(random_setup(players, game_seed, rules, roles)), random.Random(game_seed))
        assert game.result is not None
        stats.wins[game.result["winner"]] += 1
        stats.rounds += game.round
        stats.games += 1
    stats.seconds = time.perf_counter() - start
    return stats
