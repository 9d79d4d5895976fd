"""The roles in play: every module of `wolfrunde.engine.roles`, plus modules registered at run time.

A role module defines `ROLE = Role(...)` and may define `TEXTS` (the path of its German data file; by
default `engine/texts/roles/<id>.json`). Modules whose name starts with `_` are not roles (the skeleton).
`register(module)` adds a role from anywhere (a plug-in, a test's fixture module); everything derived
from the roles (cards, night order, texts, scenario keys …) is rebuilt on the next use.

The registry also checks that the declarations fit together: ids, request kinds, event types, causes
and scenario keys are unique, and every declared order (night, death consequences, tie rules, victory)
matches the roles in both directions (see `ordering.py`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Container, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from wolfrunde.engine.cards import Card
from wolfrunde.engine.ordering import resolve
from wolfrunde.engine.role import Cause, Consequence, NightStep, Role, ScenarioKey, TieBreaker, VictoryCondition

TEXTS_DIR = Path(__file__).resolve().parent / "texts" / "roles"

T = TypeVar("T")
_generation = 0
_extras: dict[str, ModuleType] = {}


class RegistryError(RuntimeError):
    """Role declarations that do not fit together."""


def derived(build: Callable[[], T]) -> Callable[[], T]:
    """Cache `build()` until the set of roles changes."""
    memo: dict[str, tuple[int, T]] = {}

    def get() -> T:
        hit = memo.get("value")
        if hit is None or hit[0] != _generation:
            hit = (_generation, build())
            memo["value"] = hit
        return hit[1]

    get.__doc__ = build.__doc__
    get.__name__ = build.__name__
    return get


def register(module: ModuleType) -> None:
    """Add the role declared by `module.ROLE` (replacing an earlier registration of the same id)."""
    global _generation
    role = _role_of(module)
    _extras[role.id] = module
    _generation += 1


def unregister(role_id: str) -> None:
    global _generation
    _extras.pop(role_id, None)
    _generation += 1


@contextmanager
def registered(module: ModuleType) -> Iterator[Role]:
    """`with registered(module):` the role plays, and is gone again afterwards."""
    register(module)
    try:
        yield _role_of(module)
    finally:
        unregister(_role_of(module).id)


def _role_of(module: ModuleType) -> Role:
    role = getattr(module, "ROLE", None)
    if not isinstance(role, Role):
        raise RegistryError(f"{module.__name__} declares no ROLE = Role(...)")
    return role


def _builtin_modules() -> list[ModuleType]:
    from wolfrunde.engine import roles

    modules = []
    for info in sorted(pkgutil.iter_modules(roles.__path__), key=lambda info: info.name):
        if not info.name.startswith("_"):
            modules.append(importlib.import_module(f"{roles.__name__}.{info.name}"))
    return modules


@dataclass(frozen=True, slots=True)
class Table:
    """Everything derived from the roles, built once per set of roles."""

    roles: tuple[Role, ...]  # in role order: by their first step in the night, then by id
    by_id: dict[str, Role]
    cards: dict[str, Card]
    modules: dict[str, ModuleType]
    steps: tuple[NightStep, ...]  # the whole night, in order
    step_owner: dict[str, str]
    causes: dict[str, Cause]
    kind_owner: dict[str, str]
    event_owner: dict[str, str]
    scenario_keys: tuple[tuple[str, ScenarioKey], ...]  # (owner, key)
    consequences: tuple[Consequence, ...]
    tie_breakers: tuple[TieBreaker, ...]
    victory: tuple[VictoryCondition, ...]


_HOOKS: dict[tuple[int, str], tuple[Table, tuple[Any, ...]]] = {}


def hooks(table: Table, name: str) -> tuple[Any, ...]:
    """The hook `name` (`view_players`, `vote_weight` …) of every role of `table` that has one, in the
    table's role order: most roles have none, and views and votes ask for every player. A table never
    changes once built, so this is found once per table."""
    found = _HOOKS.get((id(table), name))
    if found is None or found[0] is not table:
        hooked = tuple(getattr(role, name) for role in table.roles if getattr(role, name) is not None)
        found = _HOOKS[(id(table), name)] = (table, hooked)
    return found[1]


@derived
def table() -> Table:
    from wolfrunde.engine import core, deaths, night_order, victory, votes

    modules: dict[str, ModuleType] = {}
    for module in [*_builtin_modules(), *_extras.values()]:
        role = _role_of(module)
        if role.id in modules and modules[role.id] is not module and role.id not in _extras:
            raise RegistryError(f"two modules declare the role {role.id!r}")
        modules[role.id] = module
    by_id = {role_id: _role_of(module) for role_id, module in modules.items()}
    steps = resolve("night order", night_order.NIGHT_ORDER, [step for role in by_id.values() for step in role.steps])
    step_owner = {step.id: role.id for role in by_id.values() for step in role.steps}
    position = {step.id: index for index, step in enumerate(steps)}

    def rank(role: Role) -> tuple[int, str]:
        places = [position[step.id] for step in role.steps]
        return (min(places) if places else len(position), role.id)

    ordered = tuple(sorted(by_id.values(), key=rank))
    causes: dict[str, Cause] = {cause.id: cause for cause in core.CAUSES}
    kind_owner = dict.fromkeys(core.KINDS, core.CORE)
    event_owner = dict.fromkeys(core.EVENTS, core.CORE)
    keys: list[tuple[str, ScenarioKey]] = [(core.CORE, key) for key in core.SCENARIO_KEYS]
    for role in ordered:
        for cause in role.causes:
            _unique(causes, cause.id, "cause")
            causes[cause.id] = cause
        for kind in role.kinds:
            _unique(kind_owner, kind, "request kind")
            kind_owner[kind] = role.id
        for event in role.events:
            _unique(event_owner, event, "event type")
            event_owner[event] = role.id
        keys += [(role.id, key) for key in role.scenario]
    seen_keys: set[tuple[str, str]] = set()
    for _, key in keys:
        for phase in key.phases:
            _unique(seen_keys, (key.key, phase.value), "scenario key")
            seen_keys.add((key.key, phase.value))
    return Table(
        roles=ordered,
        by_id={role.id: role for role in ordered},
        cards={role.id: role.card for role in ordered},
        modules=modules,
        steps=tuple(steps),
        step_owner=step_owner,
        causes=causes,
        kind_owner=kind_owner,
        event_owner=event_owner,
        scenario_keys=tuple(keys),
        consequences=tuple(
            resolve("death consequences", deaths.CONSEQUENCES, [c for r in ordered for c in r.consequences])
        ),
        tie_breakers=tuple(resolve("tie rules", votes.TIE_BREAKERS, [t for r in ordered for t in r.tie_breakers])),
        victory=tuple(
            resolve("victory", victory.VICTORY_ORDER, [*victory.CORE, *(v for r in ordered for v in r.victory)])
        ),
    )


def _unique(seen: Container[object], key: object, what: str) -> None:
    if key in seen:
        raise RegistryError(f"the {what} {key!r} is declared twice")


def roles() -> tuple[Role, ...]:
    return table().roles


def role(role_id: str) -> Role:
    return table().by_id[role_id]


def cards() -> dict[str, Card]:
    return table().cards


def texts_path(role_id: str) -> Path:
    """The German data file of a role: the module's `TEXTS`, else `engine/texts/roles/<id>.json`."""
    module = table().modules[role_id]
    path = getattr(module, "TEXTS", None)
    return Path(path) if path is not None else TEXTS_DIR / f"{role_id}.json"


def is_wolf_attack(cause_id: str) -> bool:
    return table().causes[cause_id].wolf_attack


def card_calls(step: NightStep, role_id: str) -> bool:
    """Whether this card in the deck has the step called."""
    if step.called_for is not None:
        return step.called_for(table().cards[role_id])
    return table().step_owner[step.id] == role_id


@derived
def harmful_kinds() -> frozenset[str]:
    """Request kinds whose chosen seat comes to harm (votes, shots, attacks): bots choose suspects there."""
    from wolfrunde.engine import core

    return frozenset(core.HARMS).union(*(role.harms for role in table().roles))
