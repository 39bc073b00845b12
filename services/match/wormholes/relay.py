"""Multi-battle, step 2 (services/match/wormholes/groups.py tells the whole crossing): departures
from a table's log to transfer records, and their arrivals to the bus.

The log is the outbox: `relay` reads a table's events after its cursor (the `relayed`
field of the table's wormhole hash) and records each departure as a transfer
(services/match/wormholes/transfers.py: its own key, with the receiving table and the
fleet), moving the cursor in the same script; then it publishes the arrival of every
transfer of the table still pending and due, on topic "commands", as the system command
"wormhole_arrival" for the receiving match (keyed by it; its command id is the transfer
id). A crash before the record is healed by the next relay of that table (the cursor did
not move); after it, by the record, which is published again until the arrival is in the
receiving log.

Who relays: the process that appended a departure, at once (`after_append`, from the
command path); and the match consumer's sweep, every second, of the tables whose log is
ahead of their cursor or that have transfers pending (`Sweeper`), which heals a process
that died between any two steps, and an arrival that was refused for a while (lost its
append races, met an exception) or trimmed off the bus.
"""
from __future__ import annotations

import json
import logging
import time

import redis as redis_lib

from services.match.wormholes import transfers
from shared.eventlog.store import MatchNotFound
from shared.infra.faults import pause_point
from shared.games.registry import get_game
from shared.schemas.bus import SYSTEM
from shared.web.errors import IllegalCommand

log = logging.getLogger(__name__)
SWEEP_SECONDS = 1.0
STATUS_SECONDS = 10.0  # how often the sweep drops tables that are over from its set
_GROUPS: dict = {}  # group id -> (engine, match ids by table): a group never changes


def _group(ctx, group_id: str) -> tuple:
    if group_id not in _GROUPS:
        game, tables = ctx.redis.hmget(ctx.keys.battle_group(group_id), "game", "tables")
        _GROUPS[group_id] = (get_game(game.decode()), json.loads(tables))
    return _GROUPS[group_id]


def relay(ctx, match_id: str) -> int:
    """Record the match's departures logged after the relay's cursor as transfers (the
    cursor moves with them), then publish the arrivals of its pending transfers that are
    due; return how many were published (0 for a match of no battle group)."""
    link = ctx.redis.hgetall(ctx.keys.match_wormhole(match_id))
    if not link:
        return 0
    relayed, table = int(link[b"relayed"]), int(link[b"table"])
    events = ctx.log.read(match_id, from_version=relayed)
    if events:
        engine, tables = _group(ctx, link[b"group"].decode())
        departures = []
        for event in events:
            sent = engine.departure(event)
            if sent is not None:
                to_match = tables[sent["table"]]
                departures.append((event["v"], to_match, sent["table"], arrival_command(
                    match_id, event["v"], table, to_match, sent)))
        if departures:
            pause_point("wormhole-relay:read")  # crash tests: departed, not recorded
        transfers.record(ctx, match_id, events[-1]["v"], departures)
        if departures:
            pause_point("wormhole-relay:recorded")  # crash tests: recorded, not published
    return transfers.send_pending(ctx, match_id)


def check_destinations(ctx, state, events: list) -> None:
    """Refuse, before it is appended, a command whose departure goes to a table that cannot
    take it now (still waiting for invited players, or over), rather than lose the fleet
    after. Only the command path asks (verify has no other table to ask, and need not: a
    refused command is never in a log); a table that ends between this check and the
    arrival still refuses it (reported on "rejections")."""
    engine = state.engine
    if engine.departure is None:
        return
    sent = [d for d in (engine.departure(e) for e in events) if d is not None]
    if not sent:
        return
    tables = _tables_of(ctx, state.match_id)
    if tables is None:
        return
    for departure in sent:
        status = _table_status(ctx, tables, departure["table"])
        if status != "active":
            waiting = " (it waits for its invited players)" if status == "invited" else ""
            raise IllegalCommand(f"Table {departure['table']} cannot take a fleet: its match "
                                 f"is {status}{waiting}.")


def _tables_of(ctx, match_id: str):
    """The match ids of the battle group `match_id` belongs to, by table (None: no group)."""
    group = ctx.redis.hget(ctx.keys.match_wormhole(match_id), "group")
    return None if group is None else _group(ctx, group.decode())[1]


