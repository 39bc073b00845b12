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


def test_a_process_that_stops_beating_is_killed_and_started_again(tmp_path):
    """A stopped (SIGSTOP) process neither exits nor beats: the supervisor kills it, with
    the children of its process group, and starts it again (issue 25, item 2)."""
    said = []
    # Beats every 0.1 s, with a child in its group that would outlive it unless the group goes.
    beater = ("sleep 300 & echo $! > " + str(tmp_path / "child") + "; "
              'while true; do touch "$ORRERY_HEARTBEAT_FILE"; sleep 0.1; done')
    program = Program(["/bin/sh", "-c", beater], dict(os.environ), Path.cwd(),
                      heartbeat=tmp_path / "beats" / "beater", stall_seconds=1.5)
    supervisor = Supervisor({"beater": program}, say=lambda text, **_: said.append(text))
    supervisor.start()
    watcher = threading.Thread(target=supervisor.run, kwargs={"tick": 0.05}, daemon=True)
    watcher.start()
    try:
        first = program.process.pid
        time.sleep(2.5)  # beating: left alone past its stall time
        assert program.process.pid == first and program.restarts == 0, said
        child = int((tmp_path / "child").read_text())
        os.kill(first, signal.SIGSTOP)
        stopped_at = time.monotonic()
        while program.process.pid == first:
            assert time.monotonic() - stopped_at < 10, said
            time.sleep(0.02)
        assert time.monotonic() - stopped_at >= 1.0  # not before it fell silent
        assert any("beater" in line and "makes no progress" in line for line in said), said
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and Path(f"/proc/{child}").exists():
            time.sleep(0.05)
        assert not Path(f"/proc/{child}").exists() or "Z" in Path(
            f"/proc/{child}/stat").read_text().split()[2]  # its group went with it
        time.sleep(2.5)  # the new one beats, and is left alone
        assert program.process.poll() is None and program.restarts == 1, said
    finally:
        supervisor.shutdown()


def test_a_process_that_never_beats_is_left_alone_during_its_startup(tmp_path):
    program = Program(["sleep", "60"], dict(os.environ), Path.cwd(),
                      heartbeat=tmp_path / "silent", stall_seconds=0.5)
    supervisor = Supervisor({"silent": program}, say=lambda *_a, **_k: None)
    supervisor.start()
    try:
        pid = program.process.pid
        supervisor._watch(time.monotonic() + 1)
        assert program.process.poll() is None and program.process.pid == pid
        assert program.stalled(time.monotonic() + 3600)  # a start that never beats is a stall
    finally:
        supervisor.shutdown()
