"""Every fleet that departs through a wormhole arrives at its table once, whatever goes
wrong between: the receiving append losing all its races, an exception while the arrival
is handled, the bus trimmed before the arrival is read, and the process carrying the
crossing killed between any two of its steps (each step a pause point,
shared/infra/faults.py, where this test's "process" dies).

"They are all altered at the same time" (Asteroids p.18, of the tables of a multi-battle):
a fleet leaves one table and, without fail, is at the other.

A "process" here is a match context built from the settings (its own cache, bus reader
and consumer) that dies by a BaseException raised at the pause point, which no handler
catches; one of the same consumer name takes over with a fresh context, as a restarted
process would, and first takes back the deliveries its predecessor held. (The same
crossing with real processes killed -9: test_wormhole_crashes.py.)"""
from __future__ import annotations

import time

import pytest

from services.match.bus import consumer as consumer_module
from services.match.command_path import platform_commands
from services.match.command_path.commands import ATTEMPTS, submit
from services.match.context import build
from services.match.wormholes import relay as relay_module
from services.match.wormholes import transfers
from shared.eventlog import VersionConflict
from shared.eventlog.bus import Bus
from shared.eventlog.log import EventLog
from shared.games.nexum.board import WORMHOLE
from shared.games.nexum.state import ships_at
from tests.services.match.wormhole_tables import JUMP, arrivals, create_group, to_movement

STEPS = ["wormhole-relay:read",  # the departure appended, not recorded
         "wormhole-relay:recorded",  # recorded (the cursor moved), not published
         "wormhole-transfer:published",  # on the bus, the record not stamped
         "commands:wormhole_arrival:before-apply",  # read from the bus, not appended
         "commands:wormhole_arrival:applied",  # appended, not acknowledged
         "wormhole-transfer:arrived"]  # in the receiving log, the record not settled
FAULTS = ["none", "conflicts", "exception", "trimmed"]


class Killed(BaseException):
    """The process dies here: nothing catches it."""


@pytest.fixture
def faults(monkeypatch):
    """Arm a kill at one pause point and a fault in the crossing; count what happened."""
    armed = {"step": None, "killed": 0, "fault": "none", "left": 0, "injected": 0}

    def pause_point(name):
        if name == armed["step"] and not armed["killed"]:
            armed["killed"] += 1
            raise Killed(name)
    for module in (relay_module, transfers, consumer_module):
        monkeypatch.setattr(module, "pause_point", pause_point)

    write = EventLog.write

    def losing_write(log, batch, then_publish=None, meanwhile=None):
        # Every attempt of the first arrival loses its race: the command path gives up.
        if armed["fault"] == "conflicts" and armed["left"] and \
                (batch.command_id or "").startswith("system:"):
            armed["left"] -= 1
            armed["injected"] += 1
            raise VersionConflict(batch.expected_version, batch.expected_version + 1)
        return write(log, batch, then_publish, meanwhile)
    monkeypatch.setattr(EventLog, "write", losing_write)

    arrival = platform_commands.wormhole_arrival

    def failing_arrival(state, command, chance=None):
        if armed["fault"] == "exception" and armed["left"]:
            armed["left"] -= 1
            armed["injected"] += 1
            raise RuntimeError("an unexpected error while the arrival is decided")
        return arrival(state, command, chance)
    monkeypatch.setattr(platform_commands, "wormhole_arrival", failing_arrival)

    publish = Bus.publish

    def trimming_publish(bus, topic, message, key):
        entry = publish(bus, topic, message, key)
        if armed["fault"] == "trimmed" and armed["left"] and \
                message.get("command", {}).get("type") == "wormhole_arrival":
            armed["left"] -= 1
            armed["injected"] += 1
            for stream in bus.streams(topic):  # the bus's cap reached before it is read
                bus.redis.xtrim(stream, maxlen=0, approximate=False)
        return entry
    monkeypatch.setattr(Bus, "publish", trimming_publish)
    monkeypatch.setattr(transfers, "RETRY_SECONDS", 0.05)
    monkeypatch.setattr(transfers, "RETRY_MAX_SECONDS", 0.2)

    def arm(step, fault):
        armed.update(step=step, fault=fault,
                     left={"conflicts": ATTEMPTS, "exception": 3, "trimmed": 1}.get(fault, 0))
    arm.armed = armed
    return arm


def _process(settings):
    ctx = build(settings)
    consumer = consumer_module.Consumer(ctx, name="match-consumer")
    consumer.sweeper.every = 0.02
    return ctx, consumer


def _departures(ctx, match_id) -> list:
    return [e["v"] for e in ctx.log.read(match_id) if e["type"] == "FleetDeparted"]


def _settled(ctx, tables) -> bool:
    return all(not transfers.pending(ctx, m) for m in tables) and all(
        transfers.record_of(ctx, m, v) is not None for m in tables for v in _departures(ctx, m))


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("step", STEPS + [None])
def test_every_departed_fleet_arrives_exactly_once(client, ctx, ana, bo, settings, faults,
                                                   step, fault):
    group = create_group(client, ana, bo)
    tables = [t["match_id"] for t in group["tables"]]
    for match_id in tables:
        to_movement(client, ana, bo, match_id)
    faults(step, fault)
    # Ana sends a fleet from each table to the other, on the command path of one process
    # (which records and publishes at once, as the API does), killed if it reaches the step.
    process_ctx, process = _process(settings)
    for table, match_id in enumerate(tables):
        try:
            submit(process_ctx, match_id, 0, {**JUMP, "table": 1 - table}, f"jump-{table}")
        except Killed:
            process_ctx, process = _process(settings)
    departed = {m: _departures(ctx, m) for m in tables}
    assert all(len(v) == 1 for v in departed.values()), departed

    # The match consumer (killed in turn if the step is its own) until all is settled.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not _settled(ctx, tables):
        try:
            process.run_once(block_ms=20)
        except Killed:
            process_ctx, process = _process(settings)
    assert _settled(ctx, tables), "the transfers were not all settled"
    for _ in range(10):  # any arrival still on the bus is read, and appends nothing
        process.run_once(block_ms=20)
        time.sleep(0.02)

    armed = faults.armed
    assert armed["killed"] == (step is not None), f"the crossing never reached {step}"
    assert armed["injected"] == {"none": 0, "conflicts": ATTEMPTS, "exception": 3,
                                 "trimmed": 1}[fault]
    for table, match_id in enumerate(tables):
        other = tables[1 - table]
        [version] = departed[match_id]
        arrived = [e["data"]["transfer_id"] for e in arrivals(ctx, other)]
        assert arrived == [f"{match_id}:{version}"], arrived
        record = transfers.record_of(ctx, match_id, version)
        assert record["state"] == "arrived" and record["to_match"] == other
        assert ships_at(ctx.store.load(other).game_state, WORMHOLE, 0) == 1  # the fleet
