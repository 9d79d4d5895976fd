"""The German texts of each role and of the core, read from their data files.

A role's texts are in `engine/texts/roles/<id>.json` (or the file its module names in `TEXTS`); the
core's in `engine/texts/core.json`. One file per role holds everything a player reads or hears of it:

    description, cadence, spoken   the one description (the seed's text), when it acts, the narrator's
                                   name for a revealed card ("die Seherin")
    page                           the rules website: side, night, questions, tips, setup
    steps    {id: {call, line, wake, sleep}}      a step's German name, its event line, narration scenes
    kinds    {kind: {prompt, hint, nobody, call, title}}   texts of a request kind
    events   {type: entry}                         the German line of an event (see lines.py)
    causes   {id: {label, verdict, death_scene, verdict_scene, verdict_tells_death}}
    winners  {id: {line, scene}}                   a victory's line and narration scene
    resolutions {id: {line, cue}}                  how a tie is resolved, and the narrator's cue for it
    scenes   {during_step: {step: scene}, events: {type: cue}, after_revealed_death: scene,
              nightfall: scene}                    further narration (see narration/cues.py)

`check_texts()` (run by the tests) proves that every declaration has its texts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wolfrunde.engine import registry
from wolfrunde.engine.core import CORE

CORE_FILE = Path(__file__).resolve().parent / "core.json"


class TextsError(RuntimeError):
    """A data file that is missing, malformed or lacks a text a declaration needs."""


@dataclass(frozen=True, slots=True)
class StepTexts:
    call: str
    line: str
    wake: str | None = None
    sleep: str | None = None


@dataclass(frozen=True, slots=True)
class KindTexts:
    prompt: str
    hint: str | None = None
    nobody: str | None = None  # the label of the "nobody" answer
    call: str | None = None  # who is called for it, when not the step's call (a single device says it)
    title: str | None = None  # a vote's name ("Die zweite Abstimmung")


@dataclass(frozen=True, slots=True)
class CauseTexts:
    label: str  # "vergiftet", "aus Kummer gestorben" …
    verdict: str | None = None  # the line of a verdict with this cause ("{player} wird verurteilt.")
    death_scene: str | None = None  # narrated before the death (grief, the rusty blade)
    verdict_scene: str | None = None  # narrated for a verdict with this cause
    verdict_tells_death: bool = False  # the verdict scene already names the death


@dataclass(frozen=True, slots=True)
class WinnerTexts:
    line: str
    scene: str


@dataclass(frozen=True, slots=True)
class ResolutionTexts:
    line: str
    cue: Any = None  # a cue entry (see narration/cues.py), or None


@dataclass(frozen=True, slots=True)
class RoleTexts:
    id: str
    description: str = ""
    cadence: str = ""
    spoken: str = ""
    page: dict[str, Any] = field(default_factory=dict)
    steps: dict[str, StepTexts] = field(default_factory=dict)
    kinds: dict[str, KindTexts] = field(default_factory=dict)
    events: dict[str, Any] = field(default_factory=dict)
    causes: dict[str, CauseTexts] = field(default_factory=dict)
    winners: dict[str, WinnerTexts] = field(default_factory=dict)
    resolutions: dict[str, ResolutionTexts] = field(default_factory=dict)
    scenes: dict[str, Any] = field(default_factory=dict)


_TOP = {
    "description",
    "cadence",
    "spoken",
    "page",
    "steps",
    "kinds",
    "events",
    "causes",
    "winners",
    "resolutions",
    "scenes",
}


def _load(owner: str, path: Path) -> RoleTexts:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise TextsError(f"{owner}: the texts file {path} cannot be read: {error}") from None
    if not isinstance(data, dict) or set(data) - _TOP:
        raise TextsError(f"{owner}: {path.name} has unknown sections {sorted(set(data) - _TOP)}")
    try:
        return RoleTexts(
            id=owner,
            description=str(data.get("description", "")),
            cadence=str(data.get("cadence", "")),
            spoken=str(data.get("spoken", "")),
            page=dict(data.get("page", {})),
            steps={k: StepTexts(**v) for k, v in data.get("steps", {}).items()},
            kinds={k: KindTexts(**v) for k, v in data.get("kinds", {}).items()},
            events=dict(data.get("events", {})),
            causes={k: CauseTexts(**v) for k, v in data.get("causes", {}).items()},
            winners={k: WinnerTexts(**v) for k, v in data.get("winners", {}).items()},
            resolutions={k: ResolutionTexts(**v) for k, v in data.get("resolutions", {}).items()},
            scenes=dict(data.get("scenes", {})),
        )
    except TypeError as error:
        raise TextsError(f"{owner}: {path.name}: {error}") from None


@dataclass(frozen=True, slots=True)
class Catalogue:
    """All texts, and for each step, kind, event type, cause, winner and resolution the texts that own it."""

    owners: dict[str, RoleTexts]
    steps: dict[str, StepTexts]
    kinds: dict[str, KindTexts]
    events: dict[str, Any]
    causes: dict[str, CauseTexts]
    winners: dict[str, WinnerTexts]
    resolutions: dict[str, ResolutionTexts]


@registry.derived
def catalogue() -> Catalogue:
    owners = {CORE: _load(CORE, CORE_FILE)}
    for role in registry.roles():
        owners[role.id] = _load(role.id, registry.texts_path(role.id))
    merged: dict[str, dict[str, Any]] = {
        "steps": {},
        "kinds": {},
        "events": {},
        "causes": {},
        "winners": {},
        "resolutions": {},
    }
    for owner, texts in owners.items():
        for section, entries in merged.items():
            for key, value in getattr(texts, section).items():
                if key in entries:
                    raise TextsError(f"{owner}: {section} {key!r} has texts in two files")
                entries[key] = value
    return Catalogue(owners=owners, **merged)


def role_texts(role_id: str) -> RoleTexts:
    return catalogue().owners[role_id]


def core_texts() -> RoleTexts:
    return catalogue().owners[CORE]


PAGE_PARTS = ("side", "night", "questions", "tips", "setup")


def problems() -> list[str]:
    """Every declaration that lacks its texts (a test fails on any): each role's description, cadence,
    spoken name and page; a prompt for every request kind; a line for every event type; call, line and
    narration scenes for every night step; a label for every cause; a line and scene for every winner."""
    from wolfrunde.engine import core, victory

    texts = catalogue()
    found: list[str] = []
    table = registry.table()
    for role in table.roles:
        own = texts.owners[role.id]
        for part in ("description", "cadence", "spoken"):
            if not getattr(own, part):
                found.append(f"{role.id}: no {part}")
        for part in PAGE_PARTS:
            if part not in own.page:
                found.append(f"{role.id}: its page has no {part}")
        for step in role.steps:
            step_texts = texts.steps.get(step.id)
            if step_texts is None or not (step_texts.call and step_texts.line):
                found.append(f"{role.id}: the night step {step.id!r} has no call or line")
            elif not (step_texts.wake and step_texts.sleep):
                found.append(f"{role.id}: the night step {step.id!r} has no wake and sleep scenes")
    for kind, owner in table.kind_owner.items():
        if kind not in texts.kinds or not texts.kinds[kind].prompt:
            found.append(f"{owner}: the request kind {kind!r} has no prompt")
    for event, owner in table.event_owner.items():
        if event not in texts.events:
            found.append(f"{owner}: the event type {event!r} has no German line")
    for cause in table.causes:
        if cause not in texts.causes:
            found.append(f"the cause {cause!r} has no label")
    for day_step in core.DAY_STEPS:
        if day_step not in texts.steps:
            found.append(f"core: the day step {day_step!r} has no call")
    winners = {"draw"} | {c.id for c in table.victory if c.id != victory.VICTORY_ORDER[0]}
    for winner in sorted(winners):
        if winner not in texts.winners:
            found.append(f"the winner {winner!r} has no line and scene")
    return found
