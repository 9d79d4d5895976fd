"""Bot players: choose legal moves from a player's view (never from the full game state)."""
