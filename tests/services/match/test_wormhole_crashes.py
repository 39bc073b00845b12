"""A fleet crossing between two tables' logs survives the process carrying it killed (-9) at
each step of the crossing. The jump is a bus command (as a bot's), so one match consumer
process appends the departure, records it as a transfer, publishes its arrival and appends
the arrival; it is killed after the departure's append but before its record, after the
record but before the publish, after the publish but before the record is stamped, after
reading the arrival but before appending it, after appending it but before acknowledging
it, and after seeing it in the receiving log but before settling the record. Another
consumer process takes over (the sweep, and claiming what the dead one held); the
receiving log ends with exactly one arrival, the record is settled, and both logs verify
on their own.

The consumer processes are real (`python -m services.match.bus.consumer`); ORRERY_PAUSE_AT
(shared/infra/faults.py) stops the doomed one exactly at the step, and the test kills it
there. (The same steps with forced conflicts, exceptions and a trimmed bus, in one
process: test_wormhole_exactly_once.py.)"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from services.cli import main as orrery
from services.match.bus.consumer import GROUP
from services.match.wormholes import transfers
from shared.schemas.bus import COMMANDS
from tests.services.match.wormhole_tables import (JUMP, arrivals, create_group, sent_arrivals,
                                                  to_movement)

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.cluster_too  # the crossing on a Redis Cluster as well


@pytest.fixture
def consumers(settings, tmp_path):
    started = []

    def start(name: str, pause_at: str = "") -> subprocess.Popen:
        env = {**os.environ, "REDIS_URL": settings.redis_url,
               "ORRERY_NAMESPACE": settings.namespace, "ORRERY_SECRET": settings.secret,
               "PYTHONPATH": str(ROOT), "ORRERY_PAUSE_AT": pause_at,
               "ORRERY_PAUSE_FILE": str(tmp_path / f"{name}.paused")}
        log = open(tmp_path / f"{name}.log", "wb")
        process = subprocess.Popen([sys.executable, "-m", "services.match.bus.consumer"],
                                   cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        started.append(process)
        return process

    def paused(name: str, timeout: float = 30) -> bool:
        marker = tmp_path / f"{name}.paused"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if marker.exists():
                return True
            time.sleep(0.05)
        return False

    start.paused = paused
    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def _wait_for(condition, timeout: float, what: str) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if condition():
            return time.monotonic() - started
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _departure(ctx, match_id) -> int:
    found = [e["v"] for e in ctx.log.read(match_id) if e["type"] == "FleetDeparted"]
    return found[0] if found else 0


@pytest.mark.parametrize("step", ["wormhole-relay:read",
                                  "wormhole-relay:recorded",
                                  "wormhole-transfer:published",
                                  "commands:wormhole_arrival:before-apply",
                                  "commands:wormhole_arrival:applied",
                                  "wormhole-transfer:arrived"])
def test_a_consumer_killed_mid_transfer_loses_and_duplicates_nothing(
        client, ctx, ana, bo, consumers, step, redis_url, redis_backend, monkeypatch, capsys):
    in_the_jump = step.startswith("wormhole-relay") or step == "wormhole-transfer:published"
    if redis_backend == "redis-cluster" and in_the_jump:
        pytest.skip("on a cluster, the claims of a killed consumer's reads are what differ")
    group = create_group(client, ana, bo)
    sender, receiver = (t["match_id"] for t in group["tables"])
    to_movement(client, ana, bo, sender)
    doomed = consumers("doomed", pause_at=step)
    ctx.bus.publish(COMMANDS, {"match_id": sender, "seat": 0, "command": JUMP,
                               "command_id": "bus-jump"}, key=sender)
    assert consumers.paused("doomed"), "the doomed consumer never reached " + step
    departed = _departure(ctx, sender)
    assert departed, "the departure is appended before any step of the crossing"
    receiver_version = ctx.log.version(receiver)
    expected_before = 1 if step in ("commands:wormhole_arrival:applied",
                                    "wormhole-transfer:arrived") else 0
    assert len(arrivals(ctx, receiver)) == expected_before
    os.kill(doomed.pid, signal.SIGKILL)
    doomed.wait(10)
    cursor = int(ctx.redis.hget(ctx.keys.match_wormhole(sender), "relayed"))
    if step == "wormhole-relay:read":  # not recorded: the cursor did not move
        assert cursor < departed and transfers.record_of(ctx, sender, departed) is None
    else:  # recorded with the cursor's move, and pending until it is in the receiving log
        assert cursor >= departed and transfers.pending(ctx, sender) == [departed]
    if in_the_jump:
        assert len(sent_arrivals(ctx)) == (step == "wormhole-transfer:published")

    consumers("heir")  # claims what the dead one held (pending 3 s), reads what is new
    _wait_for(lambda: len(arrivals(ctx, receiver)) == 1
                      and ctx.bus.pending_count(COMMANDS, GROUP) == 0
                      and not transfers.pending(ctx, sender)
                      and int(ctx.redis.hget(ctx.keys.match_wormhole(sender), "relayed")
                              or 0) >= departed, 30, "the transfer to be taken up")
    time.sleep(1.5)  # anything still to be redelivered would arrive by now
    arrived = arrivals(ctx, receiver)
    assert len(arrived) == 1 and arrived[0]["data"]["transfer_id"] == f"{sender}:{departed}"
    assert transfers.record_of(ctx, sender, departed)["state"] == "arrived"
    if expected_before:
        assert ctx.log.version(receiver) == receiver_version  # the repeat appended nothing
    if step == "wormhole-transfer:published":
        assert len(sent_arrivals(ctx)) >= 2  # published again, arrived once

    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("ORRERY_NAMESPACE", ctx.keys.namespace)
    for match_id in (sender, receiver):
        capsys.readouterr()
        assert orrery(["verify", match_id]) == 0
        assert json.loads(capsys.readouterr().out)["verified"] is True
