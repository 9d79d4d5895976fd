"""Dawn: the night's attacks meet guard, heal and Ältester; the dead die together; then consequences."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine import deaths, victory
from wolfrunde.engine.roles import elder, knight

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game


def resolve(game: Game) -> Any:
    night = game.night
    first_event = len(game.events)
    dying: dict[int, str] = {}
    for seat in game.blade_next_dawn:
        if game.players[seat].alive:
            dying.setdefault(seat, "rusty_blade")
    game.blade_next_dawn = []
    if night.caught is not None:
        dying.setdefault(night.caught, "caught")
    for target, cause in night.attacks:
        if target in dying or not game.players[target].alive:
            continue
        if target == night.guarded:
            game.emit("attack_blocked", visible_to=[], player=target, by="bodyguard", cause=cause)
        elif target == night.heal:
            game.emit("attack_blocked", visible_to=[], player=target, by="witch", cause=cause)
        elif elder.absorbs(game, target):
            game.emit("attack_blocked", visible_to=[], player=target, by="elder", cause=cause)
        else:
            dying[target] = cause
    if night.poison is not None and game.players[night.poison].alive:
        dying.setdefault(night.poison, "poison")
    for seat in sorted(dying):
        deaths.kill(game, seat, dying[seat])
    for seat in sorted(dying):
        if game.players[seat].card == "knight" and dying[seat] in knight.WOLF_ATTACKS:
            knight.wound(game, seat)
    yield from deaths.settle(game)
    dead = sorted(e.data["player"] for e in game.events[first_event:] if e.type == "death")
    game.emit("morning", round=game.round, dead=dead)
    if night.accusation is not None:
        game.emit("accusation", accused=night.accusation)
        game.accused_next_vote = night.accusation
    if night.dog is not None:
        left, right, growl = night.dog
        game.emit("dog", left=left, right=right, growl=growl)
    outcome = victory.check(game)
    if outcome is not None:
        victory.finish(game, outcome)
