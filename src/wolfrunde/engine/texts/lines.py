"""Events as German lines, for one reader: second person for the seat the event is about, third person for
everyone else (and for the omniscient reader at the end, `reader=None`).

Each event type has one entry in its owner's data file:
- a string: the same line for every reader;
- `{"subject": key, "you": …, "other": …}`: "you" when the reader is the seat under `key` (or one of
  the seats, for a list), else "other"; `subject` defaults to `"actor"` (the seat that acted);
- `{"when": key, "cases": {value: entry, …, "*": entry}}`: chosen by the event's value under `key`
  (`true`/`false`, `null` when absent, `empty`/`some` for lists, and `one` before `some` for a list of
  one where the entry has it, else the value itself).

Placeholders are the event's fields, in German: seats become names (lists: "Anna, Ben und Carl"), `role`
the card's name, `cards` card names, `side` "das Dorf" …, `cause` the cause's label, `counts` the
tally. Computed: `round_word` ("zweite"), `step_line`, `kind_title`, `winner_line`, `resolution_line`,
`verdict_line`.

The caller decides what a reader may see; this only words it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wolfrunde.engine.model import SEAT_KEYS
from wolfrunde.engine.texts.catalogue import catalogue
from wolfrunde.engine.texts.german import listing, ordinal

SIDES = {"village": "das Dorf", "werewolves": "die Werwölfe", "pied_piper": "den Flötenspieler"}
ROLE_KEYS = frozenset({"role"})


def pick(entry: Any, event: Mapping[str, Any], reader: int | None) -> str:
    """The template of `entry` for this event and reader."""
    while isinstance(entry, dict):
        if "when" in entry:
            entry = case_of(entry["cases"], event.get(entry["when"]))
        else:
            subject = event.get(entry.get("subject", "actor"))
            mine = reader is not None and (reader == subject or (isinstance(subject, list) and reader in subject))
            entry = entry["you" if mine else "other"]
    if not isinstance(entry, str):
        raise TypeError(f"no line for {event.get('type')!r}: {entry!r}")
    return entry


def case_of(cases: Mapping[str, Any], value: Any) -> Any:
    """The case for this value: its `case_key`, for a list of one a case `one` before `some`, else `*`."""
    if isinstance(value, list | tuple) and len(value) == 1 and "one" in cases:
        return cases["one"]
    key = case_key(value)
    return cases[key] if key in cases else cases["*"]


def case_key(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple | dict):
        return "some" if value else "empty"
    return str(value)


class _Values(dict[str, str]):
    """The German value of each placeholder, computed when a template asks for it."""

    def __init__(self, event: Mapping[str, Any], names: Sequence[str], reader: int | None) -> None:
        super().__init__()
        self.event = event
        self.names = names
        self.reader = reader

    def __missing__(self, key: str) -> str:
        value = self._compute(key)
        self[key] = value
        return value

    def _compute(self, key: str) -> str:
        texts = catalogue()
        event = self.event
        if key == "round_word":
            return ordinal(int(event["round"]))
        if key == "step_line":
            return texts.steps[event["step"]].line
        if key == "kind_title":
            return texts.kinds[event["kind"]].title or texts.kinds[event["kind"]].prompt
        if key == "winner_line":
            return texts.winners[event["winner"]].line
        if key == "resolution_line":
            return self._nested(texts.resolutions[event["resolution"]].line)
        if key == "verdict_line":
            verdict = texts.causes[event["cause"]].verdict
            if verdict is None:
                raise KeyError(f"no verdict line for the cause {event['cause']!r}")
            return self._nested(verdict)
        value = event[key]
        if key in SEAT_KEYS:
            return self._seats(value)
        if key in ROLE_KEYS:
            return card_name(value)
        if key == "cards":
            return listing([card_name(role) for role in value], empty="keine")
        if key == "side":
            return SIDES.get(value, str(value))
        if key == "cause":
            return texts.causes[value].label if value in texts.causes else str(value)
        if key == "counts":  # most votes first, then by seat
            ranked = sorted(((int(seat), count) for seat, count in value.items()), key=lambda item: (-item[1], item[0]))
            shown = [f"{self._seats(seat)} {count}" for seat, count in ranked]
            return ", ".join(shown) or "keine Stimmen"
        return str(value)

    def _seats(self, value: Any) -> str:
        if value is None:
            return "niemand"
        if isinstance(value, list | tuple):
            return listing([self.names[s] for s in value])
        return str(self.names[value])

    def _nested(self, template: str) -> str:
        return template.format_map(self)


def role_name(role_id: str) -> str:
    from wolfrunde.engine.cards import all_cards

    cards = all_cards()
    return cards[role_id].name if role_id in cards else role_id


def card_name(role_id: str) -> str:
    """The name of one card of the role, as a player holds it: "Schwester", where `role_name` is the
    set's "Schwestern"."""
    from wolfrunde.engine.cards import all_cards

    cards = all_cards()
    return cards[role_id].one_name if role_id in cards else role_id


def event_line(event: Mapping[str, Any], names: Sequence[str], reader: int | None = None) -> str:
    """One event (a view's event dict: {"type": …, fields …}) as a German line for seat `reader`
    (None: a reader who is none of the seats involved, such as the omniscient end-of-game log)."""
    return fill_line(event_template(event, reader), event, names)


def told_already(event: Mapping[str, Any], before: Mapping[str, Any] | None) -> bool:
    """Whether `event` says nothing its predecessor in a log did not: a death's public `died` right after
    its omniscient `death`, which only a reader of every event (the end's log) has both of."""
    return (
        before is not None
        and event["type"] == "died"
        and before["type"] == "death"
        and before.get("player") == event.get("player")
    )


def event_template(event: Mapping[str, Any], reader: int | None = None) -> str:
    """The template of `event_line`: the only part of a line that depends on the reader."""
    entry = catalogue().events.get(event["type"])
    if entry is None:
        raise KeyError(f"no German line for the event type {event['type']!r}")
    return pick(entry, event, reader)


def fill_line(template: str, event: Mapping[str, Any], names: Sequence[str]) -> str:
    """`event_template`'s template with the event's values in German."""
    return template.format_map(_Values(event, names, None))
