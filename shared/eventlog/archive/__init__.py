"""The archive: where a match's log goes once the match is over and a delay has passed, so
Redis holds what is live. Stores (stores.py: SQLite by default, PostgreSQL where
ORRERY_ARCHIVE_URL names one), the log that reads Redis then the archive behind the
EventLog interface (reader.py), and the crash-safe move (mover.py)."""
