"""A match's log as the match service writes and exports it (issue 9): every event carries
its schema version, every batch the cause that produced it (a seat's command, or the
platform's: timeouts, the match's setup), and once the match is over — finished or aborted
— GET /log is public and carries the seed, so that re-executing it reproduces it exactly."""
from __future__ import annotations

import json
import time

from services.cli import main as orrery, parse_ndjson
from services.match.command_path.commands import submit_system
from services.match.verify import verify
from tests.services.match.conftest import mark, new_match

FAR_FUTURE = time.time() + 10 * 365 * 86400


def _log(client, match_id):
    response = client.get(f"/v1/matches/{match_id}/log")
    assert response.status_code == 200, response.get_json()
    return response.data.decode().splitlines()


def _verified(lines):
    events, seed = parse_ndjson(lines, "GET /log")
    verdict = verify(events, seed)
    assert verdict.complete, verdict.not_re_executed
    assert verdict.re_executed == len(events)
    return events


def test_each_batch_records_its_cause_and_each_event_its_schema(client, ctx, ana, bo, ttt):
    assert mark(client, ana, ttt, 4).status_code == 200
    logged = ctx.log.read(ttt)
    assert [e["type"] for e in logged] == ["MatchCreated", "InvitationAccepted",
                                           "GameStarted", "CellMarked"]
    assert [e["schema"] for e in logged] == [1, 1, 1, 2]  # CellMarked is at version 2
    assert logged[0]["cause"] == {"setup": {"by": ana.player_id}}  # Bo is invited
    assert logged[1]["cause"] == {"reply": "accept", "player_id": bo.player_id}
    assert "cause" not in logged[2]  # the setup comes with the last acceptance
    assert logged[3]["cause"] == {"seat": 0, "command": {"type": "mark", "cell": 4},
                                  "source": "http"}
    shown = client.get(f"/v1/matches/{ttt}/events", headers=bo.headers).get_json()["events"]
    assert [e["schema"] for e in shown] == [1, 1, 1, 2]
    assert not any("cause" in e for e in shown)  # a command may name what its seat hides
    assert client.get(f"/v1/matches/{ttt}/log").status_code == 403


def test_a_finished_match_log_carries_the_seed_and_re_executes(client, ctx, ana, bo):
    match_id = new_match(client, ana, [ana, bo], seed=77)
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 2)]:
        assert mark(client, player, match_id, cell).status_code == 200
    lines = _log(client, match_id)
    assert json.loads(lines[0])["seed"] == 77
    assert all("seed" not in json.loads(line) for line in lines[1:])
    _verified(lines)


def test_an_aborted_match_log_is_public_and_re_executes(client, ctx, ana, bo):
    match_id = new_match(client, ana, [ana, bo], game="exordium")
    response = client.post(f"/v1/matches/{match_id}/commands", headers=bo.headers,
                           json={"command": {"type": "abort"}})
    assert response.status_code == 200, response.get_json()
    events = _verified(_log(client, match_id))
    assert events[-1]["type"] == "MatchAborted"
    assert events[-1]["cause"] == {"seat": 1, "command": {"type": "abort"}, "source": "http"}


def test_timeouts_and_reclaims_are_recorded_and_re_execute(client, ctx, ana, bo):
    match_id = new_match(client, ana, [ana, bo],
                         clock={"per_move_seconds": 2, "on_timeout": "bot"})
    version = ctx.log.version(match_id)
    submit_system(ctx, match_id, {"type": "time_out", "seat": 0, "version": version},
                  f"timeout:{version}", now=FAR_FUTURE)
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 2)]:
        assert mark(client, player, match_id, cell).status_code == 200
    events = _verified(_log(client, match_id))
    timed_out = next(e for e in events if e["type"] == "TurnTimedOut")
    assert timed_out["cause"]["system"]["type"] == "time_out"
    assert timed_out["cause"]["now"] == FAR_FUTURE
    reclaimed = next(e for e in events if e["type"] == "SeatReclaimed")
    assert reclaimed["cause"]["command"] == {"type": "mark", "cell": 0}
    # A timeout recorded as decided earlier than its deadline does not re-execute.
    lines = _log(client, match_id)
    early = [json.loads(line) for line in lines]
    early[timed_out["v"] - 1]["cause"]["now"] = 0.0
    events, seed = parse_ndjson([json.dumps(e) for e in early], "tampered")
    try:
        verify(events, seed)
    except Exception as refusal:  # noqa: BLE001
        assert refusal.version == timed_out["v"] and "not yet" in str(refusal)
    else:
        raise AssertionError("a timeout before its deadline was accepted")


def test_an_imported_match_is_served_by_the_api(client, ctx, ana, bo, ttt, tmp_path,
                                                monkeypatch, capsys, redis_url, namespace):
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 2)]:
        mark(client, player, ttt, cell)
    path = tmp_path / "match.ndjson"
    path.write_text("\n".join(_log(client, ttt)) + "\n")
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("ORRERY_NAMESPACE", namespace)
    capsys.readouterr()
    assert orrery(["import", str(path)]) == 0  # its own id is taken: a fresh one
    imported = json.loads(capsys.readouterr().out)
    assert imported["match_id"] != ttt and imported["verified"] is True
    view = client.get(f"/v1/matches/{imported['match_id']}").get_json()
    original = client.get(f"/v1/matches/{ttt}").get_json()
    assert view == {**original, "match_id": imported["match_id"]}
    copied = [json.loads(line) for line in _log(client, imported["match_id"])]
    first = [json.loads(line) for line in _log(client, ttt)]
    assert copied[1:] == first[1:]
    assert copied[0] == {**first[0], "data": {**first[0]["data"],
                                              "match_id": imported["match_id"]}}
