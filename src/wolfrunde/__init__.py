"""Wolfrunde: the Werwolf platform (rules engine, server, narrator, Werwörter)."""

__version__ = "0.1.0"
