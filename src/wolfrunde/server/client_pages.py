"""The pages of the three web clients (the online round, the table, Werwörter): one skeleton,
`templates/_client.html`, that each page's template fills with its title, stylesheets and entry module."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

NO_CACHE = {"Cache-Control": "no-cache"}  # a new release's page is fetched at once: its modules may have changed

env = Environment(
    loader=FileSystemLoader(Path(__file__).with_name("templates")),
    autoescape=select_autoescape(("html",)),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)


def page(name: str) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint that serves the client page `templates/<name>.html` (read again once it changed)."""

    async def serve(request: Request) -> Response:
        return HTMLResponse(env.get_template(f"{name}.html").render(), headers=NO_CACHE)

    return serve
