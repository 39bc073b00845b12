"""Where a command's CPU goes in the match API: per POST /commands, by stage.

    python -m bench command_path

The match app runs in this process over the bench Redis (no gunicorn: its share is the
difference from `http_single`'s CPU per move) while one player plays tic-tac-toe matches
against themself through it. Each stage of the command path is wrapped and timed in CPU
time of this thread (time.thread_time, so waiting on Redis counts only as the CPU its
round trips cost), each stage for its own time only (the answer's redaction, made while
the append is on its way, counts as redact, not append): auth (the bearer token), load
(the cached or read state), command schema (the game's marshmallow command), decide,
append (the Lua script's round trip, which on one Redis also adds the announcement to the
bus), fold (the new state from what is written), announce (building the announcement; on
a cluster also its own round trip), redact (the events as the seat may see them), and the
rest: Flask, flask-smorest's argument parsing and response dump, webargs, metrics. One
JSON line: microseconds of CPU per command.
"""
from __future__ import annotations

import random
import time
import uuid
from contextlib import contextmanager

from bench.common import RequestCpu, clean, emit, redis_url
from shared.config import Settings

MATCHES = 150
STAGES = ("auth", "load", "command_schema", "decide", "append", "fold", "announce",
          "redact")


@contextmanager
def _wrapped(spent: dict):
    """Time the command path's stages into `spent` (µs of CPU, by stage)."""
    from services.match.command_path import announce, commands, decisions
    from services.match.api import matches
    from shared.eventlog.log import EventLog

    targets = [(matches, "required_player", "auth"), (matches, "known_match", "load"),
               (matches, "load_command", "command_schema"), (decisions, "decide", "decide"),
               (EventLog, "prepare", "append"), (EventLog, "write", "append"),
               (commands, "fold", "fold"),
               (announce, "outgoing", "announce"), (commands, "announce", "announce"),
               (matches, "redact_all", "redact")]
    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in targets]

    inside: list = []  # the time of the timed stages within the one running, innermost last

    def timed(function, stage):
        def wrapper(*args, **kwargs):
            started = time.thread_time()
            inside.append(0.0)
            try:
                return function(*args, **kwargs)
            finally:
                took = time.thread_time() - started
                spent[stage] = spent.get(stage, 0.0) + took - inside.pop()
                if inside:
                    inside[-1] += took
        return wrapper

    for (owner, name, stage), (_, _, original) in zip(targets, originals):
        setattr(owner, name, timed(original, stage))
    try:
        yield
    finally:
        for owner, name, original in originals:
            setattr(owner, name, original)


def run(matches: int = MATCHES) -> dict:
    from services.match.api.app import create_app

    namespace = f"bench-path-{uuid.uuid4().hex[:10]}:"
    # No rate limit, as http_single and full_stack run the API (it adds a round trip).
    settings = Settings.from_env(redis_url=redis_url(), namespace=namespace,
                                 secret="bench-" + uuid.uuid4().hex, rate_limit_per_minute=0)
    app = create_app(settings)
    measured = RequestCpu(app, "/commands")
    client, rng = app.test_client(), random.Random(7)
    body = client.post("/v1/players", json={"name": "bench"}).get_json()
    headers = {"Authorization": f"Bearer {body['token']}"}
    seats = [{"player_id": body["player_id"]}] * 2
    spent: dict = {}

    def play(count: int) -> None:
        for _ in range(count):
            created = client.post("/v1/matches", headers=headers,
                                  json={"game": "tictactoe", "seats": seats}).get_json()
            match_id, version, cells = created["match_id"], created["version"], list(range(9))
            while True:
                cell = cells.pop(rng.randrange(len(cells)))
                answer = client.post(f"/v1/matches/{match_id}/commands", headers=headers, json={
                    "command": {"type": "mark", "cell": cell},
                    "command_id": uuid.uuid4().hex, "expected_version": version}).get_json()
                version = answer["version"]
                if not answer["to_act"]:
                    break

    try:
        play(10)  # warm caches and imports
        measured.reset()
        with _wrapped(spent):
            play(matches)
    finally:
        clean(app.extensions["orrery.match"].redis, namespace)
    per = 1e6 / measured.requests
    stages = {stage: round(spent.get(stage, 0.0) * per, 1) for stage in STAGES}
    out = {"bench": "command_path", "commands": measured.requests,
           "cpu_us_per_command": round(measured.seconds * per, 1), **{
               f"{stage}_us": value for stage, value in stages.items()},
           "rest_us": round(measured.seconds * per - sum(stages.values()), 1)}
    return emit(out)


if __name__ == "__main__":
    run()
