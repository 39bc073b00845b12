"""Replay: rebuild a finished match from Redis with a cold cache, and fold throughput.

A random full match of Exordium is played through the engine and appended to Redis as its
log. Then each sample builds a new MatchStore (empty in-process cache, no snapshot) and
loads the match: an XRANGE of the whole log, JSON decoding, and the fold through
shared.games.replay. The fold alone is then timed in memory over the decoded events.
If Exordium is not importable yet, tic-tac-toe is used and the JSON says so.
"""
from __future__ import annotations

import statistics

from bench.common import emit, namespace, now, percentile, random_match
from shared.eventlog.log import EventLog
from shared.eventlog.snapshots import SnapshotStore
from shared.eventlog.store import MatchStore
from shared.games.registry import games
from shared.games.replay import fold

SAMPLES = 500
MATCHES = 20
FOLD_SECONDS = 1.0
GOAL_P50_MS = 3.0


def _game() -> tuple:
    try:
        if "exordium" in games():
            return "exordium", None
    except Exception as error:  # noqa: BLE001 - the registry itself may not load yet
        return "tictactoe", f"exordium not importable: {error}"
    return "tictactoe", "exordium not registered"


def run() -> list:
    name, note = _game()
    with namespace("replay") as (client, keys):
        log = EventLog(client, keys)
        snapshots = SnapshotStore(client, keys, code_stamp="bench")
        match_ids = [f"{name}-{i}" for i in range(MATCHES)]
        lengths = []
        for seed, match_id in enumerate(match_ids):
            events = random_match(name, seed, match_id)
            log.append(match_id, events, 0)
            lengths.append(len(events))
        samples = []
        for i in range(SAMPLES):
            store = MatchStore(log, snapshots, snapshot_every=0)  # cold: nothing cached
            started = now()
            state = store.load(match_ids[i % MATCHES])
            samples.append((now() - started) * 1000)
            assert state.status == "finished"
        rebuild = {"bench": "replay_rebuild_from_redis", "game": name,
                   "events_per_match": round(statistics.mean(lengths), 1),
                   "samples": SAMPLES, "p50_ms": round(percentile(samples, 50), 3),
                   "p95_ms": round(percentile(samples, 95), 3),
                   "goal_p50_ms": GOAL_P50_MS,
                   "meets_goal": percentile(samples, 50) <= GOAL_P50_MS}
        logged = [log.read(m) for m in match_ids]
    if note:
        rebuild["note"] = note
    figures = [emit(rebuild)]
    folded, started = 0, now()
    while now() - started < FOLD_SECONDS:
        for events in logged:
            fold(events)
            folded += len(events)
    elapsed = now() - started
    throughput = {"bench": "fold_in_memory", "game": name, "events": folded,
                  "events_per_s": round(folded / elapsed)}
    if note:
        throughput["note"] = note
    figures.append(emit(throughput))
    return figures


if __name__ == "__main__":
    run()
