"""Builders for the decisions the engine asks for, each with its own check and German error texts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.model import Request

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

WhyNot = Callable[[int], str | None]


def _as_seat(game: Game, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(game.players):
        raise IllegalMove(f"Unbekannter Sitzplatz: {value!r}.")
    return value


def seat_choice(
    game: Game,
    seat: int,
    kind: str,
    candidates: Sequence[int],
    *,
    optional: bool = True,
    default: int | None = None,
    why_not: WhyNot | None = None,
    what: str = "Diese Wahl",
    changeable: bool = False,
) -> Request:
    """Choose one seat among `candidates` (or nobody, when optional). `changeable`: a public vote of the
    day, whose answer the voter may replace while it is open (`Game.decide`, rulings.md "Changing a vote")."""
    allowed = tuple(candidates)

    def check(value: Any) -> int | None:
        if value is None:
            if optional:
                return None
            raise IllegalMove.about(what, "Hier muss jemand gewählt werden.")
        target = _as_seat(game, value)
        if target not in allowed:
            reason = why_not(target) if why_not else None
            raise _not_choosable(game, what, target, reason)
        return target

    options: dict[str, Any] = {"type": "seat", "choices": list(allowed), "optional": optional}
    if changeable:
        options["changeable"] = True
    return Request(seat, kind, options, default, check)


def seats_choice(
    game: Game,
    seat: int,
    kind: str,
    candidates: Sequence[int],
    count: int,
    *,
    optional: bool = True,
    distinct: bool = True,
    why_not: WhyNot | None = None,
    what: str = "Diese Wahl",
) -> Request:
    """Choose exactly `count` different seats among `candidates` (or nobody, when optional)."""
    allowed = tuple(candidates)

    def check(value: Any) -> list[int] | None:
        if value is None:
            if optional:
                return None
            raise IllegalMove.about(what, "Hier muss gewählt werden.")
        if not isinstance(value, list | tuple):
            raise IllegalMove.about(what, f"Erwartet wird eine Liste von {count} Spielern.")
        targets = [_as_seat(game, v) for v in value]
        if len(targets) != count:
            raise IllegalMove.about(what, f"Genau {count} Spieler wählen, nicht {len(targets)}.")
        if distinct and len(set(targets)) != len(targets):
            raise IllegalMove.about(what, "Zweimal derselbe Spieler ist nicht erlaubt.")
        for target in targets:
            if target not in allowed:
                reason = why_not(target) if why_not else None
                raise _not_choosable(game, what, target, reason)
        return targets

    options = {"type": "seats", "choices": list(allowed), "count": count, "optional": optional}
    return Request(seat, kind, options, None, check)


def value_choice(seat: int, kind: str, values: Sequence[Any], *, default: Any, what: str = "Diese Wahl") -> Request:
    """Choose one of a few fixed values (sides, yes/no …)."""
    allowed = tuple(values)

    def check(value: Any) -> Any:
        if value not in allowed or (isinstance(value, bool) != isinstance(allowed[0], bool)):
            shown = ", ".join(repr(v) for v in allowed)
            raise IllegalMove.about(what, f"{value!r} ist nicht möglich (erlaubt: {shown}).")
        return value

    return Request(seat, kind, {"type": "choice", "choices": list(allowed)}, default, check)


def yes_no(seat: int, kind: str, *, what: str) -> Request:
    return value_choice(seat, kind, (False, True), default=False, what=what)


def confirm(seat: int, kind: str = "confirm") -> Request:
    """A step in which the seat only wakes (recognising others, talking); any answer ends it."""

    def check(value: Any) -> bool:
        return True

    return Request(seat, kind, {"type": "confirm"}, True, check)


def _not_choosable(game: Game, what: str, target: int, reason: str | None) -> IllegalMove:
    """`target` may not be chosen now: the role's own reason, or the general one."""
    if reason:
        return IllegalMove(reason)
    return IllegalMove.about(what, f"{game.name(target)} kann jetzt nicht gewählt werden.")
