import asyncio
import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient

from wolfrunde.cli import build_parser
from wolfrunde.server.app import create_app
from wolfrunde.server.collector import BUSY_FROM, SPARE_BELOW, CollectorGovernor, Setting, governed, tune_for_serving
from wolfrunde.server.config import ServerConfig
from wolfrunde.store import default_url


@pytest.fixture
def collector_restored() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


class Clocks:
    """A thread's CPU time and the wall clock, moved by hand."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.wall = 0.0

    def window(self, seconds: float, busy: float) -> None:
        self.wall += seconds
        self.cpu += seconds * busy


@pytest.mark.usefixtures("collector_restored")
def test_tuning_freezes_what_exists_and_starts_with_short_pauses() -> None:
    gc.unfreeze()
    survivor = [object()]
    tune_for_serving()
    assert gc.get_threshold() == Setting.SHORT_PAUSES.value
    assert gc.get_freeze_count() > 0
    assert not any(survivor is tracked for tracked in gc.get_objects())  # frozen objects are not scanned
    assert gc.is_tracked(survivor)
    assert all(setting.value[0] > 700 for setting in Setting)  # fewer young collections than Python's default


@pytest.mark.usefixtures("collector_restored")
def test_serve_tunes_the_collector_before_uvicorn_starts_and_governs_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def run(app: Any, **options: Any) -> None:
        seen["threshold"] = gc.get_threshold()
        seen["frozen"] = gc.get_freeze_count()
        seen["governed"] = app.state.config.govern_collector

    monkeypatch.setattr(uvicorn, "run", run)
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    parser, modules = build_parser()
    args = parser.parse_args(["serve", "--data", str(tmp_path), "--port", "9"])
    assert modules["serve"].run(args) == 0  # type: ignore[attr-defined]
    assert seen["threshold"] == Setting.SHORT_PAUSES.value
    assert seen["frozen"] > 0
    assert seen["governed"] is True


@pytest.mark.usefixtures("collector_restored")
def test_a_generation_is_collected_on_the_first_trigger_after_more_collections_below_than_its_threshold() -> None:
    """What the next test counts with: with a middle threshold of 2 every 4th collection is a middle one."""
    generations: list[int] = []

    def record(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            generations.append(info["generation"])

    gc.collect()  # every generation's count starts at 0
    gc.set_threshold(100, 2, 1_000_000)
    gc.callbacks.append(record)
    try:
        kept = [[] for _ in range(100 * 12 + 50)]  # containers that stay alive: each adds one to the count
    finally:
        gc.callbacks.remove(record)
    assert len(kept) == 1250
    assert generations[:12] == [0, 0, 0, 1] * 3


@pytest.mark.parametrize("setting", list(Setting))
def test_full_collections_are_considered_no_sooner_than_with_the_thresholds_before(setting: Setting) -> None:
    # a middle collection every (middle + 2) young triggers, a full one considered every (old + 1) middle ones
    young, middle, old = setting.value
    assert young * (middle + 2) * (old + 1) >= 50_000 * (20 + 2) * (100 + 1)


@pytest.mark.usefixtures("collector_restored")
def test_the_governor_collects_less_often_only_while_the_loop_is_busy_nearly_all_the_time() -> None:
    clocks = Clocks()
    governor = CollectorGovernor(cpu=lambda: clocks.cpu, clock=lambda: clocks.wall)
    gc.set_threshold(*Setting.SHORT_PAUSES.value)  # as tune_for_serving leaves it
    steps = [
        (0.5, Setting.SHORT_PAUSES),
        (BUSY_FROM - 0.01, Setting.SHORT_PAUSES),
        (BUSY_FROM + 0.01, Setting.FEWER_COLLECTIONS),
        (SPARE_BELOW + 0.01, Setting.FEWER_COLLECTIONS),  # between the bounds the setting stays as it is
        (1.0, Setting.FEWER_COLLECTIONS),
        (SPARE_BELOW - 0.01, Setting.SHORT_PAUSES),
        (SPARE_BELOW + 0.05, Setting.SHORT_PAUSES),
    ]
    for busy, expected in steps:
        clocks.window(2.0, busy)
        assert governor.observe() is expected, busy
        assert gc.get_threshold() == expected.value


@pytest.mark.usefixtures("collector_restored")
def test_a_window_without_time_changes_nothing() -> None:
    clocks = Clocks()
    governor = CollectorGovernor(cpu=lambda: clocks.cpu, clock=lambda: clocks.wall)
    clocks.cpu += 5.0
    assert governor.observe() is Setting.SHORT_PAUSES


@pytest.mark.usefixtures("collector_restored")
def test_governed_observes_every_window_on_the_loop_until_the_block_ends() -> None:
    clocks = Clocks()
    observed = 0
    switched = asyncio.Event()

    class Counting(CollectorGovernor):
        def observe(self) -> Setting:
            nonlocal observed
            observed += 1
            clocks.window(2.0, 1.0)  # the loop computed all the time
            setting = super().observe()
            if setting is Setting.FEWER_COLLECTIONS:
                switched.set()
            return setting

    async def main() -> set[str]:
        async with governed(0.001, Counting(lambda: clocks.cpu, lambda: clocks.wall)) as governor:
            await asyncio.wait_for(switched.wait(), 10)
            assert governor.setting is Setting.FEWER_COLLECTIONS
        return {task.get_name() for task in asyncio.all_tasks()}

    assert "collector-governor" not in asyncio.run(main())  # the block's end stopped it
    assert observed >= 1
    assert gc.get_threshold() == Setting.FEWER_COLLECTIONS.value


async def task_names() -> set[str]:
    return {task.get_name() for task in asyncio.all_tasks()}


@pytest.mark.usefixtures("collector_restored")
@pytest.mark.parametrize("govern", [True, False])
def test_the_app_governs_the_collector_while_it_serves_where_its_config_asks(tmp_path: Path, govern: bool) -> None:
    app = create_app(ServerConfig(database_url=default_url(tmp_path), govern_collector=govern))
    with TestClient(app) as client:
        running = client.portal.call(task_names)
    assert ("collector-governor" in running) is govern
