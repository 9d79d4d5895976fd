"""The bare comparison works: bench/load.py's `bare` runs bench/bare_broadcast.py under two rooms of ten
sockets with as many messages as a Wolfrunde run delivered, every send is echoed, and it reports the
bare server's rate, Wolfrunde's ratio to it and the send→echo percentiles."""

import argparse

from tests.bench.test_load_smoke import load_bench


def test_the_bare_broadcast_relays_every_send_to_its_room_and_reports_its_echo_times() -> None:
    bench = load_bench()
    args = argparse.Namespace(rooms=2, processes=1, max_seconds=60.0, think=0.0)
    sockets = 2 * bench.PLAYERS
    played = {"messages": 3 * sockets * bench.PLAYERS, "sockets": sockets, "messages_per_second": 100.0}
    result = bench.bare(args, played)
    assert result["bare_failures"] == 0, result
    assert result["bare_messages_per_second"] > 0, result
    assert result["ratio_to_bare"] == round(100.0 / result["bare_messages_per_second"], 3)
    assert 0 < result["bare_echo_p50_ms"] <= result["bare_echo_p99_ms"], result
