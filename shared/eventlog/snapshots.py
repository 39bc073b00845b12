"""Snapshots of folded match state: a cache only.

A snapshot saves replaying a long log from the start. Deleting every snapshot changes no
result (a test checks it). They are pickled because engine states are plain frozen
dataclasses; the stamp guards against loading a snapshot written by other engine code.
Only Orrery writes these keys.
"""
from __future__ import annotations

import functools
import hashlib
import pickle
from pathlib import Path
from typing import Optional

from shared.eventlog.keys import Keys

FORMAT = b"orrery-snapshot-1"
_GAMES_DIR = Path(__file__).resolve().parents[1] / "games"


@functools.lru_cache(maxsize=1)
def engine_code_stamp() -> str:
    """A digest of the engine code: a snapshot pickled by other engine code is not loaded.
    Every service reading or writing snapshots stamps them the same way."""
    digest = hashlib.sha1()
    for path in sorted(_GAMES_DIR.rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class SnapshotStore:
    def __init__(self, redis, keys: Keys, code_stamp: Optional[str] = None):
        self.redis = redis
        self.keys = keys
        stamp = engine_code_stamp() if code_stamp is None else code_stamp
        self.stamp = FORMAT + b":" + stamp.encode()

    def save(self, match_id: str, state) -> None:
        """Keep `state` (a MatchState) unless a later snapshot is already stored."""
        key = self.keys.snapshot(match_id)
        current = self.redis.hget(key, "version")
        if current is not None and int(current) >= state.version:
            return
        self.redis.hset(key, mapping={"version": state.version, "stamp": self.stamp,
                                      "state": pickle.dumps(state, protocol=5)})

    def load(self, match_id: str, at_most: Optional[int] = None):
        """The stored state, if any, whose version is not beyond `at_most`."""
        stored = self.redis.hgetall(self.keys.snapshot(match_id))
        if not stored or stored.get(b"stamp") != self.stamp:
            return None
        if at_most is not None and int(stored[b"version"]) > at_most:
            return None
        try:
            return pickle.loads(stored[b"state"])
        except Exception:  # a cache that cannot be read is a cache miss
            return None

    def delete(self, match_id: str) -> None:
        self.redis.delete(self.keys.snapshot(match_id))
