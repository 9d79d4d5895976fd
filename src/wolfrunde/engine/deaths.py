"""Dying, and what a death sets off: grief, the Jäger's shot, the Hauptmann's successor."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine import victory
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.roles import cupid, foundling, hunter

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game


# causes the village sees happen; a night kill by wolves, poison or a catch only shows as "night"
PUBLIC_CAUSES = frozenset({"grief", "hunter", "vote", "scapegoat", "rusty_blade"})


def kill(game: Game, seat: int, cause: str, *, reveal: bool = True) -> None:
    """`death` is the omniscient record (with the true cause); `died` is what everyone learns."""
    player = game.players[seat]
    if not player.alive:
        return
    if game.is_wolf(seat):
        game.wolf_has_died = True
    player.alive = False
    data: dict[str, Any] = {"player": seat, "round": game.round, "phase": game.phase.value, "cause": cause}
    if reveal:
        data["role"] = player.card
    game.emit("death", visible_to=(), **data)
    public = {**data, "cause": cause if cause in PUBLIC_CAUSES else "night"}
    game.emit("died", reveals={seat: player.card} if reveal else {}, **public)


def settle(game: Game) -> Any:
    """Resolve the consequences of deaths until nothing new happens, in the order of the shared rulings
    ("Dawn"): grief, the Jäger's shot, the Hauptmann's successor, the Findelkind turning."""
    while True:
        if _grief(game):
            continue
        loaded = hunter.loaded(game)
        if loaded and game.living():
            target = yield from hunter.shoot(game, loaded[0])
            game.emit("shot", player=loaded[0], target=target)
            if target is not None:
                kill(game, target, "hunter")
            continue
        break
    captain = game.captain
    if captain is not None and not game.players[captain].alive:
        game.captain = None
        if game.living() and victory.check(game) is None:
            yield from _successor(game, captain)
    foundling.turn_orphans(game)


def _grief(game: Game) -> bool:
    if game.lovers is None:
        return False
    for seat in game.lovers:
        other = cupid.partner(game, seat)
        if not game.players[seat].alive and other is not None and game.players[other].alive:
            kill(game, other, "grief")
            return True
    return False


def _successor(game: Game, old: int) -> Any:
    living = game.living()
    request = seat_choice(
        game,
        old,
        "captain_successor",
        living,
        optional=False,
        default=game.rng.choice(living),
        what="Nachfolger des Hauptmanns",
    )
    answers = yield [request]
    game.captain = answers[(old, "captain_successor")]
    game.emit("captain", captain=game.captain, by="successor")
