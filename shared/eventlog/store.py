"""A match's state, rebuilt from its log: from a snapshot when there is one, kept warm in
an in-process cache, and caught up with whatever was appended since."""
from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Optional

from shared.eventlog.bus import Bus
from shared.infra.connect import connect
from shared.eventlog.keys import Keys
from shared.eventlog.log import EventLog
from shared.eventlog.archive.reader import archived_log
from shared.eventlog.snapshots import SnapshotStore
from shared.games.replay import MatchState, fold


class MatchNotFound(KeyError):
    """No log exists for this match id."""


class MatchStore:
    def __init__(self, log: EventLog, snapshots: SnapshotStore, cache_size: int = 2048,
                 snapshot_every: int = 64):
        self.log = log
        self.snapshots = snapshots
        self.snapshot_every = snapshot_every
        self._cache: "OrderedDict[str, MatchState]" = OrderedDict()
        self._cache_size = cache_size
        self._lock = Lock()

    def load(self, match_id: str, version: Optional[int] = None) -> MatchState:
        """The match after `version` events (the latest when None); raise MatchNotFound."""
        start = self._cached(match_id)
        if start is not None and version is not None and start.version > version:
            start = None
        if start is None:
            start = self.snapshots.load(match_id, at_most=version)
        from_version = start.version if start is not None else 0
        events = self.log.read(match_id, from_version=from_version, to_version=version)
        state = fold(events, start=start)
        if state is None:
            raise MatchNotFound(match_id)
        if version is None:
            self.remember(state)
        return state

    def remember(self, state: MatchState) -> None:
        """Keep the latest known state of a match (never an older one)."""
        with self._lock:
            known = self._cache.get(state.match_id)
            if known is None or known.version <= state.version:
                self._cache[state.match_id] = state
                self._cache.move_to_end(state.match_id)
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        # A match that is over takes no appends, so a snapshot would save nothing later,
        # and written for an archived match it would put its key back into Redis.
        if self.snapshot_every and state.version % self.snapshot_every == 0 \
                and state.status not in ("finished", "aborted", "declined"):
            self.snapshots.save(state.match_id, state)

    def cached(self, match_id: str) -> Optional[MatchState]:
        """The latest state this process knows, without asking Redis: it may be behind the
        log, so only a writer whose append checks the version may act on it."""
        return self._cached(match_id)

    def forget(self, match_id: str) -> None:
        with self._lock:
            self._cache.pop(match_id, None)

    def _cached(self, match_id: str) -> Optional[MatchState]:
        with self._lock:
            return self._cache.get(match_id)


def reader_parts(settings, cache_size: int) -> dict:
    """Redis, keys, log, bus and a store that reads snapshots but never writes them: what a
    service that follows matches without owning them (bots, turns) is built from."""
    client = connect(settings.redis_url)
    keys = Keys(settings.namespace)
    log = archived_log(client, keys, settings)  # Redis, then the archive
    return {"redis": client, "keys": keys, "log": log,
            "bus": Bus(client, keys, partitions=settings.bus_partitions),
            "store": MatchStore(log, SnapshotStore(client, keys), cache_size=cache_size,
                                snapshot_every=0)}
