"""bench/profile_summary.py: the shares of py-spy's raw stacks, by function and by part of the server."""

import sys
from pathlib import Path

import pytest
from tests.bench.scripts import bench_script

summary = bench_script("profile_summary")

RUN = "<module> (serve.py:146);Runner.run (asyncio/runners.py:118)"
ROOM = (
    f"{RUN};RoomActor._run (wolfrunde/server/rooms/actor.py:228);"
    "PacedGame.publish (wolfrunde/server/rooms/paced_game.py:391)"
)
STACKS = {
    f"{ROOM};for_seat (wolfrunde/engine/view.py:80)": 40,
    f"{ROOM};SocketConnection.flush (wolfrunde/server/rooms/connection.py:98);"
    "protocol_class.<locals>.Protocol.write_texts (wolfrunde/server/ws_protocol.py:146)": 20,
    f"{ROOM};RoomActor.store_command (wolfrunde/server/rooms/actor.py:150);"
    "CommandWriter.append (wolfrunde/server/rooms/writer.py:40)": 10,
    f"{RUN};serve_socket (wolfrunde/server/rooms/socket.py:80);Schema.parse (wolfrunde/server/rooms/protocol.py:90);"
    "TypeAdapter.validate_python (pydantic/type_adapter.py:400)": 8,
    "_diff (wolfrunde/server/rooms/deltas.py:50)": 7,  # a stack py-spy left without its outer frames
    RUN: 5,
    "write (wolfrunde/store/loop_writes.py:60)": 4,
    "Thread._bootstrap (threading.py:1002);somewhere (library/module.py:3)": 6,
    f"{RUN};BaseEventLoop._run_once (asyncio/base_events.py:1900)": 1000,  # an idle loop: not counted
    f"{RUN};EpollSelector.select (selectors.py:469)": 500,  # nor is its wait
}


@pytest.fixture
def raw(tmp_path: Path) -> Path:
    path = tmp_path / "server.raw"
    path.write_text("".join(f"{stack} {count}\n" for stack, count in STACKS.items()) + "\nnot a stack\n")
    return path


def test_each_sample_counts_for_the_part_of_its_innermost_marked_frame(raw: Path) -> None:
    shares = summary.parts(raw)
    busy = 100
    assert shares == {
        "rooms": (40 + 7) / busy,
        "socket writes": 20 / busy,
        "store": (10 + 4) / busy,
        "socket reads": 8 / busy,
        "other": 6 / busy,
        "event loop": 5 / busy,
    }
    assert list(shares) == sorted(shares, key=lambda part: -shares[part])


def test_the_parts_are_printed_largest_first(raw: Path) -> None:
    lines = summary.summarise_parts(raw).splitlines()
    assert lines[0] == " 47.0%  rooms"
    assert lines[-1] == "  5.0%  event loop"


def test_a_file_without_busy_samples_says_so(tmp_path: Path) -> None:
    empty = tmp_path / "empty.raw"
    empty.write_text(f"{RUN};_run_once (asyncio/base_events.py:1900) 12\n")
    assert summary.parts(empty) == {}
    assert summary.summarise_parts(empty) == "no busy samples"


def test_the_functions_are_ranked_by_their_inclusive_and_self_shares(raw: Path) -> None:
    text = summary.summarise(raw, top=3, match="wolfrunde")
    lines = text.splitlines()
    assert lines[0] == "100 busy samples"
    inclusive = lines[lines.index("--- inclusive") + 1 : lines.index("--- self")]
    assert sorted(inclusive[:2]) == [  # the room's task and its publishing tie
        " 70.0%  PacedGame.publish (rooms/paced_game.py)",
        " 70.0%  RoomActor._run (rooms/actor.py)",
    ]
    assert inclusive[2] == " 40.0%  for_seat (engine/view.py)"  # `match` keeps serve.py's and asyncio's out
    assert lines[lines.index("--- self") + 1] == " 40.0%  for_seat (engine/view.py)"


def test_a_missing_file_gets_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["profile_summary.py", str(tmp_path / "nothing.raw"), "--parts"])
    with pytest.raises(SystemExit) as stopped:
        summary.main()
    assert stopped.value.code == 2
    assert "nothing.raw: no such file" in capsys.readouterr().err
