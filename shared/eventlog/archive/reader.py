"""The match log as every reader sees it: Redis while the match is live, the archive once
it has moved (mover.py), behind EventLog's own interface, so /log, /events, /replay,
exports, verify, leaderboard rebuilds and analysis read an archived match unchanged.

Each read asks Redis first, with an EXISTS of the match's stream in the same round trip:
an empty answer from a stream that exists is the answer (a live match's tail), and only a
stream that is gone sends the read to the archive. The mover deletes the stream only once
the archive holds the log, verified, so no read falls between the two. Writes go to Redis
only; an archived match takes no appends (it is over), and neither creation nor import may
start a new log under an archived match's id.
"""
from __future__ import annotations

from typing import Optional, Sequence

from shared.eventlog.archive.stores import Archive, open_archive
from shared.eventlog.keys import Keys
from shared.eventlog.log import (AppendResult, EventLog, VersionConflict, _check_digest,
                                 _range, decode_entry)


def text_fields(fields: dict) -> dict:
    """A stream entry's fields as text (what the archive stores)."""
    text = lambda v: v.decode() if isinstance(v, bytes) else v  # noqa: E731
    return {text(k): text(v) for k, v in fields.items()}


def entry_version(entry_id) -> int:
    entry_id = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    return int(entry_id.split("-")[0])


class ArchivedLog(EventLog):
    """An EventLog whose reads fall back to `archive` for a match Redis no longer holds."""

    def __init__(self, redis, keys: Keys, archive: Archive):
        super().__init__(redis, keys)
        self.archive = archive

    # -- reads: Redis, then the archive --

    def read(self, match_id: str, from_version: int = 0, limit: Optional[int] = None,
             to_version: Optional[int] = None) -> list:
        if to_version is not None and to_version <= from_version:
            return []
        end = f"{to_version}-1" if to_version is not None else "+"
        pipe = self.redis.pipeline(transaction=False)
        pipe.xrange(self.keys.events(match_id), f"{from_version + 1}-0", end, count=limit)
        pipe.exists(self.keys.events(match_id))
        entries, live = pipe.execute()
        if entries or live:
            return [decode_entry(entry_id, fields) for entry_id, fields in entries]
        return self.archived(match_id, from_version, limit, to_version)

    def archived(self, match_id: str, from_version: int = 0, limit: Optional[int] = None,
                 to_version: Optional[int] = None) -> list:
        """The events as the archive holds them (none when it holds no such match)."""
        return [decode_entry(f"{v}-1", fields) for v, fields in self.archive.entries(
            self.keys.namespace, match_id, from_version, to_version, limit)]

    def read_many(self, match_ids: Sequence[str]) -> list:
        logs = super().read_many(match_ids)
        # A match always has at least its MatchCreated, so an empty whole log is one that
        # is gone from Redis: archived, or never was.
        return [events or self.archived(match_id) for match_id, events in zip(match_ids, logs)]

    def version(self, match_id: str) -> int:
        version = super().version(match_id)
        if version:
            return version
        record = self.archive.record(self.keys.namespace, match_id)
        return record.events if record is not None else 0

    def command_result(self, match_id: str, command_id: str,
                       command_digest: Optional[str] = None) -> Optional[AppendResult]:
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(self.keys.command_results(match_id), command_id)
        pipe.exists(self.keys.events(match_id))
        value, live = pipe.execute()
        if value is None and not live:
            record = self.archive.record(self.keys.namespace, match_id)
            value = None if record is None else record.commands.get(command_id)
        if value is None:
            return None
        first, last, digest = _range(value.decode() if isinstance(value, bytes) else value)
        _check_digest(command_id, digest, command_digest)
        return AppendResult(first, last, duplicate=True, digest=digest)

    def meta(self, match_id: str) -> dict:
        """The match's meta hash (its seed among others), text to text."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hgetall(self.keys.meta(match_id))
        pipe.exists(self.keys.events(match_id))
        stored, live = pipe.execute()
        if stored or live:
            return text_fields(stored)
        record = self.archive.record(self.keys.namespace, match_id)
        return dict(record.meta) if record is not None else {}

    def where(self, match_id: str) -> Optional[str]:
        """"redis" (live, or over and not yet moved), "archive", or None (no such match)."""
        if self.redis.exists(self.keys.events(match_id)):
            return "redis"
        return "archive" if self.archive.record(self.keys.namespace, match_id) else None

    # -- writes: never a new log under an archived match's id --

    def write(self, batch, then_publish=None, meanwhile=None) -> AppendResult:
        if batch.expected_version == 0:
            self._refuse_archived(batch.match_id, 0)
        return super().write(batch, then_publish, meanwhile)

    def restore(self, match_id: str, events: Sequence[dict]) -> int:
        self._refuse_archived(match_id, 0)
        return super().restore(match_id, events)

    def _refuse_archived(self, match_id: str, expected: int) -> None:
        record = self.archive.record(self.keys.namespace, match_id)
        if record is not None:
            raise VersionConflict(expected, record.events)


def archived_log(redis, keys: Keys, settings) -> ArchivedLog:
    """The log of a service configured by `settings` (its archive_url)."""
    return ArchivedLog(redis, keys, open_archive(settings.archive_url))
