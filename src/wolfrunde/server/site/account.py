"""`/konto`: one's own account, and deleting it ("Konto löschen") with the password entered again.

The page works without JavaScript: a plain form posts to the same address. It knows the visitor by the
session cookie; it is never cached and never indexed.
"""

from __future__ import annotations

import asyncio
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import Response

from wolfrunde.server import auth, safejson
from wolfrunde.server.site import pages
from wolfrunde.server.site.rendering import PRIVATE, render

MAX_FORM = 2048
FORM_TYPE = "application/x-www-form-urlencoded"
WRONG_PASSWORD = "Das Passwort stimmt nicht. Dein Konto ist nicht gelöscht."
TOO_MANY = (
    "Zu viele falsche Passwörter. Bitte in {seconds} Sekunden noch einmal versuchen; dein Konto ist nicht gelöscht."
)
BAD_FORM = (
    "Das Formular kam nicht vollständig an. Bitte gib dein Passwort noch einmal ein; dein Konto ist nicht gelöscht."
)
FOREIGN = "Diese Anfrage kam nicht von dieser Seite. Dein Konto ist nicht gelöscht."
LOGGED_OUT = "Du bist nicht angemeldet; es wurde nichts gelöscht."


def _page(request: Request, status: int = 200, **values: object) -> Response:
    return render(request, pages.ACCOUNT, status, PRIVATE, **values)


async def show(request: Request) -> Response:
    user = await asyncio.to_thread(auth.current_user, request)
    if user is None:
        return _page(request, **pages.account_context(None))
    return _page(request, **pages.account_context(user.name, since=user.created_at))


async def _password(request: Request) -> str | None:
    """The form's password, or None when the body is not the form (wrong type, too big, broken)."""
    if not request.headers.get("content-type", "").startswith(FORM_TYPE):
        return None
    try:
        body = await safejson.read_body(request, MAX_FORM)
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=4, errors="strict")
    except (safejson.BodyTooLarge, UnicodeDecodeError, ValueError):
        return None
    values = fields.get("passwort", [])
    return values[0] if len(values) == 1 else None


async def delete(request: Request) -> Response:
    user = await asyncio.to_thread(auth.current_user, request)
    if not auth.same_origin(request):
        name = None if user is None else user.name
        return _page(request, 403, **pages.account_context(name, error=FOREIGN))
    if user is None:
        return _page(request, 401, **pages.account_context(None, error=LOGGED_OUT))
    password = await _password(request)
    if not password:
        return _page(request, 400, **pages.account_context(user.name, since=user.created_at, error=BAD_FORM))
    check, seconds = await auth.check_password(request, user, password)
    if check is auth.PasswordCheck.WAIT:
        error = TOO_MANY.format(seconds=seconds)
        return _page(request, 429, **pages.account_context(user.name, since=user.created_at, error=error))
    if check is auth.PasswordCheck.WRONG:
        return _page(request, 403, **pages.account_context(user.name, since=user.created_at, error=WRONG_PASSWORD))
    await auth.delete_account(request, user)
    return auth.forget_cookie(_page(request, **pages.account_context(None, deleted=user.name)))
