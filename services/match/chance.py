"""Where a match's randomness comes from: one private seed, split per decision.

The seed lives only in the match's private meta hash, never in the log or a response: with
it, anyone could recompute hidden deck orders. Deriving one Random per version (rather than
keeping a generator between requests) makes a seeded match reproducible across processes.
"""
from __future__ import annotations

import random
import secrets
from typing import Optional

SEED_FIELD = "seed"


def new_seed(given: Optional[int] = None) -> int:
    """The seed a match will use: the one given, else a fresh random one."""
    return given if given is not None else secrets.randbits(63)


def setup_rng(seed: int) -> random.Random:
    """The generator `engine.setup` draws from."""
    return random.Random(f"{seed}:setup")


def decision_rng(seed: int, version: int) -> random.Random:
    """The generator for the decision taken at `version` (the log's length before it)."""
    return random.Random(f"{seed}:{version}")


def seed_of(redis, meta_key: str, proposed: Optional[int] = None) -> int:
    """The match's seed; a match without one (new, or imported from a log) gets `proposed`
    (else a random one). The first writer wins, so racing creators agree on one seed."""
    stored = redis.hget(meta_key, SEED_FIELD)
    if stored is None:
        redis.hsetnx(meta_key, SEED_FIELD, new_seed(proposed))
        stored = redis.hget(meta_key, SEED_FIELD)
    return int(stored)
