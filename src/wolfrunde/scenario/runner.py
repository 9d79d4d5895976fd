"""Plays a scenario (setup + script of nights and days) through the real engine."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from wolfrunde.engine import Game, IllegalMove, Setup, SetupError
from wolfrunde.engine.cards import all_cards
from wolfrunde.engine.core import CORE
from wolfrunde.engine.model import Phase, Request
from wolfrunde.engine.registry import table
from wolfrunde.engine.role import Absent, ScenarioKey
from wolfrunde.scenario.names import role_id
from wolfrunde.scenario.transcript import transcript

TOP_KEYS = {"rules", "mode", "seed", "players", "center", "script", "meldeliste"}
PHASE_KEYS = {Phase.NIGHT: "night", Phase.DAY: "day"}
LIST_FORMS = {"seats", "gap"}  # answered with a list of names (Amor's couple, the dog's two neighbours)


@dataclass(frozen=True, slots=True)
class Keys:
    """The scenario keys of one phase, as the roles (and the core) declare them."""

    by_key: dict[str, tuple[str, ScenarioKey]]  # key -> (owner, declaration)

    def for_request(self, request: Request) -> ScenarioKey | None:
        for _, key in self.by_key.values():
            if key.answers(request.kind, request.options["type"]):
                return key
        return None


def keys(phase: Phase) -> Keys:
    """Every key a `night` or `day` entry may hold (shared spec scenario-format.md, from the roles)."""
    return Keys({key.key: (owner, key) for owner, key in table().scenario_keys if phase in key.phases})


class ScenarioError(Exception):
    """The file or one of its decisions is not allowed; the message is one line naming the entry."""


def run_scenario(data: Any) -> dict[str, Any]:
    game, script = _start(data)
    for index, entry in enumerate(script, start=1):
        _play_entry(game, index, entry)
    return transcript(game)


def _start(data: Any) -> tuple[Game, list[Any]]:
    if not isinstance(data, dict):
        raise ScenarioError("Das Szenario muss ein JSON-Objekt sein.")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"Unbekannter Schlüssel {sorted(unknown)[0]!r}.")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ScenarioError('players: eine Liste von {"name": …, "role": …} wird gebraucht.')
    names: list[str] = []
    roles: list[str] = []
    for position, entry in enumerate(players, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or "role" not in entry:
            raise ScenarioError(f'players[{position}]: "name" und "role" fehlen.')
        role = role_id(entry["role"])
        if role is None or not all_cards()[role].dealt:
            raise ScenarioError(f"players[{position}] {entry['name']}: unbekannte Rolle {entry['role']!r}.")
        names.append(entry["name"])
        roles.append(role)
    center_raw = data.get("center") or []
    if not isinstance(center_raw, list):
        raise ScenarioError("center: eine Liste von Rollennamen wird gebraucht.")
    center = []
    for item in center_raw:
        role = role_id(item)
        if role is None or not all_cards()[role].dealt:
            raise ScenarioError(f"center: unbekannte Rolle {item!r}.")
        center.append(role)
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ScenarioError(f"seed: eine ganze Zahl wird gebraucht, nicht {seed!r}.")
    setup = Setup(
        names=tuple(names),
        roles=tuple(roles),
        center=tuple(center),
        rules=data.get("rules", "wolfrunde"),
        mode=data.get("mode", "online"),
        seed=seed,
        meldeliste=bool(data.get("meldeliste", False)),
    )
    try:
        game = Game(setup)
    except SetupError as error:
        raise ScenarioError(f"setup: {error}") from None
    script = data.get("script", [])
    if not isinstance(script, list):
        raise ScenarioError("script: eine Liste von Nächten und Tagen wird gebraucht.")
    return game, script


def _play_entry(game: Game, index: int, entry: Any) -> None:
    if not isinstance(entry, dict):
        raise ScenarioError(f'script[{index}]: ein Objekt wie {{"night": 1, …}} wird gebraucht.')
    if ("night" in entry) == ("day" in entry):
        raise ScenarioError(f'script[{index}]: genau einer der Schlüssel "night" oder "day" wird gebraucht.')
    phase = Phase.NIGHT if "night" in entry else Phase.DAY
    number = entry[PHASE_KEYS[phase]]
    if isinstance(number, bool) or not isinstance(number, int):
        raise ScenarioError(f"script[{index}]: {PHASE_KEYS[phase]!r} braucht eine ganze Zahl, nicht {_json(number)}.")
    label = f"{phase.value} {number}"
    allowed = keys(phase)
    unknown = set(entry) - set(allowed.by_key) - {PHASE_KEYS[phase]}
    if unknown:
        raise ScenarioError(f"{label}: unbekannter Schlüssel {sorted(unknown)[0]!r}.")
    if game.result is not None:
        raise ScenarioError(f"{label}: die Partie ist schon vorbei.")
    if (game.phase, game.round) != (phase, number):
        raise ScenarioError(f"{label}: die Partie ist bei {game.phase.value} {game.round}, nicht bei {label}.")
    used: set[str] = set()
    try:
        while game.result is None and (game.phase, game.round) == (phase, number):
            requests = game.pending()
            _check_ballots(game, entry, requests, allowed, label)
            for request in requests:
                key = allowed.for_request(request)
                if key is not None and key.key in entry:
                    used.add(key.key)
                game.decide(request.seat, request.kind, _answer(game, entry, request, key, label))
    except IllegalMove as error:
        raise ScenarioError(f"{label}: {error}") from None
    for name in sorted(set(entry) - used - {PHASE_KEYS[phase]}):
        if entry[name] is None or entry[name] is False:
            continue
        owner, key = allowed.by_key[name]
        if key.moot is not None and key.moot(game):
            continue
        raise ScenarioError(f"{label}: {name!r} geht hier nicht: {_why_unused(game, owner, key)}.")


def _answer(game: Game, entry: dict[str, Any], request: Request, key: ScenarioKey | None, label: str) -> Any:
    """The answer the entry gives to this request, read by the request's form; no key: the default."""
    if key is None:
        return request.default
    value = entry.get(key.key)
    form = request.options["type"]
    if key.ballot:
        if isinstance(value, str):
            return _seat(game, value, label)  # one name: everyone's vote
        if value is None:
            return None
        if not isinstance(value, dict):
            raise ScenarioError(f'{label}: {key.key!r} braucht Wählende und ihre Stimmen, {{"Name": "Name"}}.')
        target = value.get(game.name(request.seat))
        return None if target is None else _seat(game, target, label)
    if value is None:
        return None if _absent(key, request) is Absent.NOTHING else request.default
    if form == "choice":
        choices = request.options["choices"]
        if all(isinstance(c, bool) for c in choices) and not isinstance(value, bool):
            raise ScenarioError(f"{label}: {key.key} braucht true oder false, nicht {_json(value)}.")
        return value
    if form == "card":
        role = role_id(value)
        if role is None:
            raise ScenarioError(f"{label}: {key.key}: unbekannte Rolle {value!r}.")
        return role
    if form == "witch":
        if not isinstance(value, dict):
            raise ScenarioError(f'{label}: {key.key} braucht {{"heal": Name, "poison": Name}}.')
        return {k: (None if v is None else _seat(game, v, label)) for k, v in value.items()}
    if form in LIST_FORMS:
        if not isinstance(value, list):
            raise ScenarioError(f"{label}: {key.key} braucht eine Liste von Namen, nicht {_json(value)}.")
        return [_seat(game, v, label) for v in value]
    if isinstance(value, list):
        raise ScenarioError(f"{label}: {key.key} braucht einen Namen, keine Liste.")
    return _seat(game, value, label)


