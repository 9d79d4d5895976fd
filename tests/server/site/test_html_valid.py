"""Every page is valid HTML, and the style sheet valid CSS, by the W3C Nu checker (vnu-jar from npm)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from starlette.testclient import TestClient
from tests.server.site.conftest import web_tool


def vnu(*arguments: str) -> list[dict[str, str]]:
    java = shutil.which("java")
    assert java, "Java fehlt: bash scripts/system-packages.sh installiert es."
    jar = web_tool("vnu-jar/build/dist/vnu.jar")
    done = subprocess.run([java, "-jar", str(jar), "--format", "json", *arguments], capture_output=True, text=True)
    messages: list[dict[str, str]] = json.loads(done.stderr or done.stdout)["messages"]
    return messages


def test_every_page_is_valid_html_without_warnings(rendered: dict[str, str], tmp_path: Path) -> None:
    files = []
    for path, html in rendered.items():
        name = re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "start"
        file = tmp_path / f"{name}.html"
        file.write_text(html, encoding="utf-8")
        files.append(str(file))
    messages = vnu(*files)
    assert len(files) == len(rendered) >= 40
    assert not messages, "\n".join(f"{m.get('url')}:{m.get('lastLine')}: {m['type']} {m['message']}" for m in messages)


def test_the_style_sheet_is_valid_css(site: TestClient, tmp_path: Path) -> None:
    response = site.get("/seite/site.css")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/css")
    sheet = tmp_path / "site.css"
    sheet.write_text(response.text, encoding="utf-8")
    messages = vnu("--css", str(sheet))
    assert not [m for m in messages if m["type"] == "error"], messages
