"""The archive (issue 25): a match that is over moves from Redis to the archive after a
delay, and every read of it (the view, /events, /replay, /log, a retried command id,
export, verify, leaderboard rebuilds and analysis) answers as before; the move deletes
nothing from Redis before the archive holds the log, verified; a mover killed between any
two of its steps loses and duplicates nothing, and the next run finishes the move.

Every test runs on PostgreSQL (ORRERY_TEST_ARCHIVE_URL, default the machine's on
127.0.0.1:5432, database test) and on an SQLite file (the default store)."""
from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from services.bot import analysis as computing
from services.cli import main as orrery
from services.match.api.app import create_app
from services.matchmaking import context as matchmaking_context
from services.matchmaking.rebuild import finished_results
from shared.eventlog.archive.mover import Mover, mark_over
from shared.eventlog.archive.stores import open_archive
from shared.eventlog.log import VersionConflict
from shared.eventlog.store import reader_parts
from tests.services.match.conftest import mark, new_match

ROOT = Path(__file__).resolve().parents[3]
POSTGRES = os.environ.get("ORRERY_TEST_ARCHIVE_URL", "postgresql://postgres@127.0.0.1:5432/test")
WIN = [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]  # seat, cell: Ana (X) wins on the top row
PAUSES = ("archive:due", "archive:copying", "archive:copied", "archive:verified",
          "archive:deleted")


@pytest.fixture(params=["postgresql", "sqlite"])
def archive_url(request, tmp_path, namespace):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'archive.sqlite3'}"
    else:
        try:
            psycopg.connect(POSTGRES, connect_timeout=3).close()
        except psycopg.OperationalError as error:
            pytest.skip(f"PostgreSQL is unreachable at {POSTGRES}: {error}")
        url = POSTGRES
    yield url
    open_archive(url).forget(namespace)


@pytest.fixture
def app(settings, archive_url):
    return create_app(dataclasses.replace(settings, test_seeds=True, archive_url=archive_url,
                                          archive_after_seconds=0))


@pytest.fixture
def cli_env(monkeypatch, redis_url, namespace, archive_url):
    env = {"REDIS_URL": redis_url, "ORRERY_NAMESPACE": namespace,
           "ORRERY_ARCHIVE_URL": archive_url, "ORRERY_ARCHIVE_AFTER_SECONDS": "0"}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return dict(os.environ, **env)


def finished(client, ana, bo) -> str:
    match_id = new_match(client, ana, [ana, bo], seed=77)
    for i, (seat, cell) in enumerate(WIN):
        response = mark(client, (ana, bo)[seat], match_id, cell, command_id=f"c-{i}")
        assert response.status_code == 200, response.get_json()
    return match_id


def reads(client, match_id, ana, bo) -> dict:
    """Everything a client can read of the match, as the bytes served."""
    out = {"view": client.get(f"/v1/matches/{match_id}").data,
           "log": client.get(f"/v1/matches/{match_id}/log").data,
           "retry": mark(client, ana, match_id, 2, command_id="c-4").data}
    for who, headers in (("ana", ana.headers), ("bo", bo.headers), ("anyone", {})):
        out[f"events-{who}"] = client.get(f"/v1/matches/{match_id}/events?after=2&limit=3",
                                          headers=headers).data
    for version in (1, 4, 8):
        out[f"replay-{version}"] = client.get(
            f"/v1/matches/{match_id}/replay?version={version}").data
    return out


def redis_keys(ctx, match_id) -> dict:
    k = ctx.keys
    names = {"events": k.events(match_id), "commands": k.command_results(match_id),
             "meta": k.meta(match_id), "snapshot": k.snapshot(match_id)}
    return {name: bool(ctx.redis.exists(key)) for name, key in names.items()}


def test_an_archived_match_reads_as_it_did_from_redis(client, ctx, ana, bo, settings,
                                                       archive_url, cli_env, capsys):
    match_id = finished(client, ana, bo)
    before = reads(client, match_id, ana, bo)
    assert json.loads(before["log"].splitlines()[0])["seed"] == 77
    assert json.loads(before["retry"])["version"] == 8  # the first answer to c-4
    report = computing.analyse(match_id, ctx.log.read(match_id))
    ratings = finished_results(matchmaking_context.build(ctx.settings))
    assert [r.match_id for r in ratings["tictactoe"]] == [match_id]

    moved = Mover(ctx.redis, ctx.keys, ctx.log.archive, after_seconds=0).run()
    assert moved.moved == [match_id] and not moved.left
    assert redis_keys(ctx, match_id) == dict.fromkeys(("events", "commands", "meta",
                                                       "snapshot"), False)
    assert ctx.log.where(match_id) == "archive"
    ctx.store.forget(match_id)  # no warm state: the reads fold the archived log
    assert reads(client, match_id, ana, bo) == before
    assert redis_keys(ctx, match_id)["events"] is False  # reading put nothing back
    assert ctx.log.version(match_id) == 8
    # Analysis (the bot service's log) and leaderboard rebuilds read it too.
    bots = reader_parts(ctx.settings, cache_size=4)
    assert computing.analyse(match_id, bots["log"].read(match_id)) == report
    assert finished_results(matchmaking_context.build(ctx.settings)) == ratings
    # The CLI: export is the /log, verify re-executes it, import may not reuse its id.
    assert orrery(["export", match_id]) == 0
    assert capsys.readouterr().out.encode() == before["log"]
    assert orrery(["verify", match_id]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] is True
    with pytest.raises(VersionConflict):
        ctx.log.restore(match_id, ctx.log.read(match_id))
    assert not ctx.redis.exists(ctx.keys.events(match_id))


