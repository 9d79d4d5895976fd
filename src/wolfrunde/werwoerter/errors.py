"""The one exception the Werwörter engine raises; its message is German and meant for players."""


class IllegalMove(Exception):
    """A setup or decision the rules do not allow. The game is unchanged after it."""
