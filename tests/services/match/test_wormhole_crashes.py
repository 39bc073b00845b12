"""A fleet crossing between two tables' logs survives the process carrying it killed (-9) at
each step of the crossing. The jump is a bus command (as a bot's), so one match consumer
process appends the departure, relays it and appends the arrival; it is killed after the
departure's append but before its publish, after the publish but before the relay's cursor
moved, after reading the arrival but before appending it, and after appending it but
before acknowledging it. Another consumer process takes over (the sweep, and claiming what
the dead one held); the receiving log ends with exactly one arrival, and both logs verify
on their own.

The consumer processes are real (`python -m services.match.bus.consumer`); ORRERY_PAUSE_AT
(shared/infra/faults.py) stops the doomed one exactly at the step, and the test kills it there."""
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


@pytest.mark.parametrize("step", ["wormhole-relay:before-publish",
                                  "wormhole-relay:published",
                                  "commands:wormhole_arrival:before-apply",
                                  "commands:wormhole_arrival:applied"])
def test_a_consumer_killed_mid_transfer_loses_and_duplicates_nothing(
        client, ctx, ana, bo, consumers, step, redis_url, redis_backend, monkeypatch, capsys):
    if redis_backend == "redis-cluster" and step.startswith("wormhole-relay"):
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
    expected_before = 1 if step.endswith(":applied") else 0
    assert len(arrivals(ctx, receiver)) == expected_before
    os.kill(doomed.pid, signal.SIGKILL)
    doomed.wait(10)
    if step.startswith("wormhole-relay"):  # the cursor did not move: it will publish again
        assert int(ctx.redis.hget(ctx.keys.match_wormhole(sender), "relayed")) < departed
        assert len(sent_arrivals(ctx)) == (step == "wormhole-relay:published")

    consumers("heir")  # claims what the dead one held (pending 3 s), reads what is new
    _wait_for(lambda: len(arrivals(ctx, receiver)) == 1
                      and ctx.bus.pending_count(COMMANDS, GROUP) == 0
                      and int(ctx.redis.hget(ctx.keys.match_wormhole(sender), "relayed")
                              or 0) >= departed, 30, "the transfer to be taken up")
    time.sleep(1.5)  # anything still to be redelivered would arrive by now
    arrived = arrivals(ctx, receiver)
    assert len(arrived) == 1 and arrived[0]["data"]["transfer_id"] == f"{sender}:{departed}"
    if step.endswith(":applied"):
        assert ctx.log.version(receiver) == receiver_version  # the repeat appended nothing
    if step == "wormhole-relay:published":
        assert len(sent_arrivals(ctx)) == 2  # published twice, arrived once

    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("ORRERY_NAMESPACE", ctx.keys.namespace)
    for match_id in (sender, receiver):
        capsys.readouterr()
        assert orrery(["verify", match_id]) == 0
        assert json.loads(capsys.readouterr().out)["verified"] is True
