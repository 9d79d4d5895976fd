"""The bench server's three pacings: `on` as `serve --testing`, `off` without pauses or narration waits,
`production` as `wolfrunde serve` (the narration's real length, its audio rendered into the data folder).
Each keeps its voice folder in the data folder, which the bench removes (uvicorn ends a server stopped by a
signal by that signal, so a temporary folder of the server's own would be left behind)."""

from pathlib import Path

from tests.bench.scripts import bench_script


def test_each_pacing_configures_the_server_as_its_command_would(tmp_path: Path) -> None:
    config_for = bench_script("serve").config_for
    url = f"sqlite:///{tmp_path / 'wolfrunde.sqlite3'}"
    production = config_for(url, "production", 8765, tmp_path)
    assert production.narration_prerender and production.narration_wait == 1.0
    assert production.voices_dir == str(tmp_path / "voices") and production.pause_seconds is None
    testing = config_for(url, "on", 8765)
    assert not testing.narration_prerender and testing.narration_wait == 0.01
    assert testing.pause_seconds == (0.0, 0.02)
    bare = config_for(url, "off", 8765)
    assert bare.narration_wait == 0.0 and bare.pause_seconds == (0.0, 0.0) and not bare.narration_prerender
    for pacing in ("on", "off", "production"):
        assert config_for(url, pacing, 8765, tmp_path).voices_dir == str(tmp_path / "voices")
