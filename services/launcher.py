"""`make run`: start Orrery's processes against a Redis, and stop them all together.

Redis is found as shared.infra.redis_server.resolve says (REDIS_URL, else 127.0.0.1:6379, else a
private server with AOF under ./data/redis). The processes are the match API under
gunicorn (gevent workers: every route, the live ones included), the match service's bus
consumer, the matchmaking API (gunicorn), pairing loop, dispatcher and Celery worker, the
bot dispatcher and a bot Celery worker, and the turns service's dispatcher, Celery worker
and beat.

The launcher supervises them: a process that exits is started again after a backoff that
doubles with each quick failure (0.5 s, 1 s, 2 s ... up to 30 s) and starts over once it has
stayed up a while, so one crashing process never stops the others (services/supervisor.py).
Every process also beats a heartbeat file as it makes progress (shared/infra/heartbeat.py);
one silent for ORRERY_STALL_SECONDS (20 s) is stopped or stuck, and is killed and started
again the same way.
Ctrl-C / SIGTERM stops everything, the private Redis last.
"""
from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import sys
import tempfile
from pathlib import Path

from services.supervisor import STALL_SECONDS, Program, Supervisor
from shared.infra.redis_server import data_dir, resolve

ROOT = Path(__file__).resolve().parent.parent
DATA = data_dir()


def _secret() -> str:
    """ORRERY_SECRET, else one generated once and kept in the data directory (tokens survive
    restarts)."""
    if os.environ.get("ORRERY_SECRET"):
        return os.environ["ORRERY_SECRET"]
    path = DATA / "secret"
    if not path.exists():
        DATA.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _processes() -> dict:
    """The commands `make run` starts, by name."""
    python = sys.executable
    port = os.environ.get("PORT", "8000")
    return {
        "match-api": [python, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py"),
                      "--bind", os.environ.get("ORRERY_BIND", f"127.0.0.1:{port}"),
                      "services.match.api.wsgi:app"],
        "match-consumer": [python, "-m", "services.match.bus.consumer"],
        "matchmaking-api": [python, "-m", "gunicorn", "-c",
                            str(ROOT / "deploy" / "gunicorn_matchmaking.conf.py"),
                            "--bind", os.environ.get("ORRERY_MATCHMAKING_BIND", "127.0.0.1:8001"),
                            "services.matchmaking.wsgi:app"],
        "matchmaking-loop": [python, "-m", "services.matchmaking.loop"],
        "matchmaking-dispatcher": [python, "-m", "services.matchmaking.consumer"],
        "matchmaking-worker": [python, "-m", "celery", "-A", "services.matchmaking.tasks",
                               "worker", "-Q", "matchmaking", "--concurrency", "1",
                               "--loglevel=INFO", "--without-mingle", "--without-gossip",
                               "--without-heartbeat"],
        "bot-dispatcher": [python, "-m", "services.bot.dispatcher"],
        "bot-worker": [python, "-m", "celery", "-A", "services.bot.celery_app", "worker",
                       "--loglevel=INFO", "--without-mingle", "--without-gossip",
                       "--without-heartbeat"],
        "turns-dispatcher": [python, "-m", "services.turns.dispatcher"],
        "turns-worker": [python, "-m", "celery", "-A", "services.turns.celery_app", "worker",
                         "--loglevel=INFO", "--without-mingle", "--without-gossip",
                         "--without-heartbeat"],
        "turns-beat": [python, "-m", "celery", "-A", "services.turns.celery_app", "beat",
                       "--loglevel=INFO", "-s", str(DATA / "turns-beat-schedule")],
    }


def _environments(base: dict) -> dict:
    """Per-process overrides of the environment `base`, by process name.

    Each process gets a name that outlives it (ORRERY_INSTANCE_NAME: its kind, the host and
    this launcher), so the process started in place of one that died takes up its
    predecessor's unfinished work at once: bus entries pending under that name
    (shared/eventlog/bus.py) and the Celery tasks it held (shared/infra/celery_leases.py). The
    matchmaking processes keep their metrics in a directory of their own, since each
    gunicorn config empties its directory's metric files on start (a shared one would wipe
    the match service's)."""
    metrics = Path(base["PROMETHEUS_MULTIPROC_DIR"]) / "matchmaking"
    metrics.mkdir(parents=True, exist_ok=True)
    launcher = f"{socket.gethostname()}-{os.getpid()}"
    overrides = {name: {"ORRERY_INSTANCE_NAME": f"{name}@{launcher}"} for name in _processes()}
    for name in overrides:
        if name.startswith("matchmaking-"):
            overrides[name]["PROMETHEUS_MULTIPROC_DIR"] = str(metrics)
    return overrides


def main() -> int:
    DATA.mkdir(parents=True, exist_ok=True)  # beat keeps its schedule file here
    redis = resolve(DATA / "redis")
    # Folders of this run only, removed when it stops (a metrics folder named by the
    # environment is the caller's and stays).
    scratch = []
    metrics = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if metrics is None:
        metrics = tempfile.mkdtemp(prefix="orrery-metrics-")
        scratch.append(metrics)
    env = dict(os.environ, REDIS_URL=redis.url, ORRERY_SECRET=_secret(),
               PROMETHEUS_MULTIPROC_DIR=metrics)
    print(f"orrery: Redis at {redis.url}" + (" (private, AOF in data/redis)" if redis.process else ""),
          flush=True)
    overrides = _environments(env)
    heartbeats = Path(tempfile.mkdtemp(prefix="orrery-heartbeats-"))
    scratch.append(heartbeats)
    stall = float(os.environ.get("ORRERY_STALL_SECONDS", STALL_SECONDS))
    supervisor = Supervisor({name: Program(cmd, {**env, **overrides.get(name, {})}, ROOT,
                                           heartbeat=heartbeats / name, stall_seconds=stall)
                             for name, cmd in _processes().items()})
    signal.signal(signal.SIGTERM, lambda *_: supervisor.stop())
    try:
        supervisor.start()
        supervisor.run()
    except KeyboardInterrupt:
        pass
    finally:
        supervisor.shutdown()
        redis.stop()
        for folder in scratch:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
