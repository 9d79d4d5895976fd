"""Who has won (rulings.md, "Victory"): the first condition in the list that holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.sides import win_side

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

Outcome = tuple[str, list[int]]


def check(game: Game) -> Outcome | None:
    """Conditions 3 to 8 of the list; 1 (Engel) and 2 (last two voting each other) end a day directly."""
    living = game.living()
    if not living:
        return "draw", []
    if game.lovers is not None and sorted(living) == sorted(game.lovers):
        first, second = game.lovers
        side = win_side(game.players[first])
        if side != win_side(game.players[second]):
            return "lovers", [first, second]
        return side_win(game, side)
    piper = game.holder("piper")
    if piper is not None and all(s in game.enchanted for s in living if s != piper):
        return "pied_piper", [piper]
    white = game.holder("white_wolf")
    if living == [white]:
        return "white_wolf", [white]
    wolves = [s for s in living if game.is_wolf(s)]
    if not wolves:
        return side_win(game, "village")
    if len(wolves) >= len(living) - len(wolves) and wolves != [white]:
        return side_win(game, "werewolves")
    return None


def side_win(game: Game, side: str) -> Outcome:
    """A side's winners are all its members, dead or alive, but not a mixed couple."""
    mixed: set[int] = set()
    if game.lovers is not None:
        first, second = game.lovers
        if win_side(game.players[first]) != win_side(game.players[second]):
            mixed = {first, second}
    return side, [p.seat for p in game.players if win_side(p) == side and p.seat not in mixed]


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
