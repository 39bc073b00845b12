"""Where a match's randomness comes from: one private seed, split per decision.

The seed lives only in the match's private meta hash, never in the log or a response: with
it, anyone could recompute hidden deck orders. Deriving one Random per version (rather than
keeping a generator between requests) makes a seeded match reproducible across processes.

A stored seed never changes (the first writer wins and nothing rewrites it), so `Seeds`
keeps the ones it has read in-process: a command costs no Redis read for its seed.
"""
from __future__ import annotations

import random
import secrets
from collections import OrderedDict
from threading import Lock
from typing import Callable, Optional

SEED_FIELD = "seed"


def new_seed(given: Optional[int] = None) -> int:
    """The seed a match will use: the one given, else a fresh random one."""
    return given if given is not None else secrets.randbits(63)


def seed_refusal(tables: list, caller: Optional[str]) -> Optional[str]:
    """Why a seed given with these tables (each a list of seat requests) is refused, if it
    is: whoever knows a match's seed knows every hidden card and every draw to come, so only
    a player alone with bots (or several seats of their own) may choose one."""
    for seats in tables:
        if any("bot" not in seat and seat.get("player_id") != caller for seat in seats):
            return ("A seed may be chosen only for a match where every other seat is a bot: "
                    "whoever knows the seed knows every hidden card. Leave it out; the "
                    "match's seed is published with its log once it is over.")
    return None


def setup_rng(seed: int) -> random.Random:
    """The generator `engine.setup` draws from."""
    return random.Random(f"{seed}:setup")


def decision_rng(seed: int, version: int) -> random.Random:
    """The generator for the decision taken at `version` (the log's length before it)."""
    return random.Random(f"{seed}:{version}")


class SeededOnFirstDraw(random.Random):
    """`decision_rng(seed(), version)`, seeded when it first draws: seeding a Random from
    text (a SHA-512 and the whole Mersenne Twister state) cost a tenth of a command's own
    CPU, and most decisions (a move in a game of no chance) draw nothing. Every draw goes
    through `random` or `getrandbits`, so the numbers are decision_rng's, draw for draw."""

    def __init__(self, seed: Optional[Callable[[], int]] = None, version: int = 0):
        self._seed, self._version, self._pending = seed, version, seed is not None
        self.gauss_next = None

    def _start(self) -> None:
        self._pending = False
        super().seed(f"{self._seed()}:{self._version}")

    def seed(self, *args, **kwargs) -> None:
        self._pending = False
        super().seed(*args, **kwargs)

    def random(self) -> float:
        if self._pending:
            self._start()
        return super().random()

    def getrandbits(self, k: int) -> int:
        if self._pending:
            self._start()
        return super().getrandbits(k)

    def randbytes(self, n: int) -> bytes:
        if self._pending:
            self._start()
        return super().randbytes(n)

    def getstate(self):
        if self._pending:
            self._start()
        return super().getstate()

    def setstate(self, state) -> None:
        self._pending = False
        super().setstate(state)


def seed_of(redis, meta_key: str, proposed: Optional[int] = None) -> int:
    """The match's seed; a match without one (new, or imported from a log) gets `proposed`
    (else a random one). The first writer wins, so racing creators agree on one seed."""
    stored = redis.hget(meta_key, SEED_FIELD)
    if stored is None:
        redis.hsetnx(meta_key, SEED_FIELD, new_seed(proposed))
        stored = redis.hget(meta_key, SEED_FIELD)
    return int(stored)


class Seeds:
    """Match seeds, read from each match's meta hash once per process and kept."""

    def __init__(self, redis, keys, size: int = 4096):
        self.redis = redis
        self.keys = keys
        self._known: "OrderedDict[str, int]" = OrderedDict()
        self._size = size
        self._lock = Lock()

    def of(self, match_id: str) -> int:
        """The match's seed (a match without one gets a random one, as `seed_of` says)."""
        with self._lock:
            known = self._known.get(match_id)
        if known is None:
            known = self._keep(match_id, seed_of(self.redis, self.keys.meta(match_id)))
        return known

    def create(self, match_id: str, proposed: Optional[int], meta: dict) -> int:
        """Store a new match's seed (`proposed`, else a random one; a seed already stored
        stands) and its other `meta` fields in one round trip; return the seed."""
        key = self.keys.meta(match_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.hsetnx(key, SEED_FIELD, new_seed(proposed))
        pipe.hset(key, mapping=meta)
        pipe.hget(key, SEED_FIELD)
        stored = pipe.execute()[-1]
        return self._keep(match_id, int(stored))

    def _keep(self, match_id: str, seed: int) -> int:
        with self._lock:
            self._known[match_id] = seed
            self._known.move_to_end(match_id)
            while len(self._known) > self._size:
                self._known.popitem(last=False)
        return seed
