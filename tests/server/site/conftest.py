"""Fixtures for the website tests: one app per module, every page rendered once, the npm test tools."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.site import pages
from wolfrunde.store import default_url

ROOT = Path(__file__).resolve().parents[3]
NODE_MODULES = ROOT / ".cache" / "npm" / "node_modules"
# Pages behind a query that links on the site lead to, beside every address of the sitemap.
VARIANTS = (
    "/rollen?partei=dorf",
    "/rollen?partei=woelfe&spieler=8",
    "/rollen?partei=allein",
    "/rollen-nach-spielerzahl?regelwerk=duesterwald",
    "/konto",  # logged out; the logged-in form is in `rendered` too
)
ACCOUNT_FORM = "/konto?angemeldet"


def site_paths() -> list[str]:
    return [*pages.all_paths(), *VARIANTS]


def web_tool(relative: str) -> Path:
    """A file of the npm test tools; `scripts/web-tools.sh` installs them into .cache/npm when missing."""
    path = NODE_MODULES / relative
    if not path.exists():
        subprocess.run(["bash", str(ROOT / "scripts" / "web-tools.sh")], check=True)
    assert path.exists(), f"{path} fehlt auch nach scripts/web-tools.sh"
    return path


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("site")
    config = ServerConfig(database_url=default_url(folder), voices_dir=str(folder / "voices"))
    with TestClient(create_app(config), base_url="http://testserver") as client:
        yield client


@pytest.fixture(scope="module")
def rendered(site: TestClient) -> dict[str, str]:
    """Every page of the site as HTML, by address."""
    found = {}
    for path in site_paths():
        response = site.get(path)
        assert response.status_code == 200, path
        found[path] = response.text
    found[ACCOUNT_FORM] = account_form(site)
    return found


def account_form(client: TestClient) -> str:
    """The account page of a logged-in player, with the form and an error shown."""
    answer = client.post("/api/register", json={"name": "Seitenprüfer", "password": "geheim-123"})
    assert answer.status_code == 201, answer.text
    cookie = {"cookie": f"wolfrunde_session={answer.cookies['wolfrunde_session']}"}
    client.cookies.clear()
    response = client.post("/konto", data={"passwort": "falsch-falsch"}, headers=cookie)
    assert response.status_code == 403 and 'type="password"' in response.text
    return response.text
