"""What every bench shares: a Redis, a private namespace, timing and the JSON lines."""
from __future__ import annotations

import atexit
import contextlib
import json
import os
import random
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path

from shared.infra.connect import connect
from shared.eventlog.keys import Keys
from shared.infra.redis_server import resolve
from shared.games.registry import games
from shared.games.replay import apply, match_created

_HANDLE = None
# The bots' answer goals: p95 seconds a move, per level (level 1 has none: it is capped at
# 0.5 s). bench.bot_speed judges the policy's own time by them, bench.bot_answers the stack's.
ANSWER_GOALS = {2: 1.0, 3: 6.0}


def workdir(name: str) -> Path:
    """A fresh folder for a bench's files (a private Redis's, a stack's logs), removed when
    the bench exits; ORRERY_KEEP_BENCH_DIRS=1 keeps it, to read the logs of a run gone wrong.
    Exit handlers run last-registered first, so a server started in it afterwards (and
    stopped at exit) is stopped before its folder goes."""
    folder = Path(tempfile.mkdtemp(prefix=f"orrery-bench-{name}-"))
    if not os.environ.get("ORRERY_KEEP_BENCH_DIRS"):
        atexit.register(shutil.rmtree, folder, True)
    return folder


def redis_url() -> str:
    """REDIS_URL, else 127.0.0.1:6379, else a private server (stopped at exit)."""
    global _HANDLE
    if _HANDLE is None:
        _HANDLE = resolve(workdir("redis"))
        atexit.register(_HANDLE.stop)
    return _HANDLE.url


@contextlib.contextmanager
def namespace(prefix: str):
    """A fresh key namespace on the bench Redis, deleted afterwards: (client, keys)."""
    client = connect(redis_url())
    keys = Keys(f"bench-{prefix}-{uuid.uuid4().hex[:10]}:")
    try:
        yield client, keys
    finally:
        clean(client, keys.namespace)
        client.close()


def clean(client, ns: str) -> None:
    batch = []
    for key in client.scan_iter(match=f"{ns}*", count=1000):
        batch.append(key)
        if len(batch) >= 1000:
            client.delete(*batch)
            batch = []
    if batch:
        client.delete(*batch)


def percentile(samples: list, p: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def emit(figure: dict) -> dict:
    print(json.dumps(figure, sort_keys=False), flush=True)
    return figure


def now() -> float:
    return time.perf_counter()


def random_match(name: str, seed: int, match_id: str) -> list:
    """The events (MatchCreated first) of one random full match of a registered game."""
    game = games()[name]
    rng, chance = random.Random(seed), random.Random(seed + 1)
    options = game.spec.resolve_options({})
    seats = [{"player_id": f"p{i}"} for i in range(game.spec.min_players)]
    setup = game.setup(options, len(seats), rng)
    events = [match_created(match_id, name, seats, options, setup=len(setup)), *setup]
    state = None
    for event in events:
        state = apply(state, event)
    while game.outcome(state.game_state) is None:
        seat = rng.choice(list(game.to_act(state.game_state)))
        command = rng.choice(game.legal_commands(state.game_state, seat))
        for event in game.decide(state.game_state, seat, command, chance):
            events.append(event)
            state = apply(state, event)
    return events


def log_fail(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


class RequestCpu:
    """CPU time of this thread inside an app's WSGI calls whose path ends with `suffix`
    (`seconds`, `requests`): what command_path and command_floor measure, the same way.
    Installed on the app until `remove`; `reset` starts the count again after a warm-up."""

    def __init__(self, app, suffix: str = ""):
        self.app, self.inner, self.suffix = app, app.wsgi_app, suffix
        self.seconds, self.requests = 0.0, 0
        app.wsgi_app = self

    def __call__(self, environ, start_response):
        if not environ["PATH_INFO"].endswith(self.suffix):
            return self.inner(environ, start_response)
        started = time.thread_time()
        try:
            return self.inner(environ, start_response)
        finally:
            self.seconds += time.thread_time() - started
            self.requests += 1

    def reset(self) -> None:
        self.seconds, self.requests = 0.0, 0

    def remove(self) -> None:
        self.app.wsgi_app = self.inner
