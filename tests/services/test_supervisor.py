"""`make run`'s supervision (issue 14, item 7): a process that dies is started again, with a
backoff that grows while it keeps failing, and the others are left alone."""
from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from services.supervisor import Program, Supervisor, backoff

pytestmark = pytest.mark.timeout(60)


def test_the_backoff_doubles_and_is_capped():
    assert [backoff(n) for n in (1, 2, 3, 4)] == [0.5, 1.0, 2.0, 4.0]
    assert backoff(50) == 30.0


def _program(code: str) -> Program:
    return Program([sys.executable, "-c", code], dict(os.environ), Path.cwd())


def test_a_killed_process_is_restarted_and_the_others_keep_running():
    said = []
    supervisor = Supervisor({"steady": _program("import time; time.sleep(60)"),
                             "victim": _program("import time; time.sleep(60)"),
                             "crasher": _program("import sys; sys.exit(3)")},
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
        time.sleep(2.5)
        crasher = supervisor.programs["crasher"]
        # 0.5 s, 1 s, 2 s: about three restarts in 2.5 s (backoff, not a busy loop).
        assert 2 <= crasher.restarts <= 4, said
        assert supervisor.programs["steady"].process.pid == steady
        assert supervisor.programs["steady"].process.poll() is None
        assert restarted_in < 1.5
        assert any("victim" in line and "exited with -9; restarting in 0.5 s" in line
                   for line in said)
        assert any("crasher" in line and "exited with 3" in line for line in said)
    finally:
        supervisor.shutdown()
        watcher.join(5)
    assert all(p.process.poll() is not None for p in supervisor.programs.values())
