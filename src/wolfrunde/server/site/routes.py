"""HTTP for the website: server-rendered German pages (Jinja2), the sitemap and robots.txt."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from wolfrunde.server.site import account, catalogue, pages
from wolfrunde.server.site.rendering import CACHE, HERE, env, render
from wolfrunde.server.site.rendering import origin as site_origin


def _simple(path: str, **values: Any) -> Route:
    page = pages.BY_PATH[path]

    async def endpoint(request: Request) -> Response:
        return render(request, page, **values)

    return Route(path, endpoint, name=f"site:{page.template.removesuffix('.html')}")


async def rules(request: Request) -> Response:
    return render(request, pages.BY_PATH["/regeln"], **pages.rules_context())


async def role_list(request: Request) -> Response:
    chosen = pages.parse_filter(request.query_params.get("partei"), request.query_params.get("spieler"))
    status = 400 if chosen.error else 200
    return render(request, pages.BY_PATH[pages.ROLES_PATH], status, **pages.roles_context(chosen))


async def role_detail(request: Request) -> Response:
    asked = request.path_params["role_id"]
    role = catalogue.role(asked)
    if role is None:
        named = pages.role_by_slug(asked)  # the German name, as one types it: /rollen/seherin
        if named is not None:
            return RedirectResponse(pages.role_path(named.id), status_code=301)
        return not_found(request, "Diese Rolle gibt es nicht. Alle Rollen stehen in der Liste.")
    return render(request, pages.role_page(role), **pages.role_context(role))


async def by_player_count(request: Request) -> Response:
    rules_id = request.query_params.get("regelwerk", "wolfrunde")
    if rules_id not in catalogue.RULE_SETS:
        return not_found(request, f"Das Regelwerk „{rules_id}“ gibt es nicht; es gibt Wolfrunde und Düsterwald.")
    return render(request, pages.BY_PATH["/rollen-nach-spielerzahl"], **pages.count_context(rules_id))


async def werwoerter_rules(request: Request) -> Response:
    return render(request, pages.BY_PATH["/werwoerter/regeln"], **pages.werwoerter_context())


async def origin(request: Request) -> Response:
    engine = request.app.state.config.voice_engine
    return render(request, pages.BY_PATH["/herkunft"], **pages.origin_context(engine))


async def privacy(request: Request) -> Response:
    days = request.app.state.config.retention_days
    return render(request, pages.BY_PATH["/datenschutz"], **pages.privacy_context(days))


def not_found(request: Request, message: str) -> HTMLResponse:
    page = pages.Page(request.url.path, "fehler.html", "Seite nicht gefunden", message)
    return render(request, page, status=404, message=message)


ASSETS = ("/static/", "/seite/")
MISSING_PAGE = (
    "Unter dieser Adresse gibt es keine Seite. Vielleicht hilft eine der Seiten unten weiter, oder die Navigation oben."
)


async def missing(request: Request, exc: Exception) -> Response:
    """Every 404 of the server: a known page under another spelling redirects to it (/Regeln), an API
    address answers the one JSON error shape, a file answers plain text, everything else a German page."""
    path = request.url.path
    if path.startswith("/api/"):
        return JSONResponse({"error": "not_found", "message": "Diese Adresse gibt es nicht."}, status_code=404)
    if path.startswith(ASSETS):
        return PlainTextResponse("Nicht gefunden.", status_code=404)
    known = pages.page_path_like(path)
    if known is not None and request.method in ("GET", "HEAD"):
        return RedirectResponse(known, status_code=301)
    return not_found(request, MISSING_PAGE)


async def wrong_method(request: Request, exc: Exception) -> Response:
    """Every 405: the one JSON error shape for the API, a German line elsewhere; `Allow` as Starlette says."""
    allow = getattr(exc, "headers", None) or {}
    message = f"Diese Adresse nimmt keine {request.method}-Anfrage an."
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": "wrong_method", "message": message}, status_code=405, headers=allow)
    return PlainTextResponse(message, status_code=405, headers=allow)


async def sitemap(request: Request) -> Response:
    base = site_origin(request)
    xml = env.get_template("sitemap.xml").render(urls=[base + path for path in pages.all_paths()])
    return Response(xml, media_type="application/xml", headers=CACHE)


async def robots(request: Request) -> Response:
    return PlainTextResponse(f"User-agent: *\nAllow: /\nSitemap: {site_origin(request)}/sitemap.xml\n", headers=CACHE)


def routes() -> list[BaseRoute]:
    return [
        _simple("/"),
        Route("/regeln", rules),
        Route(pages.ROLES_PATH, role_list),
        Route(pages.ROLES_PATH + "/{role_id}", role_detail),
        Route("/rollen-nach-spielerzahl", by_player_count),
        _simple("/am-tisch"),
        _simple("/ohne-spielleiter"),
        Route("/werwoerter/regeln", werwoerter_rules),
        Route("/herkunft", origin),
        Route("/datenschutz", privacy),
        Route(pages.ACCOUNT.path, account.show, methods=["GET", "HEAD"]),
        Route(pages.ACCOUNT.path, account.delete, methods=["POST"]),
        Route("/sitemap.xml", sitemap),
        Route("/robots.txt", robots),
        Mount("/seite", app=StaticFiles(directory=HERE / "static"), name="site-static"),
    ]
