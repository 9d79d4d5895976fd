"""The web clients' pages, rendered from one skeleton: each loads its own entry module, links the
toolkit's stylesheet before its own, and is fetched anew after every release."""

from __future__ import annotations

from starlette.testclient import TestClient

PAGES = {  # path: (entry module, the page's own stylesheet)
    "/online": ("/static/app.js", "/static/online/online.css"),
    "/r/ACDEF": ("/static/app.js", "/static/online/online.css"),
    "/tisch": ("/static/table/table.js", "/static/table/table.css"),
    "/t/ACDEF": ("/static/table/table.js", "/static/table/table.css"),
    "/ww": ("/static/werwoerter/main.js", "/static/werwoerter/ww.css"),
    "/ww/ACDEF": ("/static/werwoerter/main.js", "/static/werwoerter/ww.css"),
}


def test_each_client_page_loads_its_module_after_the_toolkits_stylesheet(client: TestClient) -> None:
    for path, (entry, stylesheet) in PAGES.items():
        page = client.get(path)
        assert page.status_code == 200, path
        assert page.headers["content-type"].startswith("text/html") and page.headers["cache-control"] == "no-cache"
        html = page.text
        assert html.startswith('<!doctype html>\n<html lang="de">\n<head>\n  <meta charset="utf-8">'), path
        assert html.count("<script") == 1 and f'<script type="module" src="{entry}"></script>' in html, path
        assert html.index('href="/static/lib/lib.css"') < html.index(f'href="{stylesheet}"'), path
        assert "braucht JavaScript.</noscript>" in html and html.endswith("</html>\n"), path


def test_the_online_and_table_pages_share_the_shell_and_werwoerter_has_its_own(client: TestClient) -> None:
    shell = '<header class="top">\n    <a href="/" class="brand">Wolfrunde</a>'
    assert shell in client.get("/online").text and 'id="logout"' in client.get("/online").text
    assert shell in client.get("/tisch").text and '<span id="where">Am Tisch</span>' in client.get("/tisch").text
    werwoerter = client.get("/ww").text
    assert shell not in werwoerter and '<div id="app">' in werwoerter and 'rel="icon" href="data:,"' in werwoerter
