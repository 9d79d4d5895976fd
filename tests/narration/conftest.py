from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from wolfrunde.narration.catalogue import Catalogue, load_catalogue
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.service import Narration

SceneWriter = Callable[..., Path]


def scene_data(scene_id: str, text: str = "Text", placeholders: tuple[str, ...] = (), count: int = 20) -> dict:
    """A valid scene whose variants are `text` followed by the variant's number."""
    return {
        "id": scene_id,
        "when": "Zum Testen.",
        "placeholders": list(placeholders),
        "variants": {n: [f"{text} {i}" for i in range(count)] for n in NARRATOR_IDS},
    }


@pytest.fixture
def write_scene(tmp_path: Path) -> SceneWriter:
    folder = tmp_path / "scenes"
    folder.mkdir()

    def write(scene_id: str, data: object | None = None, raw: str | None = None, **kwargs: object) -> Path:
        path = folder / f"{scene_id}.json"
        if raw is not None:
            path.write_text(raw, encoding="utf-8")
        else:
            content = data if data is not None else scene_data(scene_id, **kwargs)  # type: ignore[arg-type]
            path.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
        return folder

    return write


@pytest.fixture(scope="session")
def narration(tmp_path_factory: pytest.TempPathFactory) -> Narration:
    """The real catalogue with the always-present espeak-ng voices and a fresh cache."""
    return Narration(tmp_path_factory.mktemp("voices"), catalogue=load_catalogue(), engine="espeak")


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    """The real scene catalogue."""
    return load_catalogue()
