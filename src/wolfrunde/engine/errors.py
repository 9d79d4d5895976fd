"""The two exceptions the engine raises. Both carry a message a player can read."""


class IllegalMove(Exception):
    """A decision the rules do not allow now. The game is unchanged."""


class SetupError(ValueError):
    """A setup the rules do not allow (player count, roles, centre cards, names)."""


class EngineFault(Exception):
    """A rule failed while applying a legal decision: a bug. The decision is not kept; the game can be
    rebuilt exactly as it was before it with `Game.replay(game.setup, game.history)`."""
