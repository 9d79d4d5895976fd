"""The spectators' benchmark times what it says: one spectator message per change of a game played to its
end, and figures that are medians of as many runs as asked."""

import argparse
import random
from pathlib import Path

from tests.bench.scripts import bench_script

from wolfrunde.simulation.policy import choose


def test_every_change_of_a_game_is_timed_until_it_ends(tmp_path: Path) -> None:
    bench = bench_script("spectators")
    every, late = bench.one_run(games=1, players=6)
    game = bench.watched_game(0, 6, tmp_path)  # the same game, played by the same policy
    match, rng, decisions = game.match, random.Random(0), 0
    while requests := match.game.pending():
        request = rng.choice(requests)
        match.game.decide(request.seat, request.kind, choose(match.game, request, rng))
        decisions += 1
    assert match.over
    assert len(every) == decisions + 1 and len(late) == len(every) - len(every) * 3 // 4
    assert min(every) > 0


def test_the_figures_are_medians_of_the_runs() -> None:
    bench = bench_script("spectators")
    result = bench.measure(argparse.Namespace(games=2, players=6, runs=3))
    assert len(result["runs_us"]) == 3 and sorted(result["runs_us"])[1] == result["us_per_change"]
    assert result["us_per_late_change"] > 0 and result["changes_per_run"] > 2
