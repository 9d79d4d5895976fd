import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from wolfrunde.cli import build_parser
from wolfrunde.server.collector import THRESHOLDS, tune_for_serving


@pytest.fixture
def collector_restored() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


@pytest.mark.usefixtures("collector_restored")
def test_tuning_freezes_what_exists_and_collects_the_young_generation_less_often() -> None:
    gc.unfreeze()
    survivor = [object()]
    tune_for_serving()
    assert gc.get_threshold() == THRESHOLDS
    assert gc.get_freeze_count() > 0
    assert not any(survivor is tracked for tracked in gc.get_objects())  # frozen objects are not scanned
    assert gc.is_tracked(survivor)
    assert THRESHOLDS[0] > 700  # fewer young collections than Python's default


@pytest.mark.usefixtures("collector_restored")
def test_serve_tunes_the_collector_before_uvicorn_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def run(app: object, **options: Any) -> None:
        seen["threshold"] = gc.get_threshold()
        seen["frozen"] = gc.get_freeze_count()

    monkeypatch.setattr(uvicorn, "run", run)
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    parser, modules = build_parser()
    args = parser.parse_args(["serve", "--data", str(tmp_path), "--port", "9"])
    assert modules["serve"].run(args) == 0  # type: ignore[attr-defined]
    assert seen["threshold"] == THRESHOLDS
    assert seen["frozen"] > 0
