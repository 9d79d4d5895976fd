"""Plays a scenario (setup + script of nights and days) through the real engine."""

from __future__ import annotations

from typing import Any

from wolfrunde.engine import Game, IllegalMove, Setup, SetupError
from wolfrunde.engine.cards import card
from wolfrunde.engine.model import Phase, Request
from wolfrunde.scenario.names import role_id
from wolfrunde.scenario.transcript import transcript

TOP_KEYS = {"rules", "mode", "seed", "players", "center", "script", "meldeliste"}
NIGHT_KEYS = {
    "thief": "thief",
    "border_crosser": "border_crosser",
    "foundling": "foundling",
    "cupid": "cupid",
    "bodyguard": "bodyguard",
    "denouncer": "denouncer",
    "werewolves": "werewolf",
    "infect": "primal_wolf",
    "alpha_wolf": "alpha_wolf",
    "white_wolf": "white_wolf",
    "little_girl_caught": "little_girl",
    "seer": "seer",
    "fox": "fox",
    "dog_handler": "dog_handler",
    "witch": "witch",
    "piper": "piper",
    "maid": "maid",
    "hunter": "hunter",
    "captain_successor": "captain",
}
DAY_KEYS = {
    "captain": "captain",
    "votes": None,
    "tiebreak": "captain",
    "revote": None,
    "maid": "maid",
    "judge": "judge",
    "second_votes": None,
    "hunter": "hunter",
    "captain_successor": "captain",
}
# request kind -> the script key that answers it (votes are looked up per voter)
KIND_TO_KEY = {
    "thief": "thief",
    "border_crosser": "border_crosser",
    "foundling": "foundling",
    "cupid": "cupid",
    "bodyguard": "bodyguard",
    "denouncer": "denouncer",
    "werewolves": "werewolves",
    "infect": "infect",
    "alpha_wolf": "alpha_wolf",
    "white_wolf": "white_wolf",
    "peek": "little_girl_caught",
    "catch": "little_girl_caught",
    "seer": "seer",
    "fox": "fox",
    "dog_handler": "dog_handler",
    "witch": "witch",
    "piper": "piper",
    "maid": "maid",
    "hunter": "hunter",
    "captain_successor": "captain_successor",
    "captain": "captain",
    "vote": "votes",
    "tiebreak": "tiebreak",
    "revote": "revote",
    "judge": "judge",
    "second_vote": "second_votes",
}
BALLOTS = {"vote", "revote", "second_vote", "captain"}
NO_KEY_KINDS = {"confirm", "ready", "captain_runoff"}


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
        if role is None or role == "captain":
            raise ScenarioError(f"players[{position}] {entry['name']}: unbekannte Rolle {entry['role']!r}.")
        names.append(entry["name"])
        roles.append(role)
    center_raw = data.get("center") or []
    if not isinstance(center_raw, list):
        raise ScenarioError("center: eine Liste von Rollennamen wird gebraucht.")
    center = []
    for item in center_raw:
        role = role_id(item)
        if role is None or role == "captain":
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
    number = entry[phase.value]
    label = f"{phase.value} {number}"
    allowed = NIGHT_KEYS if phase is Phase.NIGHT else DAY_KEYS
    unknown = set(entry) - set(allowed) - {phase.value}
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
            _check_ballots(game, entry, requests, label)
            for request in requests:
                key = KIND_TO_KEY.get(request.kind)
                if key is not None and key in entry and _consumes(request):
                    used.add(key)
                game.decide(request.seat, request.kind, _answer(game, entry, request, label))
    except IllegalMove as error:
        raise ScenarioError(f"{label}: {error}") from None
    for key in sorted(set(entry) - used - {phase.value}):
        if entry[key] is None or entry[key] is False:
            continue
        raise ScenarioError(f"{label}: {key!r} geht hier nicht: {_why_unused(game, allowed[key], key)}.")


def _consumes(request: Request) -> bool:
    """`little_girl_caught` only answers the `duesterwald` peek (a yes/no), not the timed peek online."""
    return request.kind != "peek" or request.options["type"] == "choice"


def _answer(game: Game, entry: dict[str, Any], request: Request, label: str) -> Any:
    kind = request.kind
    if kind in NO_KEY_KINDS:
        return request.default
    key = KIND_TO_KEY[kind]
    value = entry.get(key)
    if kind in BALLOTS:
        if kind == "captain" and isinstance(value, str):
            return _seat(game, value, label)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise ScenarioError(f'{label}: {key!r} braucht Wählende und ihre Stimmen, {{"Name": "Name"}}.')
        target = value.get(game.name(request.seat))
        return None if target is None else _seat(game, target, label)
    if kind == "peek":
        return bool(value) if request.options["type"] == "choice" else 0
    if kind in ("catch", "infect", "maid", "judge"):
        return bool(value)
    if kind == "border_crosser":
        return request.default if value is None else value
    if kind in ("captain_successor", "tiebreak") and value is None:
        return request.default
    if kind == "thief":
        if value is None:
            return None
        role = role_id(value)
        if role is None:
            raise ScenarioError(f"{label}: thief: unbekannte Rolle {value!r}.")
        return role
    if kind == "witch":
        if value is None:
            return None
        if not isinstance(value, dict):
            raise ScenarioError(f'{label}: witch braucht {{"heal": Name, "poison": Name}}.')
        return {k: (None if v is None else _seat(game, v, label)) for k, v in value.items()}
    if value is None:
        return None
    if isinstance(value, list):
        return [_seat(game, v, label) for v in value]
    return _seat(game, value, label)


def _seat(game: Game, name: Any, label: str) -> int:
    for player in game.players:
        if player.name == name:
            return player.seat
    raise ScenarioError(f"{label}: es gibt niemanden namens {name!r}.")


def _check_ballots(game: Game, entry: dict[str, Any], requests: list[Request], label: str) -> None:
    """Every voter named in a ballot key must be asked to vote in it now."""
    for kind in {r.kind for r in requests} & BALLOTS:
        ballots = entry.get(KIND_TO_KEY[kind])
        if not isinstance(ballots, dict):
            continue
        asked = {game.name(r.seat) for r in requests if r.kind == kind}
        for voter in ballots:
            _seat(game, voter, label)
            if voter not in asked:
                seat = _seat(game, voter, label)
                why = "ist tot" if not game.players[seat].alive else "darf nicht abstimmen"
                raise ScenarioError(f"{label}: {voter} {why} ({KIND_TO_KEY[kind]}).")


def _why_unused(game: Game, role: str | None, key: str) -> str:
    if role is None:
        return "diese Abstimmung fand nicht statt"
    if role == "captain":
        return "der Hauptmann hat gerade nichts zu entscheiden"
    name = card(role).name
    holders = game.holders(role, alive=False)
    if not holders:
        return f"{name} spielt nicht mit"
    if not any(game.players[s].alive for s in holders) and key != "hunter":
        return f"{name} ist tot"
    return f"{name} ist jetzt nicht an der Reihe"
