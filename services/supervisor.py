"""Process supervision for `make run`: start every program, start again one that exits.

A program that exits (crash, kill -9, out of memory) is restarted after a backoff: the first
restart after BASE seconds, doubling with each exit that comes soon after a start, up to
CAP; a program that stayed up STABLE seconds starts over from BASE. The other programs are
never touched, and every start and exit is printed with its pid and exit code, so an
operator (or the chaos tests) can see what happened. `stop()` ends `run()`; `shutdown()`
terminates the children (SIGTERM, then SIGKILL after a grace period).
"""
from __future__ import annotations

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

    def _launch(self, name: str) -> None:
        program = self.programs[name]
        program.process = subprocess.Popen(program.argv, env=program.env, cwd=program.cwd)
        program.started_at, program.restart_at = time.monotonic(), None
        self.say(f"{name} started (pid {program.process.pid})")

    def _exited(self, name: str, program: Program, now: float) -> None:
        quick = now - program.started_at < STABLE_SECONDS
        program.quick_exits = program.quick_exits + 1 if quick else 1
        wait = backoff(program.quick_exits)
        program.restart_at = now + wait
        self.say(f"{name} (pid {program.process.pid}) exited with "
                 f"{program.process.returncode}; restarting in {wait:g} s")
