"""A process's heartbeat: how its supervisor (and an operator) sees that it still makes
progress, not only that it has not exited.

A process's main loop calls `beat()` after every pass, whether the pass did work, found
nothing, or met an outage it waits out (a pass is bounded by Redis's command timeout,
shared/infra/connect.py). A process whose progress is made on threads of a library's own
(a Celery worker, Celery beat, gunicorn's master) beats from a thread (`beat_forever`),
which shows it is not stopped or frozen.

Each beat touches the file ORRERY_HEARTBEAT_FILE names (the supervisor gives every program
one, services/supervisor.py, and restarts a program whose file has not changed for its
stall time), and, given a Redis, sets the process's heartbeat key (`Keys.process`) to
{pid, at, beats} with an expiry, every few seconds: the processes alive are the keys there.
A beat never raises: a heartbeat that cannot be written only stops being seen.
"""
from __future__ import annotations

import json
import logging
import os
import threading
import time
from pathlib import Path
from typing import Optional

log = logging.getLogger(__name__)

FILE_VARIABLE = "ORRERY_HEARTBEAT_FILE"
FILE_EVERY_SECONDS = 1.0
KEY_EVERY_SECONDS = 5.0
KEY_TTL_SECONDS = 30


class Heartbeat:
    """Beats of one process (see the module's note). The key is written from a thread of
    its own, so a Redis that hangs never slows the loop that beats."""

    def __init__(self, redis=None, key: Optional[str] = None, path: Optional[str] = None):
        named = path or os.environ.get(FILE_VARIABLE)
        self.path = Path(named) if named else None
        self.redis, self.key = redis, key
        self.beats = 0
        self._file_due = 0.0
        self._writer: Optional[threading.Thread] = None

    def beat(self) -> None:
        self.beats += 1
        now = time.monotonic()
        if self.path is not None and now >= self._file_due:
            self._file_due = now + FILE_EVERY_SECONDS
            try:
                self.path.touch()
            except OSError as error:
                log.warning("cannot write the heartbeat file %s: %s", self.path, error)
        if self._writer is None and self.redis is not None and self.key:
            self._writer = threading.Thread(target=self._write_key_forever, daemon=True,
                                            name="orrery-heartbeat-key")
            self._writer.start()

    def _write_key_forever(self) -> None:
        written = None
        while True:
            if self.beats != written:  # only while the loop beats: a frozen one goes silent
                written = self.beats
                try:
                    self.redis.set(self.key, json.dumps({"pid": os.getpid(), "at": time.time(),
                                                         "beats": written}),
                                   ex=KEY_TTL_SECONDS)
                except Exception as error:  # noqa: BLE001 - Redis away: the file still beats
                    log.debug("heartbeat key not written: %s", error)
            time.sleep(KEY_EVERY_SECONDS)


def beat_forever(heartbeat: Heartbeat, every: float = FILE_EVERY_SECONDS,
                 name: str = "orrery-heartbeat") -> threading.Thread:
    """Beat `heartbeat` from a daemon thread every `every` seconds."""
    def run():
        while True:
            heartbeat.beat()
            time.sleep(every)
    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread


def instance_name(default: str) -> str:
    """The process's name as its heartbeat key says it (ORRERY_INSTANCE_NAME, given by
    `make run`), else `default`."""
    return os.environ.get("ORRERY_INSTANCE_NAME") or default
