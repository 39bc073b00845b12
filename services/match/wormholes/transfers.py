"""Multi-battle, the transfer records: one per departure, kept until its fleet is in the
receiving table's log (services/match/wormholes/groups.py tells the whole crossing).

A departure is recorded once the relay reads it (`record`, one script on the sending
match's slot that also moves the relay's cursor past it): its own key, holding the
receiving match and table and the arrival command that carries the fleet, and its version
in the sending match's set of pending transfers. From then on the record, not the bus, is
what keeps the fleet: `send_pending` publishes its arrival on topic "commands" and
publishes it again, later and later, until the arrival is in the receiving log, whatever
happened to the message before (lost the receiver's append races, met an exception, was
trimmed off the bus, or the process carrying it died). It is settled (taken out of the
pending set) only when the receiving log holds the arrival ("arrived") or the receiving
table has ended without it and never can take it ("refused", with why).

The receiving append is conditional on the transfer id: the arrival's command id is
"system:<transfer id>", which the append script writes with the events and refuses to
append twice; and the engine refuses a transfer id its state has seen. So publishing
again is always harmless, and a fleet arrives once.

A Redis Cluster cannot append to one table's log and settle another table's record in
one script (two slots), so nothing here needs that: each step is idempotent, recorded,
and repeated from the record until it is settled.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

from shared.eventlog.store import MatchNotFound
from shared.infra.cluster_client import replication
from shared.infra.faults import pause_point
from shared.schemas.bus import COMMANDS

RETRY_SECONDS = 2.0  # after a publish, how long before the arrival is published again
RETRY_MAX_SECONDS = 30.0  # the longest wait between two publishes (it doubles until then)
TAKING = ("active", "invited")  # the statuses of a table that may still take a fleet
_RECORD = (Path(__file__).with_name("record.lua")).read_text()


def transfer_id(from_match: str, version: int) -> str:
    """A departure's transfer id: the sending match and the departure's version."""
    return f"{from_match}:{version}"


def arrival_key(transfer: str) -> str:
    """The command id an arrival is appended under in the receiving log."""
    return f"system:{transfer}"


def record(ctx, match_id: str, cursor: int, departures: list) -> int:
    """Record `departures` ([(version, to_match, to_table, arrival command)]) as pending
    transfers and move the relay's cursor to `cursor`, in one script; a departure recorded
    before is left as it is. Returns how many records it was given."""
    keys = [ctx.keys.match_wormhole(match_id), ctx.keys.wormhole_pending(match_id)]
    args = [cursor, repr(time.time())]
    for version, to_match, to_table, command in departures:
        keys.append(ctx.keys.wormhole_transfer(match_id, version))
        args += [version, to_match, to_table, json.dumps(command, separators=(",", ":"))]
    # Made per call (a departure is rare): a cache keyed by client would keep every client
    # it saw, with its connections, alive.
    script, replicated = ctx.redis.register_script(_RECORD), replication(ctx.redis)
    if replicated is None:
        return script(keys=keys, args=args)
    # On a Redis Cluster the record returns once a replica has it, as an append does.
    [reply] = replicated.run(keys[0], lambda pipe: script(keys=keys, args=args, client=pipe))
    return reply


def pending(ctx, match_id: str) -> list:
    """The versions of the match's departures whose transfer is not settled, oldest first."""
    return sorted(int(v) for v in ctx.redis.smembers(ctx.keys.wormhole_pending(match_id)))


def record_of(ctx, match_id: str, version: int) -> Optional[dict]:
    """The transfer record of the match's departure at `version` (None if none), decoded."""
    raw = ctx.redis.hgetall(ctx.keys.wormhole_transfer(match_id, version))
    if not raw:
        return None
    out = {k.decode(): v.decode() for k, v in raw.items()}
    out["command"] = json.loads(out["command"])
    for name in ("version", "to_table", "attempts"):
        out[name] = int(out[name])
    out["next_at"] = float(out["next_at"])
    return out


def send_pending(ctx, match_id: str, now: Optional[float] = None) -> int:
    """Settle each pending transfer of the match whose outcome is known, publish the
    arrival of each other that is due; return how many were published."""
    published = 0
    for version in pending(ctx, match_id):
        published += _advance(ctx, match_id, version, time.time() if now is None else now)
    return published


def _advance(ctx, match_id: str, version: int, now: float) -> int:
    rec = record_of(ctx, match_id, version)
    if rec is None:  # a set member without its record: nothing left to carry
        ctx.redis.srem(ctx.keys.wormhole_pending(match_id), version)
        return 0
    to_match = rec["to_match"]
    # The status first, then the log: a table seen over whose log lacks the arrival can
    # never take it (an ended match appends no arrival), whereas the other order could
    # miss an arrival appended just before the table ended.
    status = _status(ctx, to_match)
    arrived = ctx.log.command_result(to_match, arrival_key(transfer_id(match_id, version)))
    if arrived is not None:
        pause_point("wormhole-transfer:arrived")  # crash tests: arrived, not settled
        _settle(ctx, match_id, version, state="arrived", arrived_at=arrived.first_version)
        return 0
    if status not in TAKING:
        _settle(ctx, match_id, version, state="refused",
                reason=f"table {rec['to_table']} is {status}")
        return 0
    if now < rec["next_at"]:
        return 0
    command = rec["command"]
    ctx.bus.publish(COMMANDS, command, key=command["match_id"])
    pause_point("wormhole-transfer:published")  # crash tests: on the bus, not stamped
    wait = min(RETRY_MAX_SECONDS, RETRY_SECONDS * 2 ** rec["attempts"])
    ctx.redis.hset(ctx.keys.wormhole_transfer(match_id, version),
                   mapping={"attempts": rec["attempts"] + 1, "next_at": repr(now + wait)})
    return 1


def _settle(ctx, match_id: str, version: int, **outcome) -> None:
    """Write the outcome on the record, then take it out of the pending set (a crash
    between the two settles it again on the next pass, to the same outcome)."""
    ctx.redis.hset(ctx.keys.wormhole_transfer(match_id, version),
                   mapping={**outcome, "settled_at": repr(time.time())})
    ctx.redis.srem(ctx.keys.wormhole_pending(match_id), version)


def _status(ctx, match_id: str) -> str:
    try:
        return ctx.store.load(match_id).status
    except MatchNotFound:
        return "missing"
