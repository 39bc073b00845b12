"""Archive stores: a finished match's log, command results and meta, kept in SQL.

One interface, two stores: `SqliteArchive` (a file under data/, the default, so `make run`
needs nothing new) and `PostgresArchive` (where ORRERY_ARCHIVE_URL names a PostgreSQL
database). Both run the same SQL (only the parameter marks differ). Every row carries the
key namespace, so test runs and tenants sharing an archive never meet.

An event is stored as its Redis stream entry's fields, text exactly as Redis held it
(type, schema, data, at, cmd, cause), so the archived log reads back byte for byte and its
hash chain (chain.py) can be compared with the one computed over Redis.
"""
from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Optional

import psycopg

from shared.infra.faults import pause_point
from shared.infra.redis_server import data_dir

MATCHES = "orrery_archived_matches"
EVENTS = "orrery_archived_events"
DEFAULT_FILE = "archive.sqlite3"

SCHEMA = (
    f"""CREATE TABLE IF NOT EXISTS {MATCHES} (
        namespace TEXT NOT NULL, match_id TEXT NOT NULL, events INTEGER NOT NULL,
        chain TEXT NOT NULL, status TEXT NOT NULL, meta TEXT NOT NULL, commands TEXT NOT NULL,
        archived_at DOUBLE PRECISION NOT NULL, done INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (namespace, match_id))""",
    f"""CREATE TABLE IF NOT EXISTS {EVENTS} (
        namespace TEXT NOT NULL, match_id TEXT NOT NULL, v INTEGER NOT NULL,
        entry TEXT NOT NULL, PRIMARY KEY (namespace, match_id, v))""",
)


@dataclass(frozen=True)
class ArchivedMatch:
    """What the archive holds of one match (its events apart: `Archive.entries`)."""

    match_id: str
    events: int        # how many (the version)
    chain: str         # the hash chain's head over the events as written (chain.py)
    status: str
    meta: dict         # the match's meta hash (its seed among others), text to text
    commands: dict     # command id -> "first:last[:digest]", as the append script keeps them
    archived_at: float
    done: bool         # the move finished: Redis no longer holds the match


