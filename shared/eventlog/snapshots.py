"""Snapshots of folded match state: a cache only.

A snapshot saves replaying a long log from the start. Deleting every snapshot changes no
result (a test checks it). They are pickled because engine states are plain frozen
dataclasses; the stamp guards against loading a snapshot written by other engine code.
Only Orrery writes these keys.

Stamps are per game: a snapshot of an Exordium match is stamped with a digest of the
Exordium package and of the shared code every fold runs through (FOLD_DEPENDS_ON), so a
change to Exsilium's rules leaves Exordium's snapshots valid.
"""
from __future__ import annotations

import functools
import hashlib
import pickle
import sys
from pathlib import Path
from typing import Callable, Optional

from shared.eventlog.keys import Keys
from shared.games.registry import UnknownGame, get_game

FORMAT = b"orrery-snapshot-2"
GAMES_DIR = Path(__file__).resolve().parents[1] / "games"
# What a fold runs besides the game's own package: the engine surface, the kit games are
# written with, the platform's facts and clocks, and the fold itself (paths under GAMES_DIR).
FOLD_DEPENDS_ON = ("api.py", "kit", "platform.py", "clock.py", "replay.py")


def code_digest(package: Path, games_dir: Path = GAMES_DIR) -> str:
    """A digest of one game's package (code and data files) and of FOLD_DEPENDS_ON."""
    digest = hashlib.sha1()
    for root in (package, *(games_dir / name for name in FOLD_DEPENDS_ON)):
        files = sorted(p for p in root.rglob("*") if p.is_file()) if root.is_dir() else [root]
        for path in files:
            if "__pycache__" in path.parts or path.suffix == ".pyc":
                continue
            digest.update(str(path.relative_to(games_dir)).encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def package_of(game_name: str) -> Path:
    """The folder of the package that registers `game_name` (its module's GAME)."""
    game = get_game(game_name)
    for name, module in list(sys.modules.items()):
        if name.startswith("shared.games.") and name.count(".") == 2 \
                and getattr(module, "GAME", None) is game:
            return Path(module.__file__).resolve().parent
    raise UnknownGame(game_name)


@functools.lru_cache(maxsize=None)
def game_code_stamp(game_name: str) -> str:
    """The stamp of `game_name`'s snapshots: every service stamps them the same way."""
    return code_digest(package_of(game_name))


class SnapshotStore:
    def __init__(self, redis, keys: Keys, code_stamp: Optional[str] = None,
                 stamp_of: Optional[Callable[[str], str]] = None):
        """`code_stamp` stamps every game's snapshots alike (tests, benchmarks); `stamp_of`
        gives a game's stamp by its name (default: game_code_stamp)."""
        self.redis = redis
        self.keys = keys
        if stamp_of is None:
            stamp_of = game_code_stamp if code_stamp is None else (lambda game: code_stamp)
        self._stamp_of = stamp_of

    def stamp(self, game_name: str) -> bytes:
        return FORMAT + b":" + self._stamp_of(game_name).encode()

    def save(self, match_id: str, state) -> None:
        """Keep `state` (a MatchState) unless a later snapshot is already stored."""
        key = self.keys.snapshot(match_id)
        current = self.redis.hget(key, "version")
        if current is not None and int(current) >= state.version:
            return
        self.redis.hset(key, mapping={"version": state.version, "game": state.game,
                                      "stamp": self.stamp(state.game),
                                      "state": pickle.dumps(state, protocol=5)})

    def load(self, match_id: str, at_most: Optional[int] = None):
        """The stored state, if any, whose version is not beyond `at_most`."""
        stored = self.redis.hgetall(self.keys.snapshot(match_id))
        if not stored or b"game" not in stored:
            return None
        try:
            if stored.get(b"stamp") != self.stamp(stored[b"game"].decode()):
                return None
        except UnknownGame:
            return None
        if at_most is not None and int(stored[b"version"]) > at_most:
            return None
        try:
            return pickle.loads(stored[b"state"])
        except Exception:  # a cache that cannot be read is a cache miss
            return None

    def delete(self, match_id: str) -> None:
        self.redis.delete(self.keys.snapshot(match_id))
