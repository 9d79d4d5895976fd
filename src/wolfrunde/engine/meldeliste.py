"""The Meldeliste: online, by day, players raise a hand and speak in that order.

Two moves outside the requests: `raise_hand` puts a living player at the end of today's list (again
after he has spoken, if he likes); `done_speaking`, from the player whose turn it is, gives the word to
the next. Both are public events (`hand_raised`, `speaker_done`), so every seat sees the same list and a
replay rebuilds it. Who raised a hand before the first vote of day 1 also decides the silence penalty
(`game.hands_raised`, see `votes._tally`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.model import Mode, Phase

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

RAISE_HAND = "raise_hand"
DONE_SPEAKING = "done_speaking"
MOVES = (RAISE_HAND, DONE_SPEAKING)
HAND_STEPS = ("captain_election", "discussion")  # a hand raised during the vote comes too late


def check(game: Game, seat: int, kind: str) -> None:
    """Raises IllegalMove when this move is not allowed now."""
    _check(game, seat, "Melden" if kind == RAISE_HAND else "Das Wort weitergeben")
    if kind == DONE_SPEAKING and (not game.speakers or game.speakers[0] != seat):
        raise IllegalMove(f"{game.players[seat].name} hat gerade nicht das Wort.")


def play(game: Game, seat: int, kind: str) -> None:
    """Applies one Meldeliste move; raises IllegalMove and changes nothing when it is not allowed."""
    check(game, seat, kind)
    if kind == RAISE_HAND:
        if seat in game.speakers:
            return  # already on the list: nothing changes, nothing is told
        game.speakers.append(seat)
        game.hands_raised.add(seat)
        game.history.append((seat, kind, True))
        game.emit("hand_raised", player=seat)
        return
    game.speakers.pop(0)
    game.history.append((seat, kind, True))
    game.emit("speaker_done", player=seat)


def silence_counts(game: Game) -> bool:
    """The silence penalty applies to this day's first vote: online, with the Meldeliste, on day 1."""
    return game.setup.meldeliste and game.mode is Mode.ONLINE and game.round == 1


def new_day(game: Game) -> None:
    """Each day the list starts empty."""
    game.speakers = []


def _check(game: Game, seat: int, move: str) -> None:
    """`move`: the move's German name, as the reason names it."""
    if not game.setup.meldeliste:
        raise IllegalMove("Diese Runde spielt ohne Meldeliste.")
    if not (game.phase is Phase.DAY and 0 <= seat < len(game.players) and game.players[seat].alive):
        raise IllegalMove(f"{move} geht nur tagsüber und nur für Lebende.")
    if game.step not in HAND_STEPS:
        raise IllegalMove(f"{move} geht nur während der Beratung.")
