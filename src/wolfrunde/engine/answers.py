"""The engine's door: a raw answer becomes its canonical type before any rule sees it.

Every request says the form of its answer in `options["type"]`. Whatever a client, a stored command or a
script sends is checked against that form here, once, and turned into plain Python values (seats are
`int`, never `bool` or `float`; lists are lists of `int`; the Hexe's answer is a dict with exactly her two
keys). A rule's own `check` then only decides what is legal now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wolfrunde.engine.errors import IllegalMove

MAX_LIST = 64  # no request asks for more seats than a table has


def is_whole(value: Any) -> bool:
    """A JSON integer: `int`, but not `bool` (True is an int in Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, what: str) -> int:
    if not is_whole(value):
        raise IllegalMove.about(what, f"ein Sitzplatz ist eine ganze Zahl, nicht {_shown(value)}.")
    return int(value)


def _optional_seat(value: Any, what: str) -> int | None:
    return None if value is None else _seat(value, what)


def _seat_list(value: Any, what: str) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple):
        raise IllegalMove.about(what, f"erwartet wird eine Liste von Sitzplätzen, nicht {_shown(value)}.")
    if len(value) > MAX_LIST:
        raise IllegalMove.about(what, f"zu viele Einträge ({len(value)}).")
    return [_seat(item, what) for item in value]


def _seat_answer(options: dict[str, Any], value: Any) -> int | None:
    return _optional_seat(value, "Diese Wahl")


def _seats_answer(options: dict[str, Any], value: Any) -> list[int] | None:
    return _seat_list(value, "Diese Wahl")


def _gap_answer(options: dict[str, Any], value: Any) -> list[int] | None:
    seats = _seat_list(value, "Hundeführer")
    if seats is not None and len(seats) != 2:
        raise IllegalMove.about("Hundeführer", "zwei benachbarte Spieler angeben.")
    return seats


def _choice_answer(options: dict[str, Any], value: Any) -> Any:
    allowed = options.get("choices", [])
    for choice in allowed:
        if type(choice) is type(value) and choice == value:
            return choice
    shown = ", ".join(_shown(choice) for choice in allowed)
    raise IllegalMove(f"Diese Wahl: {_shown(value)} ist nicht möglich (erlaubt: {shown}).")


def _card_answer(options: dict[str, Any], value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise IllegalMove.about("Dieb", f"erwartet wird eine Karte aus der Mitte, nicht {_shown(value)}.")


def _number_answer(options: dict[str, Any], value: Any) -> int:
    if not is_whole(value):
        raise IllegalMove(f"Erwartet wird eine ganze Zahl, nicht {_shown(value)}.")
    return int(value)


def _witch_answer(options: dict[str, Any], value: Any) -> dict[str, int | None]:
    if value is None:
        return {"heal": None, "poison": None}
    if not isinstance(value, dict) or set(value) - {"heal", "poison"}:
        raise IllegalMove.about("Hexe", 'erwartet wird {"heal": Spieler, "poison": Spieler}.')
    return {
        "heal": _optional_seat(value.get("heal"), "Hexe"),
        "poison": _optional_seat(value.get("poison"), "Hexe"),
    }


def _confirm_answer(options: dict[str, Any], value: Any) -> bool:
    """Waking only (recognising each other, the end of a discussion): any answer means "done"."""
    return True


FORMS: dict[str, Callable[[dict[str, Any], Any], Any]] = {
    "seat": _seat_answer,
    "seats": _seats_answer,
    "gap": _gap_answer,
    "choice": _choice_answer,
    "card": _card_answer,
    "number": _number_answer,
    "witch": _witch_answer,
    "confirm": _confirm_answer,
}


def canonical(options: dict[str, Any], value: Any) -> Any:
    """The answer in its canonical type for a request with these options; raises IllegalMove."""
    form = FORMS.get(str(options.get("type")))
    if form is None:
        raise IllegalMove(f"Unbekannte Art von Entscheidung „{options.get('type')}“.")
    return form(options, value)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"
