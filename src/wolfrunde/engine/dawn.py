"""Dawn: the night's threats meet the protections and the cards that absorb them; the dead die together;
then the consequences, the morning, the public news of the night, and the victory check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine import deaths, victory
from wolfrunde.engine.effects import NightEffects, Threat
from wolfrunde.engine.model import Handler

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game


def resolve(game: Game, night: NightEffects) -> Handler[None]:
    first_event = len(game.events)
    due: list[Threat] = []
    for role in game.table.roles:
        if role.dawn_threats is not None:
            due += [Threat(target, cause) for target, cause in role.dawn_threats(game)]
    dying: dict[int, str] = {}
    hunt_over = any(game.table.causes[threat.cause].ends_the_hunt for threat in night.threats)
    for threat in [*due, *night.threats]:
        target, cause = threat.target, threat.cause
        if target in dying or not game.players[target].alive or (hunt_over and game.is_wolf_attack(cause)):
            continue
        if game.is_wolf_attack(cause) and _stopped(game, night, target, cause):
            continue
        dying[target] = cause
    deaths.kill_all(game, dying)
    yield from deaths.settle(game)
    dead = sorted(e.data["player"] for e in game.events[first_event:] if e.type == "death")
    game.emit("morning", round=game.round, dead=dead)
    for role in game.table.roles:
        if role.after_morning is not None:
            role.after_morning(game, night)
    outcome = victory.check(game)
    if outcome is not None:
        victory.finish(game, outcome)


def _stopped(game: Game, night: NightEffects, target: int, cause: str) -> bool:
    """A wolf attack meets the night's protections first, then the target's own card."""
    protector = night.protector(target)
    if protector is None:
        card = game.role_of(target)
        if card.absorbs_attack is None or not card.absorbs_attack(game, target, cause):
            return False
        protector = card.id
    game.emit("attack_blocked", visible_to=[], player=target, by=protector, cause=cause)
    return True
