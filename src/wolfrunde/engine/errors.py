"""The two exceptions the engine raises. Both carry a message a player can read."""


class IllegalMove(Exception):
    """A decision the rules do not allow now. The game is unchanged."""


class SetupError(ValueError):
    """A setup the rules do not allow (player count, roles, centre cards, names)."""
