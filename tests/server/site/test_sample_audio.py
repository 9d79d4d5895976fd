"""The Hörbeispiel on a role page plays: every narrator's audio answers 200 and decodes to speech."""

from __future__ import annotations

import io

import soundfile  # type: ignore[import-untyped]
from starlette.testclient import TestClient
from tests.server.site.html_tools import parse


def test_every_narrator_of_a_role_page_answers_with_audio_that_decodes(site: TestClient) -> None:
    figures = parse(site.get("/rollen/seer").text).by_id("hoerbeispiel").find_all("figure")
    assert len(figures) == 5
    for figure in figures:
        opus, mp3 = (s.attrs["src"] for s in figure.find("audio").find_all("source"))
        for url, mime in ((opus, "audio/ogg"), *([(mp3, "audio/mpeg")] if figure is figures[0] else [])):
            response = site.get(url)
            assert response.status_code == 200, url
            assert response.headers["content-type"].startswith(mime), url
            samples, rate = soundfile.read(io.BytesIO(response.content))
            assert rate > 8000 and 1.0 < len(samples) / rate < 25, url
            assert abs(samples).max() > 0.05, f"{url} is silent"
