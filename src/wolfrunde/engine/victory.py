"""Who has won (rulings.md, "Victory"): the first condition in the list that holds.

The list's first two lines end a day at once and are decided where they happen: a card that wins when
condemned (the Engel, `Role.verdict_win`) and the last two voting each other (`votes.py`). The rest is
checked after every dawn and every execution, in VICTORY_ORDER; roles declare their own lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.model import Side
from wolfrunde.engine.role import Outcome, VictoryCondition

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

VICTORY_ORDER: tuple[str, ...] = ("nobody_alive", "lovers", "pied_piper", "white_wolf", "village", "werewolves")


def _nobody_alive(game: Game) -> Outcome | None:
    return ("draw", []) if not game.living() else None


def _village(game: Game) -> Outcome | None:
    """No wolf-side player alive."""
    if any(game.is_wolf(s) for s in game.living()):
        return None
    return side_win(game, Side.VILLAGE.value)


def _werewolves(game: Game) -> Outcome | None:
    """Wolf-side players are at least as many as all others, and one of them wins with the pack."""
    living = game.living()
    wolves = [s for s in living if game.is_wolf(s)]
    if len(wolves) < len(living) - len(wolves):
        return None
    if not any(game.win_side(s) == Side.WOLVES.value for s in wolves):
        return None
    return side_win(game, Side.WOLVES.value)


CORE = (
    VictoryCondition("nobody_alive", _nobody_alive),
    VictoryCondition("village", _village),
    VictoryCondition("werewolves", _werewolves),
)


def check(game: Game) -> Outcome | None:
    for condition in game.table.victory:
        outcome = condition.check(game)
        if outcome is not None:
            return outcome
    return None


def side_win(game: Game, side: str) -> Outcome:
    """A side's winners are all its members, dead or alive, but not those a role excludes (a mixed
    couple wins only as lovers)."""
    excluded: set[int] = set()
    for role in game.table.roles:
        if role.side_win_excluded is not None:
            excluded |= role.side_win_excluded(game)
    return side, [p.seat for p in game.players if game.win_side(p.seat) == side and p.seat not in excluded]


def finish(game: Game, outcome: Outcome) -> None:
    winner, winners = outcome
    game.result = {"winner": winner, "winners": sorted(winners)}
    game.emit(
        "game_over",
        reveals={p.seat: p.card for p in game.players},
        winner=winner,
        winners=sorted(winners),
        roles={p.name: p.card for p in game.players},
    )
