"""`voices prune`: stale clips go (old texts and voices, unused names, broken writes); current ones,
recently used ones and voice packs stay."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tests.narration.test_samples_and_cli import run

from wolfrunde.narration.catalogue import load_catalogue
from wolfrunde.narration.prune import DAY, prune
from wolfrunde.narration.service import Narration


def age(path: Path, days: float) -> Path:
    then = time.time() - days * DAY
    os.utime(path, (then, then))
    return path


def stray(path: Path, days: float = 0.0) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"OggS stale")
    return age(path, days)


def test_prune_removes_what_no_game_asks_for_and_keeps_the_rest(write_scene, tmp_path) -> None:
    folder = write_scene("victory_draw", text="Unentschieden")
    narration = Narration(tmp_path / "data", catalogue=load_catalogue(folder), engine="espeak")
    current = narration.render("victory_draw", "jutta", 0)
    name = narration.speak_name("Anna", "jutta")
    used_name = age(narration.speak_name("Ben", "jutta"), 40)
    assert narration.speak_name("Ben", "jutta") == used_name  # a game uses it again: its time is renewed
    root = narration.cache.root
    old_text = stray(root / "jutta" / "texts" / "0123456789abcdef.ogg", days=40)
    new_text = stray(root / "jutta" / "texts" / "fedcba9876543210.ogg", days=2)
    old_voice = stray(current.with_name("00-0000000000000000.ogg"))  # the text or the voice changed since
    gone_scene = stray(root / "jutta" / "scenes" / "scene_removed" / "03-1111111111111111.ogg")
    old_name = stray(root / "jutta" / "names" / "2222222222222222.ogg", days=31)
    broken = stray(root / "jutta" / "texts" / ".tmp-abc.ogg", days=1)
    writing = stray(root / "jutta" / "texts" / ".tmp-def.ogg")
    pack = stray(root / "packs" / "meine" / "victory_draw" / "jutta-00.ogg", days=400)
    stale = {old_text, old_voice, gone_scene, old_name, broken}

    listed = prune(narration, 30, dry_run=True)
    assert set(listed.removed) == stale
    assert all(path.exists() for path in stale), "a dry run deletes nothing"

    result = prune(narration, 30)
    assert set(result.removed) == stale
    assert result.removed_bytes == len(b"OggS stale") * len(stale)
    assert not any(path.exists() for path in stale)
    for kept in (current, name, used_name, new_text, writing, pack):
        assert kept.exists(), kept
    assert not (root / "jutta" / "scenes" / "scene_removed").exists(), "empty folders go too"
    assert result.kept == 5


def test_prune_command_reports_and_refuses_a_negative_age(tmp_path, capsys) -> None:
    data = tmp_path / "voices"
    stale = stray(data / "hedda" / "scenes" / "victory_draw" / "00-0000000000000000.ogg")
    assert run("prune", "--data", str(data), "--engine", "espeak", "--dry-run") == 0
    captured = capsys.readouterr()
    assert str(stale) in captured.out and "würden gelöscht" in captured.err and stale.exists()
    assert run("prune", "--data", str(data), "--engine", "espeak") == 0
    assert not stale.exists() and "1 Dateien" in capsys.readouterr().err
    assert run("prune", "--data", str(data), "--days", "-1") == 2
    assert "negativ" in capsys.readouterr().err
