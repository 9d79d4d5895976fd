"""Every page is valid HTML, and the style sheet valid CSS, by the W3C Nu checker (vnu-jar from npm)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.server.site.conftest import web_tool


@pytest.fixture(scope="module")
def checked(
    site: TestClient, rendered: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, list[dict[str, str]]]:
    """The checker's messages by file, for every page and the style sheet (one run of the checker)."""
    folder = tmp_path_factory.mktemp("vnu")
    files = {}
    for path, html in rendered.items():
        name = re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "start"
        files[folder / f"{name}.html"] = html
    sheet = site.get("/seite/site.css")
    assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("text/css")
    files[folder / "site.css"] = sheet.text
    for file, text in files.items():
        file.write_text(text, encoding="utf-8")
    java = shutil.which("java")
    assert java, "Java fehlt: bash scripts/system-packages.sh installiert es."
    jar = web_tool("vnu-jar/build/dist/vnu.jar")
    command = [java, "-jar", str(jar), "--format", "json", "--also-check-css", *map(str, files)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found: dict[str, list[dict[str, str]]] = {file.name: [] for file in files}
    for message in json.loads(done.stderr or done.stdout)["messages"]:
        found.setdefault(Path(message.get("url", "?")).name, []).append(message)
    return found


def describe(messages: list[dict[str, str]]) -> str:
    return "\n".join(f"{m.get('url')}:{m.get('lastLine')}: {m['type']} {m['message']}" for m in messages)


def test_every_page_is_valid_html_without_warnings(checked: dict[str, list[dict[str, str]]]) -> None:
    pages = {name: messages for name, messages in checked.items() if name.endswith(".html")}
    assert len(pages) >= 40
    problems = [m for messages in pages.values() for m in messages]
    assert not problems, describe(problems)
    assert set(checked) == {*pages, "site.css"}, "the checker reported on a file it was not given"


def test_the_style_sheet_is_valid_css(checked: dict[str, list[dict[str, str]]]) -> None:
    errors = [m for m in checked["site.css"] if m["type"] == "error"]
    assert not errors, describe(errors)
