"""Roles that exist only for tests: each is one module (and its data file), registered by a fixture."""
