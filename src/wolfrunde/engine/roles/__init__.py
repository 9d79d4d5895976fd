"""One module per role: its card and its rules. Modules here are found automatically."""