def _table_status(ctx, tables: list, table: int) -> str:
    return ctx.store.load(tables[table]).status if 0 <= table < len(tables) else "missing"


def closed_tables(ctx, state) -> frozenset:
    """The tables of the match's battle group that cannot take a fleet now (over, or still
    waiting for invited players): /legal leaves out commands sent to them, which
    `check_destinations` would refuse. Empty for a match of no group."""
    if state.engine.destination is None:
        return frozenset()
    tables = _tables_of(ctx, state.match_id)
    if tables is None:
        return frozenset()
    return frozenset(t for t in range(len(tables)) if _table_status(ctx, tables, t) != "active")


def arrival_command(from_match: str, version: int, from_table: int, to_match: str,
                    sent: dict) -> dict:
    """The bus message (SystemCommandSchema) that makes a departure arrive at `to_match`;
    its transfer id, the sender and the departure's version, is also its command id."""
    transfer_id = transfers.transfer_id(from_match, version)
    return {"source": SYSTEM, "match_id": to_match, "command_id": transfer_id,
            "command": {"type": "wormhole_arrival", "transfer_id": transfer_id,
                        "from_match": from_match, "from_table": from_table,
                        "faction": sent["faction"], "ships": sent["ships"],
                        "energy": sent["energy"], "cards": sent["cards"],
                        "asteroids": sent["asteroids"]}}


def after_append(ctx, state, logged: list) -> None:
    """The command path's relay, right after an append that logged a departure. A failure
    here loses nothing (the sweep relays from the cursor), so it never fails the command."""
    engine = state.engine
    if engine.departure is None or not any(engine.departure(e) for e in logged):
        return
    try:
        relay(ctx, state.match_id)
    except Exception:  # noqa: BLE001 - the command is appended; the sweep takes over
        log.warning("relaying the departures of %s failed; the sweep will", state.match_id,
                    exc_info=True)


class Sweeper:
    """Relays, once a second, every table whose log is ahead of its cursor or that has
    transfers pending (what heals a process that died between any two steps of a crossing,
    and publishes again an arrival not yet in its receiving log), and now and then drops
    from the set it sweeps the tables that are over with nothing left to carry."""

    def __init__(self, ctx, every: float = SWEEP_SECONDS):
        self.ctx, self.every = ctx, every
        self.last = self.checked = 0.0

    def sweep_if_due(self) -> int:
        now = time.monotonic()
        if now - self.last < self.every:
            return 0
        self.last = now
        check = now - self.checked >= STATUS_SECONDS
        if check:
            self.checked = now
        tables = sorted(m.decode() for m in self.ctx.redis.smembers(
            self.ctx.keys.wormhole_matches()))
        published = 0
        for match_id in behind(self.ctx, tables):
            published += self._relay(match_id)
        if check:
            for match_id in tables:
                self._drop_if_over(match_id)
        return published

    def _relay(self, match_id: str) -> int:
        try:
            return relay(self.ctx, match_id)
        except redis_lib.RedisError:
            raise  # transient: the consumer waits and tries again
        except Exception:  # noqa: BLE001 - one broken table must not stop the others
            log.exception("relaying the departures of %s failed", match_id)
            return 0

    def _drop_if_over(self, match_id: str) -> None:
        try:
            over = self.ctx.store.load(match_id).status not in ("active", "invited")
        except MatchNotFound:
            return  # its group is being created: the table is not written yet
        if over and not behind(self.ctx, [match_id]):
            self.ctx.redis.srem(self.ctx.keys.wormhole_matches(), match_id)


def behind(ctx, tables: list) -> list:
    """The tables whose log has events the relay has not read, or that have transfers not
    yet settled: one pipelined round trip (each table's cursor, log length and pending
    transfers) for all of them."""
    pipe = ctx.redis.pipeline(transaction=False)
    for match_id in tables:
        pipe.hget(ctx.keys.match_wormhole(match_id), "relayed")
        pipe.xlen(ctx.keys.events(match_id))
        pipe.scard(ctx.keys.wormhole_pending(match_id))
    replies = pipe.execute()
    return [match_id for match_id, relayed, length, waiting
            in zip(tables, replies[::3], replies[1::3], replies[2::3])
            if relayed is not None and (int(length) > int(relayed) or waiting)]
