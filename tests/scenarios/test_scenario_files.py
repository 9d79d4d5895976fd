"""Spec-driven scenario files: every rule and ruling as a replayable game (see README.md here).

Each ``tests/scenarios/**/*.json`` is a scenario in the public format of
``shared/spec/scenario-format.md`` plus one extra top-level key, ``expect``, which this harness
removes before the scenario is played. The files were written from the rules and rulings alone,
so they check the engine against the rules, not against itself.
"""

from __future__ import annotations

import copy
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FILES = sorted(HERE.rglob("*.json"))
IDS = [path.relative_to(HERE).as_posix() for path in FILES]

SCENARIO_KEYS = {"rules", "mode", "seed", "players", "center", "script"}
EXPECT_KEYS = {"exit", "error_contains", "alive", "result", "roles", "deaths", "mornings", "events_include"}
CHECK_KEYS = EXPECT_KEYS - {"exit", "error_contains"}

# Played through the real command line as well: a finished game, a game stopped midway, an error.
CLI_FILES = [
    "victory/hunter_shoots_last_wolf_before_check_at_dawn.json",
    "roles/maid/online_takes_the_condemned_card.json",
    "roles/bodyguard/same_player_two_nights_in_a_row_rejected.json",
]


def load(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    expect = data.pop("expect")
    return data, expect


def scenario_module() -> Any:
    return importlib.import_module("wolfrunde.scenario")


def matches(event: dict[str, Any], partial: dict[str, Any]) -> bool:
    return all(key in event and event[key] == value for key, value in partial.items())


def check_transcript(transcript: dict[str, Any], expect: dict[str, Any]) -> None:
    """Compare a transcript with the file's ``expect`` block; each key is checked as README.md says."""
    assert isinstance(transcript, dict), f"transcript is not a JSON object: {transcript!r}"
    events = transcript.get("events", [])
    if "alive" in expect:
        assert transcript["alive"] == expect["alive"], "alive players (seat order)"
    if "result" in expect:
        result = transcript["result"]
        if expect["result"] is None:
            assert result is None, f"the game should go on, got {result!r}"
        else:
            assert result is not None, "the game should be over"
            got = {"winner": result.get("winner"), "winners": result.get("winners")}
            assert got == expect["result"], "result"
    if "roles" in expect:
        got_roles = {name: transcript["roles"].get(name) for name in expect["roles"]}
        assert got_roles == expect["roles"], "roles at the end"
    if "deaths" in expect:
        deaths = [event for event in events if event.get("type") == "death"]
        assert len(deaths) == len(expect["deaths"]), f"death events: got {deaths!r}"
        got = [{key: death.get(key) for key in want} for death, want in zip(deaths, expect["deaths"], strict=True)]
        assert got == expect["deaths"], f"death events: got {deaths!r}"
    if "mornings" in expect:
        mornings = [
            {"round": event.get("round"), "dead": event.get("dead")}
            for event in events
            if event.get("type") == "morning"
        ]
        assert mornings == expect["mornings"], "morning events"
    if "events_include" in expect:
        position = 0
        for partial in expect["events_include"]:
            while position < len(events) and not matches(events[position], partial):
                position += 1
            assert position < len(events), f"missing event (in this order): {partial!r}; events: {events!r}"
            position += 1


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_file_is_well_formed(path: Path) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert "expect" in raw, "every scenario file needs an expect block"
    data, expect = load(path)
    assert set(data) <= SCENARIO_KEYS, f"unknown top-level keys: {set(data) - SCENARIO_KEYS}"
    assert set(expect) <= EXPECT_KEYS, f"unknown expect keys: {set(expect) - EXPECT_KEYS}"
    assert expect.get("exit") in (0, 2)
    if expect["exit"] == 0:
        assert CHECK_KEYS & set(expect), "an exit-0 file must check something"
        assert "error_contains" not in expect
    else:
        assert not CHECK_KEYS & set(expect), "an exit-2 file checks only the error"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_scenario(path: Path) -> None:
    module = scenario_module()
    data, expect = load(path)
    if expect["exit"] == 2:
        with pytest.raises(module.ScenarioError) as info:
            module.run_scenario(copy.deepcopy(data))
        message = str(info.value)
        assert message.strip(), "the error needs a message"
        assert "\n" not in message.strip(), f"the error must be one line: {message!r}"
        if "error_contains" in expect:
            assert expect["error_contains"].lower() in message.lower(), message
        return
    transcript = module.run_scenario(copy.deepcopy(data))
    json.dumps(transcript)  # the transcript must be JSON as it is
    check_transcript(transcript, expect)


@pytest.mark.parametrize("name", CLI_FILES)
def test_command_line(name: str, tmp_path: Path) -> None:
    scenario_module()
    data, expect = load(HERE / name)
    copy_path = tmp_path / "scenario.json"
    copy_path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, "-m", "wolfrunde", "scenario", str(copy_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert completed.returncode == expect["exit"], completed.stderr
    if expect["exit"] == 0:
        transcript = json.loads(completed.stdout)  # exactly one JSON value, nothing around it
        assert isinstance(transcript, dict)
        check_transcript(transcript, expect)
    else:
        assert completed.stdout == "", "nothing on stdout on exit 2"
        lines = completed.stderr.splitlines()
        assert len(lines) == 1 and lines[0].strip(), f"exactly one line on stderr: {completed.stderr!r}"


def test_cli_files_exist() -> None:
    for name in CLI_FILES:
        assert (HERE / name).is_file(), name
    outcomes = {load(HERE / name)[1]["exit"] for name in CLI_FILES}
    assert outcomes == {0, 2}