def _absent(key: ScenarioKey, request: Request) -> Absent:
    """A key left out: a role does nothing (shared spec), where the request lets it; a yes/no or side
    choice keeps its default; a forced decision (the Hauptmann's successor) takes the default."""
    if key.absent is not None:
        return key.absent
    if request.options["type"] == "choice":
        return Absent.DEFAULT
    return Absent.NOTHING if request.options.get("optional", True) else Absent.DEFAULT


def _json(value: Any) -> str:
    """A value as the scenario file writes it (true, not True)."""
    return json.dumps(value, ensure_ascii=False)


def _seat(game: Game, name: Any, label: str) -> int:
    for player in game.players:
        if player.name == name:
            return player.seat
    raise ScenarioError(f"{label}: es gibt niemanden namens {_json(name)}.")


def _check_ballots(game: Game, entry: dict[str, Any], requests: list[Request], allowed: Keys, label: str) -> None:
    """Every voter named in a ballot key must be asked to vote in it now."""
    for _, key in allowed.by_key.values():
        ballots = entry.get(key.key)
        if not key.ballot or not isinstance(ballots, dict):
            continue
        asked = {game.name(r.seat) for r in requests if key.answers(r.kind, r.options["type"])}
        if not asked:
            continue
        for voter in ballots:
            seat = _seat(game, voter, label)
            if voter not in asked:
                why = "ist tot" if not game.players[seat].alive else "darf nicht abstimmen"
                raise ScenarioError(f"{label}: {voter} {why} ({key.key}).")


def _why_unused(game: Game, owner: str, key: ScenarioKey) -> str:
    if key.unused is not None or owner == CORE:
        return key.unused or "diese Abstimmung fand nicht statt"
    name = all_cards()[owner].name
    holders = game.holders(owner, alive=False)
    if not holders:
        return f"{name} spielt nicht mit"
    if not any(game.players[s].alive for s in holders) and not key.posthumous:
        return f"{name} ist tot"
    return f"{name} ist jetzt nicht an der Reihe"