def test_only_matches_over_for_the_delay_move_and_orrery_archive_moves_them_now(
        client, ctx, ana, bo, cli_env, capsys):
    over = finished(client, ana, bo)
    playing = new_match(client, ana, [ana, bo])
    mark_over(ctx.redis, ctx.keys, playing)  # marked in error: stays, leaves the index
    clock = [time.time()]
    mover = Mover(ctx.redis, ctx.keys, ctx.log.archive, after_seconds=3600,
                  clock=lambda: clock[0])
    assert mover.due() == [] and mover.run().moved == []
    clock[0] += 3601
    assert set(mover.due()) == {over, playing}
    report = mover.run()
    assert report.moved == [over] and report.left == {playing: "not over (active)"}
    assert mover.due() == []
    assert ctx.log.where(over) == "archive" and ctx.log.where(playing) == "redis"
    # `orrery archive` at once, by the delay it is given (0 here), and --all regardless.
    second = finished(client, ana, bo)
    assert orrery(["archive"]) == 0
    assert json.loads(capsys.readouterr().out)["moved"] == 1
    assert ctx.log.where(second) == "archive"


def test_a_copy_that_reads_back_differently_deletes_nothing(client, ctx, ana, bo,
                                                            monkeypatch):
    match_id = finished(client, ana, bo)
    archive = ctx.log.archive
    real = type(archive).entries
    monkeypatch.setattr(type(archive), "entries",
                        lambda self, *a, **kw: real(self, *a, **kw)[:-1])
    report = Mover(ctx.redis, ctx.keys, archive, after_seconds=0).run()
    assert report.left == {match_id: "archive copy differs: 7 events archived "
                                     "(8 recorded), 8 in Redis"}
    kept = redis_keys(ctx, match_id)
    assert kept["events"] and kept["commands"] and kept["meta"]
    monkeypatch.undo()
    assert Mover(ctx.redis, ctx.keys, archive, after_seconds=0).run().moved == [match_id]


def test_a_match_over_before_the_archive_existed_is_found_by_a_scan(client, ctx, ana, bo,
                                                                    cli_env, capsys):
    match_id = finished(client, ana, bo)
    for key in ctx.keys.archive_due_shards():
        ctx.redis.delete(key)
    assert orrery(["archive", "--all"]) == 0
    assert json.loads(capsys.readouterr().out)["moved"] == 0
    assert orrery(["archive", "--all", "--scan"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["marked"] == 1 and out["moved"] == 1
    assert ctx.log.where(match_id) == "archive"


def _wait_for(path: Path, process, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the mover never reached its pause point"
        time.sleep(0.05)


def test_a_mover_killed_between_any_two_steps_loses_and_duplicates_nothing(
        client, ctx, ana, bo, cli_env, tmp_path):
    """Starts `orrery archive` once per pause point and once more to finish (about 1-2 s
    of imports each, on two stores): over 30 s on a loaded machine."""
    for point in PAUSES:
        match_id = finished(client, ana, bo)
        before = reads(client, match_id, ana, bo)
        marker = tmp_path / f"paused-{point}"
        process = subprocess.Popen(
            [sys.executable, "-m", "services.cli", "archive", "--all"], cwd=ROOT,
            env=dict(cli_env, ORRERY_PAUSE_AT=point, ORRERY_PAUSE_FILE=str(marker)),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            _wait_for(marker, process)
            ctx.store.forget(match_id)
            assert reads(client, match_id, ana, bo) == before, point  # while it is stopped
        finally:
            process.send_signal(signal.SIGKILL)
            process.communicate()
        ctx.store.forget(match_id)
        assert reads(client, match_id, ana, bo) == before, point  # after the crash
        assert ctx.log.version(match_id) == 8, point
        done = subprocess.run([sys.executable, "-m", "services.cli", "archive", "--all"],
                              cwd=ROOT, env=cli_env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["left"] == {}, point
        assert not any(redis_keys(ctx, match_id).values()), point
        record = ctx.log.archive.record(ctx.keys.namespace, match_id)
        assert record.done and record.events == 8, point
        entries = ctx.log.archive.entries(ctx.keys.namespace, match_id)
        assert [v for v, _ in entries] == list(range(1, 9)), point
        ctx.store.forget(match_id)
        assert reads(client, match_id, ana, bo) == before, point
    assert Mover(ctx.redis, ctx.keys, ctx.log.archive, after_seconds=0).due() == []
