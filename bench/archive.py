"""Archive: Redis bytes per live and per archived match, and the archive's bytes per match.

For each game, whole matches are played through the match service's command path
(services/match/command_path: every command with its id, cause, announcement and snapshot,
as the API writes them) by two players choosing random legal commands. MEMORY USAGE is
summed over every key of the match (the keys carrying its id: its stream, command results,
meta and snapshot, and any other) at the last tens of commands before it ends (live), once it is over (still in Redis), and
once the archive's mover has moved it (shared/eventlog/archive). The archive's own bytes per
match are the growth of the SQLite file, and of the PostgreSQL tables where
BENCH_ARCHIVE_POSTGRES (default the machine's 127.0.0.1:5432, database test) answers.

What the figures leave out: each match's entries in its players' match lists and the lobby's
recent list (a member of a sorted set each, about 50-100 bytes), which stay in Redis.
"""
from __future__ import annotations

import os
import random
import uuid
from pathlib import Path

import psycopg

from bench.common import emit, namespace, redis_url, workdir
from services.match.api.app import create_app
from services.match.command_path.commands import submit
from shared.config import Settings
from shared.eventlog.archive.mover import Mover
from shared.eventlog.archive.stores import EVENTS, MATCHES, open_archive

GAMES = os.environ.get("BENCH_ARCHIVE_GAMES", "exordium,exile_sun,nexum,exsilium").split(",")
MATCHES_PER_GAME = int(os.environ.get("BENCH_ARCHIVE_MATCHES", "2"))
MAX_COMMANDS = 4000  # a random match that has not ended by then is counted as it stands
POSTGRES = os.environ.get("BENCH_ARCHIVE_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def match_bytes(client, keys, match_id: str) -> int:
    """MEMORY USAGE summed over every key of the match (a key that is absent counts 0)."""
    names = [keys.events(match_id), keys.command_results(match_id), keys.meta(match_id),
             keys.snapshot(match_id), keys.analysis(match_id), keys.turn_version(match_id),
             keys.match_wormhole(match_id), keys.wormhole_pending(match_id)]
    pipe = client.pipeline(transaction=False)
    for name in names:
        pipe.memory_usage(name, samples=0)
    return sum(size or 0 for size in pipe.execute())


def _postgres_bytes(url: str):
    try:
        with psycopg.connect(url, connect_timeout=3) as conn:
            return sum(conn.execute("SELECT pg_total_relation_size(%s)", (t,)).fetchone()[0]
                       for t in (MATCHES, EVENTS))
    except psycopg.Error:
        return None


def _play(client, ctx, players, game: str, rng: random.Random) -> tuple:
    """(match id, Redis bytes while live, commands, state) of one random match played out:
    the bytes as last measured (every 10 commands) before the command that ended it."""
    ana, bo = players
    body = {"game": game, "seats": [{"player_id": ana["player_id"]},
                                    {"player_id": bo["player_id"]}]}
    created = client.post("/v1/matches", json=body, headers=ana["headers"]).get_json()
    match_id = created["match_id"]
    client.post(f"/v1/matches/{match_id}/accept", headers=bo["headers"])
    commands, mid = 0, None
    state = ctx.store.load(match_id)
    while state.status == "active" and commands < MAX_COMMANDS:
        if commands % 10 == 0:
            mid = match_bytes(ctx.redis, ctx.keys, match_id)
        seat = rng.choice(list(state.to_act()))
        legal = state.engine.legal_commands(state.game_state, seat)
        result = submit(ctx, match_id, seat, rng.choice(legal), command_id=uuid.uuid4().hex)
        state, commands = result.state, commands + 1
    return match_id, mid, commands, state


def run() -> list:
    figures = []
    folder = workdir("archive")
    stores = [("sqlite", f"sqlite:///{folder / 'archive.sqlite3'}")]
    if _postgres_bytes(POSTGRES) is not None:
        stores.append(("postgresql", POSTGRES))
    for store, url in stores:
        with namespace("archive") as (client, keys):
            settings = Settings.from_env(redis_url=redis_url(), namespace=keys.namespace,
                                         secret="bench-archive-" + uuid.uuid4().hex, archive_url=url,
                                         archive_after_seconds=0)
            app = create_app(settings)
            http, ctx = app.test_client(), app.extensions["orrery.match"]
            players = []
            for name in ("Ana", "Bo"):
                made = http.post("/v1/players", json={"name": name}).get_json()
                players.append({"player_id": made["player_id"],
                                "headers": {"Authorization": f"Bearer {made['token']}"}})
            archive = open_archive(url)
            mover = Mover(ctx.redis, ctx.keys, archive, after_seconds=0)
            for game in GAMES:
                rng = random.Random(f"{game}-archive")
                rows = []
                for _ in range(MATCHES_PER_GAME):
                    match_id, mid, commands, state = _play(http, ctx, players, game, rng)
                    over = match_bytes(client, keys, match_id)
                    before = _size(store, url, folder)
                    report = mover.run(ignore_delay=True)
                    after = _size(store, url, folder)
                    rows.append({"events": state.version, "commands": commands,
                                 "status": state.status, "live_mid_match": mid,
                                 "over_in_redis": over,
                                 "archived_in_redis": match_bytes(client, keys, match_id),
                                 "moved": match_id in report.moved,
                                 "archive_bytes": None if before is None or after is None
                                 else after - before})
                n = len(rows)
                figure = {"bench": "archive_bytes_per_match", "game": game, "store": store,
                          "matches": n,
                          "events_mean": round(sum(r["events"] for r in rows) / n),
                          "statuses": sorted({r["status"] for r in rows}),
                          "redis_bytes_live": _mean(rows, "live_mid_match"),
                          "redis_bytes_over_before_move": _mean(rows, "over_in_redis"),
                          "redis_bytes_after_move": _mean(rows, "archived_in_redis"),
                          "moved": sum(r["moved"] for r in rows),
                          "archive_bytes_per_match": _mean(rows, "archive_bytes")}
                figures.append(emit(figure))
            archive.forget(keys.namespace)
    return figures


def _size(store: str, url: str, folder: Path):
    if store == "postgresql":
        return _postgres_bytes(url)
    # The WAL holds the latest writes until a checkpoint: count both files.
    return sum(p.stat().st_size for p in folder.glob("archive.sqlite3*"))


def _mean(rows: list, name: str):
    values = [r[name] for r in rows if r[name] is not None]
    return round(sum(values) / len(values)) if values else None


if __name__ == "__main__":
    run()
