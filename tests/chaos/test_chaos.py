"""Chaos (issue 14, item 7): kill -9 each process kind of `make run` under load, and
kill -9 Redis (AOF) mid-load; the launcher heals the stack with no hand touching it.

Afterwards every acknowledged command is in its log exactly once, every bot turn was
played (once: the log's expected version admits one command per version), every deadline
was handled once, and the stack serves a new match, a clocked match and a ticket. Recovery
times are printed (run with -s to see them; `make bench` measures them too).
"""
from __future__ import annotations

import time

import pytest

from services.match.command_path.commands import command_key
from tests.chaos.chaos import (Load, Player, bot_reply_time, deadline_time, kill_each_and_redis,
                               probe_time, ticket_time)
from tests.chaos.stack import Stack

pytestmark = pytest.mark.timeout(900)


def _assert_logs_hold(stack: Stack, load: Load, prober: Player) -> None:
    log = stack.log()
    for match_id, command_ids in load.acked.items():
        events = log.read(match_id)
        for command_id in command_ids:
            assert log.command_result(match_id, command_key(0, command_id)) is not None
        marks = [e["data"]["seat"] for e in events if e["type"] == "CellMarked"]
        assert marks.count(0) == len(set(command_ids)), match_id  # each acked once, no other
        assert marks == [i % 2 for i in range(len(marks))], match_id  # every bot turn, once
        match = prober.call("get", f"/v1/matches/{match_id}").json()
        assert not (match["status"] == "active" and 1 in match["to_act"]), (
            f"match {match_id} waits on its bot at version {match['version']}: "
            f"{[e['type'] for e in events]}; see {stack.workdir / 'launcher.log'}")
    for match_id in load.clocked:
        types = [e["type"] for e in log.read(match_id)]
        assert types.count("TurnTimedOut") == 1 and types.count("SeatForfeited") == 1, types


@pytest.fixture
def stack(tmp_path):
    stack = Stack(tmp_path)
    stack.start_redis()
    stack.start()
    yield stack
    stack.stop()


def test_killing_each_process_and_redis_under_load_loses_and_repeats_nothing(stack):
    """Long (about a minute): every process kind of `make run` and then Redis is killed in
    turn under load, and each must be serving again before the next kill."""
    load = Load(stack)
    prober = Player(stack, "prober")
    baseline = {kind: probe_time(kind, prober) for kind in ("match-api", "turns-beat",
                                                        "matchmaking-loop")}
    load.start()
    recovery = kill_each_and_redis(stack, prober)
    load.finish()
    print("\nchaos recovery (kill -9 under load; seconds: restarted by the launcher, "
          "work of that kind served again after the kill, probe latency)")
    for kind, (restart, served, probe) in recovery.items():
        restarted = "    -" if restart is None else f"{restart:5.2f}"
        print(f"  {kind:24s} restarted {restarted}  served again {served:6.2f}  "
              f"probe {probe:5.2f}")
    print("  baseline probes: " + ", ".join(f"{k} {v:.2f}" for k, v in baseline.items()))
    # Let every match in flight settle (bots answer, clocks run out), then judge the logs.
    time.sleep(8)
    _assert_logs_hold(stack, load, prober)
    assert sum(len(ids) for ids in load.acked.values()) > 20 and load.clocked
    # The stack serves again, untouched: a new match, a clocked one, a ticket.
    assert bot_reply_time(prober) < 10 and deadline_time(prober) < 10
    assert ticket_time(prober) < 15
