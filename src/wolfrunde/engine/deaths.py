"""Dying, and what deaths set off, in the order of the shared rulings ("Dawn")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.model import Handler

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

# grief of lovers, the Jäger's shot, the Findelkind turning, the Hauptmann's successor. The shared rulings
# name the successor before the Findelkind; naming him changes nothing the Findelkind looks at, and only
# after the Findelkind has turned is it known whether the game goes on (rulings.md, "Dawn").
CONSEQUENCES: tuple[str, ...] = ("grief", "hunter_shot", "foundling_turns", "captain_successor")


def kill(game: Game, seat: int, cause: str, *, reveal: bool = True) -> None:
    """`death` is the omniscient record (with the true cause); `died` is what everyone learns.

    Only the death itself: callers that kill call `react` once every death of that moment happened."""
    player = game.players[seat]
    if not player.alive:
        return
    player.alive = False
    data: dict[str, Any] = {"player": seat, "round": game.round, "phase": game.phase.value, "cause": cause}
    if reveal:
        data["role"] = player.card
    game.emit("death", visible_to=(), **data)
    public = {**data, "cause": cause if game.table.causes[cause].public else "night"}
    game.emit("died", reveals={seat: player.card} if reveal else {}, **public)


def react(game: Game, dead: dict[int, str]) -> None:
    """The dead cards' own reactions (the Ritter's blade), once all deaths of the moment happened."""
    for seat in sorted(dead):
        role = game.role_of(seat)
        if role.on_death is not None:
            role.on_death(game, seat, dead[seat])


def kill_all(game: Game, dying: dict[int, str]) -> None:
    """Deaths that happen together, in seat order, then their cards' reactions."""
    for seat in sorted(dying):
        kill(game, seat, dying[seat])
    react(game, dying)


def settle(game: Game) -> Handler[None]:
    """Resolve the consequences of deaths until nothing new happens: the first consequence in
    CONSEQUENCES order that changes something, then all of them again from the start."""
    while True:
        for consequence in game.table.consequences:
            changed = yield from consequence.run(game)
            if changed:
                break
        else:
            return