class Archive:
    """The interface both stores implement (SQL in common, the connection each its own)."""

    mark = "?"  # the driver's parameter mark

    def __init__(self):
        self._local = threading.local()

    # -- the connection (one per thread: neither driver shares one between threads) --

    def _connect(self):
        raise NotImplementedError

    def _conn(self):
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._connect()
        return conn

    def _sql(self, text: str) -> str:
        return text if self.mark == "?" else text.replace("?", self.mark)

    def _query(self, text: str, params=()) -> list:
        conn = self._conn()
        cur = conn.execute(self._sql(text), params)
        rows = cur.fetchall()
        self._end_read(conn)
        return rows

    def _end_read(self, conn) -> None:
        """End the read's transaction, so a long-lived connection sees later writes."""
        conn.commit()

    # -- writing --

    def put(self, namespace: str, record: ArchivedMatch, entries: list) -> None:
        """Replace whatever is stored for the match by `record` and its `entries` (stream
        fields by version, 1..n), in one transaction: all of it or nothing."""
        conn = self._conn()
        try:
            conn.execute(self._sql(f"DELETE FROM {EVENTS} WHERE namespace = ? AND match_id = ?"),
                         (namespace, record.match_id))
            conn.execute(self._sql(f"DELETE FROM {MATCHES} WHERE namespace = ? AND match_id = ?"),
                         (namespace, record.match_id))
            conn.execute(self._sql(
                f"INSERT INTO {MATCHES} (namespace, match_id, events, chain, status, meta, "
                "commands, archived_at, done) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)"),
                (namespace, record.match_id, record.events, record.chain, record.status,
                 _json(record.meta), _json(record.commands), record.archived_at))
            self._executemany(conn, self._sql(
                f"INSERT INTO {EVENTS} (namespace, match_id, v, entry) VALUES (?, ?, ?, ?)"),
                [(namespace, record.match_id, v, _json(fields))
                 for v, fields in enumerate(entries, 1)])
            pause_point("archive:copying")  # a crash here must leave no partial copy
            conn.commit()
        except BaseException:
            conn.rollback()
            raise

    def _executemany(self, conn, text: str, rows: list) -> None:
        conn.executemany(text, rows)

    def mark_done(self, namespace: str, match_id: str) -> None:
        conn = self._conn()
        conn.execute(self._sql(f"UPDATE {MATCHES} SET done = 1 WHERE namespace = ? "
                               "AND match_id = ?"), (namespace, match_id))
        conn.commit()

    def forget(self, namespace: str) -> None:
        """Delete every row of a namespace (tests, and a tenant's removal)."""
        conn = self._conn()
        for table in (EVENTS, MATCHES):
            conn.execute(self._sql(f"DELETE FROM {table} WHERE namespace = ?"), (namespace,))
        conn.commit()

    # -- reading --

    def record(self, namespace: str, match_id: str) -> Optional[ArchivedMatch]:
        rows = self._query(
            f"SELECT match_id, events, chain, status, meta, commands, archived_at, done "
            f"FROM {MATCHES} WHERE namespace = ? AND match_id = ?", (namespace, match_id))
        if not rows:
            return None
        m, events, chain, status, meta, commands, at, done = rows[0]
        return ArchivedMatch(m, int(events), chain, status, json.loads(meta),
                             json.loads(commands), float(at), bool(done))

    def entries(self, namespace: str, match_id: str, after: int = 0,
                upto: Optional[int] = None, limit: Optional[int] = None) -> list:
        """(version, stream fields) of the events after `after` up to `upto`, oldest first."""
        text = f"SELECT v, entry FROM {EVENTS} WHERE namespace = ? AND match_id = ? AND v > ?"
        params = [namespace, match_id, after]
        if upto is not None:
            text += " AND v <= ?"
            params.append(upto)
        text += " ORDER BY v"
        if limit is not None:
            text += " LIMIT ?"
            params.append(int(limit))
        return [(int(v), json.loads(entry)) for v, entry in self._query(text, tuple(params))]

    def match_ids(self, namespace: str) -> Iterator[str]:
        """Every archived match of a namespace (leaderboard rebuilds)."""
        return iter([row[0] for row in self._query(
            f"SELECT match_id FROM {MATCHES} WHERE namespace = ? ORDER BY match_id",
            (namespace,))])

    def counts(self, namespace: str) -> dict:
        rows = self._query(f"SELECT done, COUNT(*) FROM {MATCHES} WHERE namespace = ? "
                           "GROUP BY done", (namespace,))
        found = {bool(done): int(n) for done, n in rows}
        return {"archived": found.get(True, 0), "copied": found.get(False, 0)}


class SqliteArchive(Archive):
    """An embedded SQLite file (WAL, so readers never wait on the mover)."""

    mark = "?"

    def __init__(self, path: Path):
        super().__init__()
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = self._conn()
        conn.execute("PRAGMA journal_mode=WAL")
        for statement in SCHEMA:
            conn.execute(statement)
        conn.commit()

    def _connect(self):
        conn = sqlite3.connect(self.path, timeout=30, isolation_level="DEFERRED")
        conn.execute("PRAGMA synchronous=FULL")  # a move deletes Redis keys once this commits
        return conn

    def __repr__(self) -> str:
        return f"SqliteArchive({str(self.path)!r})"


class PostgresArchive(Archive):
    """A PostgreSQL database (psycopg 3)."""

    mark = "%s"

    def __init__(self, url: str):
        super().__init__()
        self.url = url
        conn = self._conn()
        for statement in SCHEMA:
            conn.execute(statement)
        conn.commit()

    def _connect(self):
        return psycopg.connect(self.url, connect_timeout=5)

    def _executemany(self, conn, text: str, rows: list) -> None:
        with conn.cursor() as cur:
            cur.executemany(text, rows)

    def __repr__(self) -> str:
        return "PostgresArchive(...)"


def _json(value) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def default_url() -> str:
    return f"sqlite:///{data_dir() / DEFAULT_FILE}"


@lru_cache(maxsize=None)
def open_archive(url: Optional[str] = None) -> Archive:
    """The archive `url` names (one per process and url): postgresql://... or
    sqlite:///path; none, the SQLite file under data/ (ORRERY_DATA_DIR)."""
    url = url or default_url()
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresArchive(url)
    if url.startswith("sqlite:///"):
        return SqliteArchive(Path(url[len("sqlite:///"):]))
    raise ValueError(f"ORRERY_ARCHIVE_URL must be postgresql://... or sqlite:///path, "
                     f"not {url.split(':', 1)[0]!r}...")
