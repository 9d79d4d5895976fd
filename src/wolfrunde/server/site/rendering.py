"""Rendering the site's Jinja2 templates into pages, with what every page gets (navigation, canonical
address, OpenGraph values)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse

from wolfrunde.server.site import pages

HERE = Path(__file__).parent
CACHE = {"Cache-Control": "public, max-age=300"}
CSS_PATH = "/seite/site.css"
PRIVATE = {"Cache-Control": "no-store"}  # pages about one's own account

env = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(("html", "xml")),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
env.filters["percent"] = lambda share: f"{share * 100:.0f} %"


def origin(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def render(
    request: Request, page: pages.Page, status: int = 200, headers: dict[str, str] | None = None, **values: Any
) -> HTMLResponse:
    template = env.get_template(page.template)
    html = template.render(
        **pages.common(),
        **values,
        page=page,
        path=request.url.path,
        canonical=origin(request) + page.path,
        origin=origin(request),
        css=CSS_PATH,
    )
    if headers is None:
        headers = CACHE if status == 200 else {}
    return HTMLResponse(html, status_code=status, headers=headers)
