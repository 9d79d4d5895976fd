"""Reading JSON from clients: size and nesting are limited before parsing, text must be real Unicode.

Python's parser recurses once per nesting level, so a few kilobytes of `[[[[…` raise RecursionError;
and a JSON escape like "\\ud800" yields a lone surrogate that cannot be sent back as UTF-8. Every JSON a
client sends, over a socket or in a request body, goes through `loads`, and every request body through
`read_body`, so neither can reach a handler.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request

MAX_DEPTH = 16  # no message of the protocol nests deeper than a handful of levels
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')


class RejectedJson(ValueError):
    """Not acceptable client JSON; the message says why, in German."""

    def __init__(self, reason: str, *, too_big: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.too_big = too_big


class BodyTooLarge(ValueError):
    """A request body over its limit (by Content-Length or while it was read)."""


def loads(raw: str | bytes, *, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """The parsed value, or raises RejectedJson."""
    if isinstance(raw, bytes):
        if len(raw) > max_chars * 4:
            raise RejectedJson(f"zu groß (höchstens {max_chars} Zeichen)", too_big=True)
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise RejectedJson("kein gültiges UTF-8") from None
    if len(raw) > max_chars:
        raise RejectedJson(f"zu groß (höchstens {max_chars} Zeichen)", too_big=True)
    if raw.count("[") + raw.count("{") > max_depth and _depth(raw) > max_depth:
        raise RejectedJson(f"zu tief verschachtelt (höchstens {max_depth} Ebenen)")
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        raise RejectedJson("kein gültiges JSON") from None
    if not _plain(raw) and not _clean_text(value):
        raise RejectedJson("enthält ungültige Zeichen (einzelne Surrogate)")
    return value


def _plain(raw: str) -> bool:
    """Whether no string parsed from `raw` can hold a lone surrogate: the text has none, and no `\\u`
    escape that could make one (what nearly every message is; the parsed value is then not walked)."""
    if "\\u" in raw:
        return False
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _depth(raw: str) -> int:
    """How deep brackets nest outside string literals (an unterminated string counts as text)."""
    deepest = depth = 0
    for char in _STRING.sub("", raw):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _clean_text(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_clean_text(key) and _clean_text(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_clean_text(item) for item in value)
    return True


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused by its Content-Length or as soon as more than `limit` bytes arrived."""
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            if int(declared) > limit:
                raise BodyTooLarge(declared)
        except ValueError:
            raise BodyTooLarge(declared) from None
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge(str(size))
        chunks.append(chunk)
    return b"".join(chunks)
