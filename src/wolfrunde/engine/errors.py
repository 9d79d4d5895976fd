"""The two exceptions the engine raises. Both carry a message a player can read."""

from __future__ import annotations


class IllegalMove(Exception):
    """A decision the rules do not allow now. The game is unchanged.

    `reason`: the message without the name of what was asked ("Zweimal derselbe Spieler …" of "Amor:
    Zweimal derselbe Spieler …"), for a screen that others may see, where the name would tell a role."""

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = message if reason is None else reason

    @classmethod
    def about(cls, what: str, reason: str) -> IllegalMove:
        """The refusal of an answer to the request named `what`."""
        return cls(f"{what}: {reason}", reason=reason)


class SetupError(ValueError):
    """A setup the rules do not allow (player count, roles, centre cards, names)."""


class EngineFault(Exception):
    """A rule failed while applying a legal decision: a bug. The decision is not kept; the game can be
    rebuilt exactly as it was before it with `Game.replay(game.setup, game.history)`."""
