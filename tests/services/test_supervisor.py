"""`make run`'s supervision (issue 14, item 7): a process that dies is started again, with a
backoff that grows while it keeps failing, and the others are left alone."""
from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from services.supervisor import Program, Supervisor, backoff

pytestmark = pytest.mark.timeout(90)


def test_the_backoff_doubles_and_is_capped():
    assert [backoff(n) for n in (1, 2, 3, 4)] == [0.5, 1.0, 2.0, 4.0]
    assert backoff(50) == 30.0


def _program(*argv: str) -> Program:
    return Program(list(argv), dict(os.environ), Path.cwd())


def test_a_killed_process_is_restarted_and_the_others_keep_running():
    said = []
    supervisor = Supervisor({"steady": _program("sleep", "60"),
                             "victim": _program("sleep", "60"),
                             "crasher": _program("/bin/sh", "-c", "exit 3")},
                            say=lambda text, **_: said.append(text))
    supervisor.start()
    watcher = threading.Thread(target=supervisor.run, kwargs={"tick": 0.05}, daemon=True)
    watcher.start()
    try:
        steady = supervisor.programs["steady"].process.pid
        victim = supervisor.programs["victim"].process.pid
        os.kill(victim, signal.SIGKILL)
        killed_at = time.monotonic()
        while supervisor.programs["victim"].process.pid == victim:
            assert time.monotonic() - killed_at < 5, said
            time.sleep(0.02)
        restarted_in = time.monotonic() - killed_at

        def waits():
            return [line.rsplit("restarting in ", 1)[1] for line in list(said)
                    if line.startswith("orrery: crasher") and "exited with 3" in line]
        deadline = time.monotonic() + 20
        while len(waits()) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        # A backoff, not a busy loop: each quick exit waits twice as long as the last.
        assert waits()[:4] == ["0.5 s", "1 s", "2 s", "4 s"], said
        assert supervisor.programs["steady"].process.pid == steady
        assert supervisor.programs["steady"].process.poll() is None
        assert restarted_in < 3  # 0.5 s of backoff, on a loaded machine
        assert any(line.startswith("orrery: victim") and "exited with -9; restarting in 0.5 s" in line
                   for line in said)
    finally:
        supervisor.shutdown()
        watcher.join(5)
    assert all(p.process.poll() is not None for p in supervisor.programs.values())
