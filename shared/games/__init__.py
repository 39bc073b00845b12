"""Game engines: pure, deterministic deciders with no I/O (see api.py)."""
