"""The Lua expected-version append: events/s, pipelined over many matches and one by one.

Pipelined: each round sends one append (one event, at the match's expected version) to
every one of MATCHES matches, PIPELINE appends per round trip. Unpipelined: one process
calling EventLog.append and waiting for each answer. Every append is checked to have
landed (no conflict), and the versions are checked at the end.
"""
from __future__ import annotations

import json

from bench.common import emit, namespace, now
from shared.eventlog.log import EventLog, _now

MATCHES = 1000
ROUNDS = 100            # pipelined: 100,000 appends in all
PIPELINE = 1000
UNPIPELINED = 5000
GOAL = 50_000


def _args(expected: int, i: int) -> list:
    """append.lua's arguments for one CellMarked (schema 2) and its cause, as
    EventLog.append sends them."""
    seat, cell = i % 2, i % 9
    data = json.dumps({"seat": seat, "cell": cell, "mark": "XO"[seat]}, separators=(",", ":"))
    cause = json.dumps({"seat": seat, "command": {"type": "mark", "cell": cell},
                        "source": "http"}, separators=(",", ":"))
    return [expected, f"cmd-{expected}-{i}", _now(), 1, cause, "CellMarked", 2, data]


def pipelined(client, keys) -> dict:
    log = EventLog(client, keys)
    script = log._append  # the registered append.lua, as EventLog.append runs it
    match_ids = [f"m{i}" for i in range(MATCHES)]
    client.script_load(script.script)
    started, appended = now(), 0
    for version in range(ROUNDS):
        for offset in range(0, MATCHES, PIPELINE):
            pipe = client.pipeline(transaction=False)
            for match_id in match_ids[offset:offset + PIPELINE]:
                script(keys=[keys.events(match_id), keys.command_results(match_id)],
                       args=_args(version, offset), client=pipe)
            replies = pipe.execute()
            assert all(status == b"appended" for status, _ in replies), replies[:3]
            appended += len(replies)
    elapsed = now() - started
    assert all(log.version(m) == ROUNDS for m in match_ids[:: MATCHES // 10])
    return emit({"bench": "append_pipelined", "events": appended, "matches": MATCHES,
                 "appends_per_pipeline": PIPELINE, "events_per_append": 1,
                 "seconds": round(elapsed, 3), "events_per_s": round(appended / elapsed),
                 "goal_events_per_s": GOAL, "meets_goal": appended / elapsed >= GOAL})


def unpipelined(client, keys) -> dict:
    log = EventLog(client, keys)
    event = [{"type": "CellMarked", "schema": 2, "data": {"seat": 0, "cell": 4, "mark": "X"}}]
    cause = {"seat": 0, "command": {"type": "mark", "cell": 4}, "source": "http"}
    started = now()
    for i in range(UNPIPELINED):
        log.append(f"u{i % 100}", event, i // 100, command_id=f"c{i}", cause=cause)
    elapsed = now() - started
    assert log.version("u0") == UNPIPELINED // 100
    return emit({"bench": "append_unpipelined", "events": UNPIPELINED,
                 "seconds": round(elapsed, 3), "events_per_s": round(UNPIPELINED / elapsed),
                 "mean_ms": round(elapsed / UNPIPELINED * 1000, 3)})


def run() -> list:
    with namespace("append") as (client, keys):
        return [pipelined(client, keys), unpipelined(client, keys)]


if __name__ == "__main__":
    run()
