"""Process supervision for `make run`: start every program, start again one that exits.

A program that exits (crash, kill -9, out of memory) is restarted after a backoff: the first
restart after BASE seconds, doubling with each exit that comes soon after a start, up to
CAP; a program that stayed up STABLE seconds starts over from BASE. The other programs are
never touched, and every start and exit is printed with its pid and exit code, so an
operator (or the chaos tests) can see what happened. `stop()` ends `run()`; `shutdown()`
terminates the children (SIGTERM, then SIGKILL after a grace period).

A program given a heartbeat file (`Program.heartbeat`) must also show progress: the
supervisor passes the file as ORRERY_HEARTBEAT_FILE and the program touches it as it works
(shared/infra/heartbeat.py). One whose file has not changed for `stall_seconds` (or that
never beat within STARTUP_SECONDS of its start) is stopped, frozen or stuck: it is killed
(SIGKILL, which also ends a stopped process) with its process group, so a gunicorn master's
workers and a Celery worker's children go with it, and started again like any that exited.
"""
from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

BASE_SECONDS = 0.5
CAP_SECONDS = 30.0
STABLE_SECONDS = 30.0
GRACE_SECONDS = 15.0
# A program's first heartbeat may take a while (imports, a Celery worker's start on a loaded
# machine); after it, a silence of `stall_seconds` means no progress.
STARTUP_SECONDS = 60.0
STALL_SECONDS = 20.0


def backoff(quick_exits: int) -> float:
    """Seconds to wait before a restart, after `quick_exits` exits in a row that each came
    soon after a start."""
    return min(CAP_SECONDS, BASE_SECONDS * 2 ** max(0, quick_exits - 1))


@dataclass
class Program:
    """A command to keep running, with its environment and working directory."""

    argv: list
    env: dict
    cwd: Path
    process: Optional[subprocess.Popen] = None
    started_at: float = 0.0
    quick_exits: int = 0
    restart_at: Optional[float] = None  # when an exited program starts again
    restarts: int = 0
    heartbeat: Optional[Path] = None  # the file the program touches as it makes progress
    stall_seconds: float = STALL_SECONDS

    def stalled(self, now: float) -> Optional[str]:
        """Why the running program counts as making no progress, or None."""
        if self.heartbeat is None:
            return None
        try:
            silent = time.time() - self.heartbeat.stat().st_mtime
        except FileNotFoundError:
            if now - self.started_at > STARTUP_SECONDS:
                return f"no heartbeat {STARTUP_SECONDS:g} s after its start"
            return None
        if silent > self.stall_seconds:
            return f"no heartbeat for {silent:.0f} s"
        return None


class Supervisor:
    def __init__(self, programs: dict, say=print):
        self.programs = programs
        self.say = lambda text: say(f"orrery: {text}", flush=True)
        self.stopping = threading.Event()
        self._lock = threading.Lock()  # no start after shutdown has begun

    def start(self) -> None:
        for name in self.programs:
            self._launch(name)

    def run(self, tick: float = 0.2) -> None:
        """Watch the programs until `stop()`: restart each that exited, after its backoff."""
        while not self.stopping.is_set():
            with self._lock:
                if not self.stopping.is_set():
                    self._watch(time.monotonic())
            self.stopping.wait(tick)

    def _watch(self, now: float) -> None:
        for name, program in self.programs.items():
            if program.restart_at is None and program.process.poll() is not None:
                self._exited(name, program, now)
            elif program.restart_at is not None and now >= program.restart_at:
                program.restarts += 1
                self._launch(name)
            elif program.restart_at is None:
                why = program.stalled(now)
                if why:
                    self.say(f"{name} (pid {program.process.pid}) makes no progress ({why}); "
                             "killing it to start it again")
                    _signal_group(program.process, signal.SIGKILL)

    def stop(self) -> None:
        self.stopping.set()

    def shutdown(self) -> None:
        """Terminate every running program; kill those still there after the grace period."""
        self.stop()
        with self._lock:
            running = [p.process for p in self.programs.values()
                       if p.process is not None and p.process.poll() is None]
        for process in running:
            process.terminate()
        deadline = time.monotonic() + GRACE_SECONDS
        for process in running:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for program in self.programs.values():  # what a program left behind in its group
            if program.process is not None:
                _signal_group(program.process, signal.SIGKILL)

    def _launch(self, name: str) -> None:
        program = self.programs[name]
        env = program.env
        if program.heartbeat is not None:
            program.heartbeat.parent.mkdir(parents=True, exist_ok=True)
            program.heartbeat.unlink(missing_ok=True)  # a fresh start beats anew
            env = {**env, "ORRERY_HEARTBEAT_FILE": str(program.heartbeat)}
        # A process group of its own: a program's children (gunicorn's workers, Celery's
        # pool) are killed with it when it stalls, and never outlive the launcher.
        program.process = subprocess.Popen(program.argv, env=env, cwd=program.cwd,
                                           process_group=0)
        program.started_at, program.restart_at = time.monotonic(), None
        self.say(f"{name} started (pid {program.process.pid})")

    def _exited(self, name: str, program: Program, now: float) -> None:
        quick = now - program.started_at < STABLE_SECONDS
        program.quick_exits = program.quick_exits + 1 if quick else 1
        wait = backoff(program.quick_exits)
        program.restart_at = now + wait
        self.say(f"{name} (pid {program.process.pid}) exited with "
                 f"{program.process.returncode}; restarting in {wait:g} s")


def _signal_group(process: subprocess.Popen, sig: int) -> None:
    """Send `sig` to the process group `process` leads (it was started with one)."""
    try:
        os.killpg(process.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass
