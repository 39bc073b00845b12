"""A match's append-only event log: one Redis stream per match.

Concurrency is decided in one place, the append script: it appends only at the expected
version, and a command id already seen returns the first result and appends nothing.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional, Sequence

from redis.exceptions import NoScriptError

from shared.eventlog.bus import MAXLEN
from shared.infra import json_text
from shared.infra.cluster_client import replication
from shared.eventlog.keys import Keys

_SCRIPT = (Path(__file__).parent / "append.lua").read_text()
_RESTORE = (Path(__file__).parent / "restore.lua").read_text()


class CommandIdReused(Exception):
    """A command id already used for a different command; nothing was appended."""

    def __init__(self, command_id: str):
        super().__init__(f"command id {command_id!r} was used for another command")
        self.command_id = command_id


class VersionConflict(Exception):
    """The log was not at the expected version; nothing was appended."""

    def __init__(self, expected: int, current: int):
        super().__init__(f"expected version {expected}, log is at {current}")
        self.expected = expected
        self.current = current


@dataclass(frozen=True)
class AppendResult:
    """Which versions an append wrote, and whether it was a repeat of an earlier command.

    `logged` holds the events this append wrote exactly as `read` returns them ({v, type,
    schema, data, at}, and the batch's cause on the first), so a writer need not read them back; it is empty for a duplicate (its
    events are the first append's) and for a result looked up by `command_result`."""

    first_version: int
    last_version: int
    duplicate: bool
    logged: tuple = field(default=(), compare=False, repr=False)
    digest: str = field(default="", compare=False)  # of the command that used the id
    published: bool = field(default=False, compare=False)  # its announcement went with it

    @property
    def version(self) -> int:
        return self.last_version


@dataclass(frozen=True)
class Batch:
    """An append prepared by `EventLog.prepare`: the script's arguments, and the events as
    they will be logged if it succeeds."""

    match_id: str
    expected_version: int
    command_id: Optional[str]
    command_digest: Optional[str]
    args: list = field(repr=False)
    logged: tuple = field(repr=False)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _range(text: str) -> tuple:
    """'first:last' or 'first:last:digest' (ids stored before digests have none)."""
    first, last, *digest = text.split(":", 2)
    return int(first), int(last), (digest[0] if digest else "")


def _check_digest(command_id: str, stored: str, given: Optional[str]) -> None:
    """Refuse an id reused for another command (when both digests are known)."""
    if stored and given and stored != given:
        raise CommandIdReused(command_id)


def _send_then_read(client, script, keys: list, args: list, meanwhile):
    """`script(keys=keys, args=args)` on one Redis, calling `meanwhile()` once between
    sending it and reading its reply. The connection is the client's own pool's and its
    retry redis-py's (a connection error or a timeout: one more try on a fresh connection,
    as every call of the client); a script Redis does not have yet (NOSCRIPT: nothing ran)
    goes through redis-py's own Script call, which loads it."""
    pool = client.connection_pool
    connection = pool.get_connection()
    called = []

    def round_trip():
        connection.send_command("EVALSHA", script.sha, len(keys), *keys, *args)
        if not called:
            called.append(True)
            meanwhile()
        return connection.read_response()
    try:
        return connection.retry.call_with_retry(round_trip, lambda _: connection.disconnect())
    except NoScriptError:
        pass  # its reply was read whole: the connection is clean
    except BaseException:
        connection.disconnect()  # a reply may be left unread on it
        raise
    finally:
        pool.release(connection)
    return script(keys=keys, args=args)


def _json(value) -> str:
    return json_text.dumps(value)  # json.dumps(value, separators=(",", ":")), bytes alike


def schema_of(event: dict) -> int:
    """An event's schema version: as stamped, or 1 for an event written before events
    carried one (that shape is, by definition, version 1)."""
    return event.get("schema") or 1


def decode_entry(entry_id, fields) -> dict:
    """A stream entry as a logged event: {"v", "type", "schema", "data", "at"}, plus
    "cause" on the first event of each batch (what produced the batch: shared/eventlog
    records it, services/match decides what it says)."""
    entry_id = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    get = lambda k: fields.get(k.encode(), fields.get(k))  # noqa: E731
    text = lambda v: v.decode() if isinstance(v, bytes) else v  # noqa: E731
    schema = get("schema")
    event = {"v": int(entry_id.split("-")[0]), "type": text(get("type")),
             "schema": int(schema) if schema else 1,
             "data": json.loads(get("data")), "at": text(get("at"))}
    cause = get("cause")
    if cause:
        event["cause"] = json.loads(cause)
    return event


class EventLog:
    """Append to and read from match logs."""

    def __init__(self, redis, keys: Keys):
        self.redis = redis
        self.keys = keys
        self._append = redis.register_script(_SCRIPT)
        self._restore = redis.register_script(_RESTORE)
        # On a Redis Cluster an append returns once a replica has it (cluster.py): an
        # acknowledged command survives the failover of its master.
        self._replication = replication(redis)

    def append(self, match_id: str, events: Sequence[dict], expected_version: int,
               command_id: Optional[str] = None, cause: Optional[dict] = None,
               command_digest: Optional[str] = None) -> AppendResult:
        """Append `events` at `expected_version`; raise VersionConflict if the log moved.

        A `command_id` seen before appends nothing and returns the first result, or raises
        CommandIdReused when `command_digest` (of the command) differs from the first's.

        Each event's "schema" (its shape's version, 1 when absent) is stored with it;
        `cause` (what produced the batch, JSON-able) with the batch's first event."""
        return self.write(self.prepare(match_id, events, expected_version, command_id,
                                       cause, command_digest))

    def prepare(self, match_id: str, events: Sequence[dict], expected_version: int,
                command_id: Optional[str] = None, cause: Optional[dict] = None,
                command_digest: Optional[str] = None) -> "Batch":
        """An append (see `append`) ready to write, with the events as they will be logged
        if it succeeds: a writer can fold them, and build what it announces, before the
        round trip that writes them (`write`)."""
        if not events:
            raise ValueError("an append needs at least one event")
        at = _now()
        args = [expected_version, command_id or "", at, len(events),
                "" if cause is None else _json(cause)]
        for event in events:
            args += [event["type"], schema_of(event), _json(event["data"])]
        args.append(command_digest or "")
        # What `read` would return: the data as stored (JSON), the script's one timestamp.
        logged = tuple({"v": expected_version + 1 + i, "type": event["type"],
                        "schema": schema_of(event), "data": json_text.loads(args[7 + 3 * i]),
                        "at": at} for i, event in enumerate(events))
        if cause is not None:
            logged[0]["cause"] = json_text.loads(args[4])
        return Batch(match_id, expected_version, command_id, command_digest, args, logged)

    def write(self, batch: "Batch", then_publish=None, meanwhile=None) -> AppendResult:
        """Write a prepared append. `then_publish` (a bus Outgoing: the announcement of
        what this append writes) is added by the same script, only if the events are,
        when the log is one Redis: one round trip for both, and never an append without
        its announcement. A cluster's script may only touch the match's slot, so there the
        result says `published=False` and the caller publishes it (Bus.send).

        `meanwhile` (a function that never raises), when given, is called once while the
        append is on its way to one Redis, between sending it and reading its reply: the
        caller's work that does not wait for the reply (the command path builds its answer
        there) overlaps Redis running the script, so less of the wait for the reply (a
        sleep and a wake-up; under gevent, a turn of the hub) is left when it is read. It
        is not called on a cluster (its append waits for a replica too); whatever it makes
        is the caller's to use only if the events are appended."""
        keys = [self.keys.events(batch.match_id), self.keys.command_results(batch.match_id)]
        args = batch.args
        carried = then_publish is not None and self._replication is None
        if carried:
            keys = keys + list(then_publish.streams)
            args = args + [then_publish.text, MAXLEN]
        if meanwhile is not None and self._replication is None:
            status, value = _send_then_read(self.redis, self._append, keys, args, meanwhile)
        else:
            status, value = self._run(self._append, keys, args)
        status = status.decode() if isinstance(status, bytes) else status
        value = value.decode() if isinstance(value, bytes) else value
        if status == "conflict":
            raise VersionConflict(batch.expected_version, int(value))
        first, last, digest = _range(value)
        if status == "duplicate":
            _check_digest(batch.command_id, digest, batch.command_digest)
            return AppendResult(first, last, duplicate=True, digest=digest)
        return AppendResult(first, last, duplicate=False, logged=batch.logged,
                            published=carried)

    def restore(self, match_id: str, events: Sequence[dict]) -> int:
        """Write a whole exported log ({type, schema?, data, at, cause?} per event, in
        order) into a match that has no events yet, each entry as exported; raise
        VersionConflict, writing nothing, if the match exists. Returns the version."""
        if not events:
            raise ValueError("a log has at least one event")
        args = [len(events)]
        for event in events:
            cause = event.get("cause")
            args += [event["type"], schema_of(event), _json(event["data"]),
                     event.get("at") or _now(), "" if cause is None else _json(cause)]
        status, value = self._run(self._restore, [self.keys.events(match_id)], args)
        status = status.decode() if isinstance(status, bytes) else status
        if status == "conflict":
            raise VersionConflict(0, int(value))
        return int(value)

    def _run(self, script, keys: list, args: list):
        if self._replication is None:
            return script(keys=keys, args=args)
        [reply] = self._replication.run(
            keys[0], lambda pipe: script(keys=keys, args=args, client=pipe))
        return reply

    def read(self, match_id: str, from_version: int = 0, limit: Optional[int] = None,
             to_version: Optional[int] = None) -> list:
        """Events after `from_version` (so from 0 is the whole log), oldest first."""
        start = f"{from_version + 1}-0"
        end = f"{to_version}-1" if to_version is not None else "+"
        if to_version is not None and to_version <= from_version:
            return []
        entries = self.redis.xrange(self.keys.events(match_id), start, end, count=limit)
        return [decode_entry(entry_id, fields) for entry_id, fields in entries]

    def read_many(self, match_ids: Sequence[str]) -> list:
        """The whole log of each match, in one round trip (a batch of consumers' work)."""
        pipe = self.redis.pipeline(transaction=False)
        for match_id in match_ids:
            pipe.xrange(self.keys.events(match_id))
        return [[decode_entry(entry_id, fields) for entry_id, fields in entries]
                for entries in pipe.execute()]

    def version(self, match_id: str) -> int:
        """The number of events in the log (0 when the match does not exist)."""
        return self.redis.xlen(self.keys.events(match_id))

    def command_result(self, match_id: str, command_id: str,
                       command_digest: Optional[str] = None) -> Optional[AppendResult]:
        """The versions a command id first wrote, if it has been seen; CommandIdReused when
        `command_digest` says this is another command than the first's."""
        value = self.redis.hget(self.keys.command_results(match_id), command_id)
        if value is None:
            return None
        first, last, digest = _range(value.decode() if isinstance(value, bytes) else value)
        _check_digest(command_id, digest, command_digest)
        return AppendResult(first, last, duplicate=True, digest=digest)
