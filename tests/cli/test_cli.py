"""`orrery export | import | replay` against a real Redis, through `main(argv)`, over logs
without recorded commands (random playouts): import folds them and says they were not
re-executed. Re-execution is tests/cli/test_verify.py's."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.cli.conftest import keys_of
from tests.contract.playouts import play, positions, registered_games

GAMES = [name for name, _ in registered_games()]
ALL_VERSIONS_UP_TO = 30   # every version of a log this long is compared; of a longer one,
SAMPLED_VERSIONS = 4      # a seeded sample (each replay folds the log: quadratic in all; the
                          # first and last versions are always among them)
ROOT = Path(__file__).resolve().parents[2]


def _logged(event_log, name, seed):
    match_id = uuid.uuid4().hex
    game = dict(registered_games())[name]
    playout = play(name, game.spec.min_players, seed, match_id=match_id)
    event_log.append(match_id, playout.events, 0)
    return match_id, playout


def _replay(orrery, *argv):
    code, out, err = orrery("replay", *argv)
    assert code == 0, err
    return json.loads(out)


def _keys_of(redis_client, namespace):
    return keys_of(redis_client, namespace)


@pytest.mark.parametrize("name", GAMES)
def test_export_import_replay_round_trip(orrery, event_log, tmp_path, name):
    """Long for Exile Sun, up to ~45 s (its random match runs to over a thousand events,
    exported, imported, verified and replayed by the CLI, each in a process of its own)."""
    match_id, playout = _logged(event_log, name, seed=11)
    exported = tmp_path / "match.ndjson"
    assert orrery("export", match_id, "-o", str(exported))[0] == 0
    lines = [json.loads(line) for line in exported.read_text().splitlines()]
    assert lines == event_log.read(match_id)  # straight from Redis, unredacted
    assert [line["v"] for line in lines] == list(range(1, len(playout.events) + 1))

    copy_id = uuid.uuid4().hex
    code, out, err = orrery("import", str(exported), "--match-id", copy_id)
    assert code == 0, err
    answer = json.loads(out)
    assert answer["match_id"] == copy_id and answer["version"] == len(lines)
    assert answer["verified"] is False and "not re-executed" in answer["not_re_executed"]
    copied = event_log.read(copy_id)
    assert [(e["type"], e["data"]) for e in copied[1:]] == \
        [(e["type"], e["data"]) for e in lines[1:]]
    assert copied[0]["data"] == {**lines[0]["data"], "match_id": copy_id}
    assert [e["at"] for e in copied] == [e["at"] for e in lines]

    seats = [None, *range(playout.seats)]
    # The copy's events equal the original's (checked above); replaying both through the CLI
    # at every version (a sample of a long log) checks that nothing else differs.
    sample = set(positions(len(lines), SAMPLED_VERSIONS, long_log=ALL_VERSIONS_UP_TO))
    for version in (i + 1 for i in sorted(sample | {0, len(lines) - 1})):
        for seat in seats:
            extra = ["--version", str(version)] + ([] if seat is None else ["--seat", str(seat)])
            original = _replay(orrery, match_id, *extra)
            copy = _replay(orrery, copy_id, *extra)
            from_file = _replay(orrery, str(exported), *extra)
            assert original == from_file
            assert copy == {**original, "match_id": copy_id}
            assert original["version"] == version
            live = playout.states[version - 1]
            if version > 1:
                assert original["view"] == playout.game.view(live.game_state, seat)
                assert original["to_act"] == list(live.to_act())
    latest = _replay(orrery, match_id)
    assert latest["status"] == "finished" and latest["outcome"] is not None
    assert latest["version"] == len(lines)


@pytest.mark.cluster_too  # `orrery` given a cluster node's URL
def test_export_to_stdout_and_import_under_its_own_id(orrery, event_log, redis_client,
                                                      namespace, tmp_path):
    match_id, _ = _logged(event_log, "tictactoe", seed=2)
    code, out, _ = orrery("export", match_id)
    assert code == 0 and len(out.splitlines()) == event_log.version(match_id)
    source = tmp_path / "m.ndjson"
    source.write_text(out)
    before = _keys_of(redis_client, namespace)
    code, out, err = orrery("import", str(source))  # the id it names exists already
    assert code == 0, err
    fresh = json.loads(out)
    assert fresh["match_id"] != match_id and fresh["imported_from"] == match_id
    assert event_log.read(fresh["match_id"])[0]["data"]["match_id"] == fresh["match_id"]
    code, _, err = orrery("import", str(source), "--match-id", match_id)  # asked for: refused
    assert code == 1 and "already exists" in err
    assert _keys_of(redis_client, namespace) == sorted(
        before + [event_log.keys.events(fresh["match_id"]).encode()])
    redis_client.delete(*_keys_of(redis_client, namespace))
    code, out, err = orrery("import", str(source))
    assert code == 0, err
    assert json.loads(out)["match_id"] == match_id
    assert [e["data"] for e in event_log.read(match_id)] == \
        [json.loads(line)["data"] for line in source.read_text().splitlines()]


def _tampered(tmp_path, lines, name):
    path = tmp_path / name
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _tamperings(lines):
    swapped = [dict(e) for e in lines]
    swapped[2], swapped[3] = swapped[3], swapped[2]
    gap = [dict(e) for e in lines[:3]] + [dict(e) for e in lines[4:]]
    unknown = [dict(e) for e in lines]
    unknown[4] = {**unknown[4], "type": "MarkerPainted"}
    late_creation = [dict(e) for e in lines]
    late_creation[3] = {**lines[0], "v": 4}
    no_creation = [{**e, "v": v} for v, e in enumerate(lines[1:], 1)]
    wrong_game = [dict(e) for e in lines]
    wrong_game[0] = {**lines[0], "data": {**lines[0]["data"], "game": "chess"}}
    bad_data = [dict(e) for e in lines]
    bad_data[4] = {**bad_data[4], "data": {}}
    return {
        "versions out of order": (swapped, "bad version order"),
        "a version missing": (gap, "bad version order"),
        "unknown event type": (unknown, "unknown event type 'MarkerPainted'"),
        "MatchCreated twice": (late_creation, "MatchCreated"),
        "no MatchCreated": (no_creation, "MatchCreated"),
        "unknown game": (wrong_game, "does not host"),
        "event data missing": (bad_data, "does not replay: missing"),
    }


@pytest.mark.cluster_too  # `orrery` given a cluster node's URL
@pytest.mark.parametrize("case", list(_tamperings([{"data": {}}] * 6)))
def test_a_tampered_log_is_refused_and_writes_nothing(orrery, event_log, redis_client,
                                                      namespace, tmp_path, case):
    match_id, _ = _logged(event_log, "tictactoe", seed=5)
    lines = event_log.read(match_id)
    tampered, says = _tamperings(lines)[case]
    path = _tampered(tmp_path, tampered, "tampered.ndjson")
    before = _keys_of(redis_client, namespace)
    copy_id = uuid.uuid4().hex
    code, out, err = orrery("import", str(path), "--match-id", copy_id)
    assert code == 1 and out == ""
    assert says in err, err
    assert _keys_of(redis_client, namespace) == before
    assert event_log.version(copy_id) == 0
    code, _, err = orrery("replay", str(path))
    assert code == 1 and says in err


@pytest.mark.parametrize("content,says", [
    ("not json\n", "is not JSON"),
    ('{"v": 1}\n', "not a logged event"),
    ("", "holds no events"),
    ('[1, 2]\n', "not a logged event"),
])
def test_malformed_files_are_refused(orrery, tmp_path, redis_client, namespace, content, says):
    path = tmp_path / "bad.ndjson"
    path.write_text(content)
    code, _, err = orrery("import", str(path), "--match-id", "x")
    assert code == 1 and says in err
    assert _keys_of(redis_client, namespace) == []


def test_refusals_say_why(orrery, event_log, tmp_path):
    match_id, playout = _logged(event_log, "tictactoe", seed=1)
    code, _, err = orrery("export", "no-such-match")
    assert code == 1 and "no match" in err
    code, _, err = orrery("replay", match_id, "--version", "99")
    assert code == 1 and "version must be between 1 and" in err
    code, _, err = orrery("replay", match_id, "--seat", "5")
    assert code == 1 and "seat must be between 0 and 1" in err
    code, _, err = orrery("import", str(tmp_path / "missing.ndjson"))
    assert code == 1 and "cannot read" in err
    exported = tmp_path / "m.ndjson"
    orrery("export", match_id, "-o", str(exported))
    for bad in ("has{braces}", "copy-" + match_id, match_id.upper(), match_id[:-1]):
        code, _, err = orrery("import", str(exported), "--match-id", bad)
        assert code == 1 and "not one the API serves" in err
        assert event_log.version(bad) == 0


def test_replay_at_version_one_is_before_setup(orrery, event_log):
    match_id, _ = _logged(event_log, "tictactoe", seed=1)
    state = _replay(orrery, match_id, "--version", "1")
    assert state == {"match_id": match_id, "game": "tictactoe", "version": 1,
                     "status": "active", "to_act": [], "seat": None, "view": None,
                     "outcome": None}


@pytest.mark.cluster_too  # `orrery` given a cluster node's URL
def test_console_script(redis_url, namespace, event_log, tmp_path):
    script = ROOT / ".venv" / "bin" / "orrery"
    if not script.exists():
        pytest.skip("the `orrery` console script is not installed (pip install -e .)")
    match_id, playout = _logged(event_log, "tictactoe", seed=4)
    env = {**os.environ, "REDIS_URL": redis_url, "ORRERY_NAMESPACE": namespace}
    done = subprocess.run([str(script), "replay", match_id, "--seat", "0"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["version"] == len(playout.events)


def test_module_entry_point(redis_url, namespace, event_log):
    """`python -m services.cli` works wherever the console script is not installed."""
    match_id, playout = _logged(event_log, "tictactoe", seed=4)
    env = {**os.environ, "REDIS_URL": redis_url, "ORRERY_NAMESPACE": namespace}
    done = subprocess.run([sys.executable, "-m", "services.cli", "export", match_id], env=env,
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == len(playout.events)


def test_redis_is_found_as_make_run_finds_it(orrery, event_log, redis_url, monkeypatch):
    """Without REDIS_URL the CLI takes the Redis answering on 127.0.0.1:6379, as `make run`
    does (shared/infra/redis_server.resolve; its other branches are tested there)."""
    from shared.infra.redis_server import DEFAULT_URL
    if redis_url != DEFAULT_URL:
        pytest.skip("the test Redis is not the one on 127.0.0.1:6379")
    match_id, playout = _logged(event_log, "tictactoe", seed=3)
    monkeypatch.delenv("REDIS_URL")
    code, out, err = orrery("export", match_id)
    assert code == 0, err
    assert len(out.splitlines()) == len(playout.events)
