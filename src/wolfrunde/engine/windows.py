"""The day's windows: public steps in which a role may act whose being asked must stay secret.

After every verdict, before the card is shown (`core.BEFORE_REVEAL`: the Magd may step forward), and
after every day's vote that did not end the game (`core.AFTER_VOTE`: the Richter may demand a second
vote), the game opens a window: a public `step` event and the view's `step` set to it, whether or not a
Magd or Richter is in play, alive or able to act. So neither the events nor any view tell whether
somebody was asked; a server paces the window like a night step (the same pause whether or not a
request is open in it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game


def open_window(game: Game, step: str) -> None:
    game.boundary()
    game.step_before_window = game.step
    game.step = step
    game.emit("step", round=game.round, step=step)


def close_window(game: Game) -> None:
    """The window's time is over (whoever was asked has answered): a boundary, like a night step's end;
    the day goes on in the step it was in."""
    game.boundary()
    game.step = game.step_before_window
