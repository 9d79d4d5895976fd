"""The view benchmark measures what it says: views of games played the asked number of rounds, ended
ones when told to play to the end, and a positive time per view from as many views as it reports."""

import argparse

from tests.bench.scripts import bench_script


def test_games_are_played_as_far_as_asked() -> None:
    bench = bench_script("views")
    to_the_end = bench.played(seed=2, players=8, steps=0)
    one_round = bench.played(seed=2, players=8, steps=1)
    assert to_the_end.result is not None
    assert one_round.result is None and len(one_round.history) < len(to_the_end.history)


def test_the_time_per_view_is_a_median_over_every_seat_of_every_game() -> None:
    bench = bench_script("views")
    args = argparse.Namespace(games=3, players=6, steps=0, repeat=2, runs=3)
    result = bench.measure(args)
    assert result["games"] == 3 and result["ended"] == 3
    assert result["views_per_run"] == 2 * 3 * 6
    assert len(result["runs_us"]) == 3
    assert result["us_per_view"] > 0
    assert sorted(result["runs_us"])[1] == result["us_per_view"]
