"""A crawler: starting at the start page, every link on every page of the site resolves."""

from __future__ import annotations

from urllib.parse import urldefrag, urljoin, urlsplit

from starlette.testclient import TestClient
from tests.server.site.html_tools import parse

from wolfrunde.server.site import pages

ORIGIN = "http://testserver"


def test_every_link_on_every_page_resolves(site: TestClient) -> None:
    queue, seen, checked = ["/"], {"/"}, 0
    anchors: dict[str, set[str]] = {}
    wanted_anchors: list[tuple[str, str, str]] = []
    while queue:
        path = queue.pop()
        response = site.get(path)
        assert response.status_code == 200, f"{path} answers {response.status_code}"
        if not response.headers["content-type"].startswith("text/html"):
            continue
        document = parse(response.text)
        anchors[path] = {n.attrs["id"] for n in document.walk() if "id" in n.attrs}
        for node in document.walk():
            href = node.attrs.get("href") if node.tag in ("a", "link") else None
            if href is None or node.attrs.get("rel") == "canonical" or href.startswith("data:"):
                continue
            target, fragment = urldefrag(urljoin(ORIGIN + path, href))
            parts = urlsplit(target)
            assert parts.netloc == "testserver", f"{path} links outside the site: {href}"
            local = parts.path + (f"?{parts.query}" if parts.query else "")
            checked += 1
            if fragment:
                wanted_anchors.append((path, local, fragment))
            if local not in seen:
                seen.add(local)
                queue.append(local)
    for source, local, fragment in wanted_anchors:
        if local in anchors:
            assert fragment in anchors[local], f"{source} links to {local}#{fragment}, which has no such id"
    assert set(pages.all_paths()) <= seen, f"not reached by links: {set(pages.all_paths()) - seen}"
    assert checked > 500
