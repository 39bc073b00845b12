"""Moving a match that is over from Redis to the archive, crash-safe.

The steps, each safe to crash after (a test kills the mover at every pause point below and
runs it again):

1. mark due: when a match ends, the command path adds it to the `archive_due` index with
   the time it ended (`mark_over`; `scan` finds any match that ended without being marked).
   A match is due once ORRERY_ARCHIVE_AFTER_SECONDS have passed since.
2. copy: the match's stream entries, command results and meta hash are read from Redis and
   written to the archive in one transaction, replacing any earlier copy (Redis is still the
   truth, so a half-finished earlier move is simply redone).
3. verify: the archive's rows are read back; their count and hash chain (chain.py) must
   equal those of the entries read from Redis. Otherwise nothing is deleted.
4. delete: one script deletes the match's stream, command results, meta and snapshot, only
   if the stream still holds the events verified (`delete.lua`).
5. done: the archive row is marked done and the match leaves the due index.

A crash before 4 leaves Redis whole and the match due: the next run copies it again. A crash
after 4 leaves a verified archive copy that every read already uses (reader.py): the next
run sees the stream gone and the archive holding it, and finishes 5. Nothing is read from
Redis after it is deleted, and nothing deleted before the archive holds it, verified.

What stays in Redis for an archived match: its entries in its players' match lists and the
lobby's recent list (ids), the turns service's last projected version, and a multi-battle
table's wormhole link: small records other services own.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable, Optional

from shared.eventlog.archive import chain
from shared.eventlog.archive.reader import entry_version, text_fields
from shared.eventlog.archive.stores import Archive, ArchivedMatch
from shared.eventlog.keys import MATCH_ID, Keys
from shared.eventlog.log import decode_entry
from shared.games.replay import fold
from shared.infra.faults import pause_point

log = logging.getLogger("orrery.archive")
_DELETE = (Path(__file__).parent / "delete.lua").read_text()
# Statuses of a match that takes no more appends.
OVER = ("finished", "aborted", "declined")
BATCH = 200  # matches moved per run (the rest on the next)


def mark_over(redis, keys: Keys, match_id: str, ended_at: Optional[float] = None) -> None:
    """Step 1: the match is over; it is due for the archive once the delay has passed
    (NX: a repeated mark keeps the first time)."""
    redis.zadd(keys.archive_due(match_id), {match_id: ended_at or time.time()}, nx=True)


@dataclass
class Report:
    """What a run did, by outcome: match ids."""

    moved: list = field(default_factory=list)
    finished: list = field(default_factory=list)      # deleted earlier, marked done now
    left: dict = field(default_factory=dict)          # match id -> why it stays in Redis

    def as_json(self) -> dict:
        return {"moved": len(self.moved), "finished": len(self.finished),
                "left": dict(self.left)}


class Mover:
    def __init__(self, redis, keys: Keys, archive: Archive, after_seconds: float,
                 clock: Callable[[], float] = time.time):
        self.redis = redis
        self.keys = keys
        self.archive = archive
        self.after_seconds = after_seconds
        self.clock = clock
        self._delete = redis.register_script(_DELETE)

    def due(self, limit: int = BATCH, ignore_delay: bool = False) -> list:
        """Match ids due for the archive, the longest over first."""
        until = "+inf" if ignore_delay else self.clock() - self.after_seconds
        pipe = self.redis.pipeline(transaction=False)
        for key in self.keys.archive_due_shards():
            pipe.zrangebyscore(key, "-inf", until, start=0, num=limit, withscores=True)
        found = sorted((score, member.decode() if isinstance(member, bytes) else member)
                       for shard in pipe.execute() for member, score in shard)
        return [match_id for _, match_id in found[:limit]]

    def run(self, limit: int = BATCH, ignore_delay: bool = False) -> Report:
        """Move every due match (up to `limit`); a match that fails stays due."""
        report = Report()
        for match_id in self.due(limit, ignore_delay):
            pause_point("archive:due")
            try:
                outcome = self.move(match_id)
            except Exception as error:  # noqa: BLE001 - one match's failure stops no other
                log.warning("archive: match %s not moved: %s: %s", match_id,
                            type(error).__name__, error)
                report.left[match_id] = f"{type(error).__name__}: {error}"
                continue
            if outcome == "moved":
                report.moved.append(match_id)
            elif outcome == "finished":
                report.finished.append(match_id)
            else:
                report.left[match_id] = outcome
        if report.moved or report.left:
            log.info("archive: %s", report.as_json())
        return report

    def move(self, match_id: str) -> str:
        """Steps 2 to 5 for one match: "moved", "finished" (an earlier move had deleted it
        from Redis), or why it stays in Redis."""
        ns, k = self.keys.namespace, self.keys
        pipe = self.redis.pipeline(transaction=False)
        pipe.xrange(k.events(match_id))
        pipe.hgetall(k.command_results(match_id))
        pipe.hgetall(k.meta(match_id))
        pipe.scard(k.wormhole_pending(match_id))
        raw, commands, meta, pending = pipe.execute()
        if not raw:
            if self.archive.record(ns, match_id) is None:
                self._undue(match_id)  # no such match anywhere: nothing to move
                return "no such match"
            self._done(match_id)
            return "finished"
        entries = [(entry_version(entry_id), text_fields(fields)) for entry_id, fields in raw]
        state = fold([decode_entry(f"{v}-1", fields) for v, fields in entries])
        if state is None or state.status not in OVER:
            self._undue(match_id)  # marked in error: it is marked again when it ends
            return f"not over ({state.status if state else 'no events'})"
        if pending:
            return "departures not yet settled"  # stays due: a later run moves it
        # 2. copy
        head = chain.head(entries)
        self.archive.put(ns, ArchivedMatch(
            match_id=match_id, events=len(entries), chain=head, status=state.status,
            meta=text_fields(meta), commands=text_fields(commands),
            archived_at=self.clock(), done=False), [fields for _, fields in entries])
        pause_point("archive:copied")
        # 3. verify
        problem = self.verify(match_id, len(entries), head)
        if problem:
            return f"archive copy differs: {problem}"
        pause_point("archive:verified")
        # 4. delete from Redis
        deleted = self._delete(keys=[k.events(match_id), k.command_results(match_id),
                                     k.meta(match_id), k.snapshot(match_id)],
                               args=[len(entries)])
        if int(deleted) < 0:
            return "its log grew while it was copied"
        pause_point("archive:deleted")
        # 5. done
        self._done(match_id)
        return "moved"

    def verify(self, match_id: str, count: int, head: str) -> str:
        """Why the archive's copy is not the log read from Redis ("" when it is)."""
        record = self.archive.record(self.keys.namespace, match_id)
        if record is None:
            return "no row"
        back = self.archive.entries(self.keys.namespace, match_id)
        if record.events != count or len(back) != count:
            return f"{len(back)} events archived ({record.events} recorded), {count} in Redis"
        if [v for v, _ in back] != list(range(1, count + 1)):
            return "versions are not 1..n"
        if chain.head(back) != head or record.chain != head:
            return "hash chain differs"
        return ""

    def _done(self, match_id: str) -> None:
        self.archive.mark_done(self.keys.namespace, match_id)
        self._undue(match_id)

    def _undue(self, match_id: str) -> None:
        self.redis.zrem(self.keys.archive_due(match_id), match_id)

    def scan(self) -> int:
        """Mark every match in Redis that is over but not marked (one that ended before the
        archive existed, or whose end was written by a process that died before marking
        it); returns how many. Reads every log: an operator's repair, not a routine step."""
        pattern = f"{self.keys.namespace}match:*:events"
        marked = 0
        for key in self.redis.scan_iter(match=pattern, count=1000):
            key = key.decode() if isinstance(key, bytes) else key
            match_id = key[len(self.keys.namespace) + len("match:{"):-len("}:events")]
            if not MATCH_ID.match(match_id):
                continue
            events = [decode_entry(i, f) for i, f in self.redis.xrange(key)]
            state = fold(events) if events else None
            if state is not None and state.status in OVER:
                mark_over(self.redis, self.keys, match_id, _epoch(events[-1].get("at")))
                marked += 1
        return marked


def _epoch(at: Optional[str]) -> Optional[float]:
    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()
    except (AttributeError, ValueError):
        return None
