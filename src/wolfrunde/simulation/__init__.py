"""Random legal games, played fast: for balance tables, benchmarks and property tests."""
