"""Multi-battle: battle groups of linked matches ("tables"), and the fleets that cross from
one table's log to another's through their wormholes, exactly once.

A battle group is created with all its tables at once (`create_group`, POST
/v1/battle-groups): each table is an ordinary match whose options say it is table i of n
(`multi_battle`, `battle_table`, `battle_tables`), so each log replays and verifies on its
own. Keys (shared/eventlog/keys.py): the group's hash (game, match ids by table), each
table's wormhole hash (group, table, `relayed`: the relay's cursor) and the set of tables
whose departures the sweep still relays.

A fleet crosses in three steps, each repeated, never skipped, by a crash:

1. A seat's `jump` appends FleetDeparted to the sender's log (the ordinary command path).
2. The relay (services/match/wormholes/relay.py) reads the sender's log after its cursor
   and records each departure as a transfer (services/match/wormholes/transfers.py: a key
   of its own on the sender's slot, with the receiving table and the fleet), moving the
   cursor in the same script; then it publishes each pending transfer's arrival on topic
   "commands" as the system command "wormhole_arrival" for the receiving match, whose
   command id is the transfer id (the sender's match id and the departure's version). The
   process that appended a departure relays at once; the match consumer sweeps every
   second the tables with departures not recorded or transfers not settled.
3. The match consumer (services/match/bus/consumer.py) submits it on the receiver's command
   path like any system command. The append is conditional on the transfer id: a
   departure published twice, or delivered again after a consumer died, meets its command
   id in the receiver's append script and appends nothing (and the engine refuses a
   transfer that already arrived). Whatever becomes of one publication (the append loses
   its races, an exception, the bus trimmed, a process killed), the record is published
   again until the arrival is in the receiving log; only then is it settled. At-least-once
   delivery from a durable record plus an idempotent arrival is an exactly-once crossing.

A jump to a table that is over or not started is refused before it is appended
(relay.check_destinations); a table that ends between the jump and the arrival refuses
the arrival: the transfer is settled as refused (the fleet lost), the refusal published
on "rejections" as for any bus command.
"""
from __future__ import annotations

import json
import time
import uuid

from services.match.command_path import caps
from services.match.context import MatchContext
from services.match.command_path.creation import check_seed, create_match, named_seats
from shared.eventlog.keys import MATCH_ID
from shared.eventlog.store import MatchNotFound
from shared.games.registry import UnknownGame, get_game
from shared.games.terms import TermsRefused, check_terms
from shared.web.errors import Forbidden, InvalidRequest, NotFound

GROUP_OPTIONS = ("multi_battle", "battle_table", "battle_tables")
SAME_MAP = ("sector", "mode")  # options every table of a group shares


# ---- battle groups -------------------------------------------------------------------------

def create_group(ctx: MatchContext, caller: str, body: dict) -> dict:
    """Create the battle group `body` describes (CreateBattleGroupSchema, loaded): every
    table checked first, then the group and its links written, then the tables created.
    The caller sits at one table at least; a faction's players may differ by table
    (teammates, A p.18): each table invites the players seated there but the caller."""
    engine = _multi_battle_game(body["game"])
    tables = body["tables"]
    problems, maps = {}, set()
    for i, table in enumerate(tables):
        given = table.get("options") or {}
        set_by_group = sorted(set(given) & set(GROUP_OPTIONS))
        if set_by_group:
            problems[str(i)] = {"options": {name: ["Set by the battle group."]
                                            for name in set_by_group}}
            continue
        table["options"] = {**given, "multi_battle": True, "battle_table": i,
                            "battle_tables": len(tables)}
        try:
            resolved = check_terms(engine, len(table["seats"]), table["options"],
                                   table.get("clock"), battle_group=True)
        except TermsRefused as refused:
            problems[str(i)] = refused.fields
            continue
        maps.add(tuple(resolved.get(name) for name in SAME_MAP))
    if not any(seat.get("player_id") == caller for table in tables for seat in table["seats"]):
        raise Forbidden("You must hold a seat at one of the tables of a group you create.")
    # A group is one game: a seed at any table is refused if another person sits at any.
    check_seed(ctx, [table["seats"] for table in tables], caller, *tables)
    if len(maps) > 1:  # A p.18: "all simultaneous games will use the same configuration"
        problems["options"] = ["Every table plays the same map: the same sector and mode."]
    if problems:
        raise InvalidRequest({"tables": problems}, "A table of the group cannot be created.")
    for table in tables:  # every player exists, before any table is written: all or none
        named_seats(ctx, table["seats"])
    group_id = uuid.uuid4().hex
    match_ids = [uuid.uuid4().hex for _ in tables]
    with caps.Taken(ctx) as places:  # every cap checked before anything is written (409)
        places.take(caps.GROUPS, caller, [group_id])
        caps.for_creation(places, caller, [(m, t["seats"]) for m, t in zip(match_ids, tables)])
        _write_group(ctx, group_id, engine.spec.name, match_ids, caller)
        places.keep()  # the tables count from here: a crash midway is pruned (caps.py)
    for match_id, table in zip(match_ids, tables):
        create_match(ctx, caller, {"game": body["game"], **table}, match_id=match_id,
                     battle_group=True, counted=True)
    return group_view(ctx, group_id)


def _multi_battle_game(name: str):
    try:
        engine = get_game(name)
    except UnknownGame:
        raise NotFound(f"There is no game {name!r}; GET /v1/games lists them.") from None
    if engine.arrival is None or "multi_battle" not in engine.spec.options:
        raise InvalidRequest({"game": [f"{engine.spec.title} has no multi-battle mode."]})
    return engine


def _write_group(ctx: MatchContext, group_id: str, game: str, match_ids: list,
                 caller: str) -> None:
    """The group and every table's link, before any table exists: a departure can always
    find where it goes."""
    pipe = ctx.redis.pipeline(transaction=False)  # several slots; a crash midway leaves
    # links to tables that were never created: nothing routes to them
    pipe.hset(ctx.keys.battle_group(group_id), mapping={
        "game": game, "tables": json.dumps(match_ids), "created_by": caller,
        "created_at": repr(time.time())})
    for table, match_id in enumerate(match_ids):
        pipe.hset(ctx.keys.match_wormhole(match_id),
                  mapping={"group": group_id, "table": table, "relayed": 0})
    pipe.sadd(ctx.keys.wormhole_matches(), *match_ids)
    pipe.execute()


def group_view(ctx: MatchContext, group_id: str) -> dict:
    group = ctx.redis.hgetall(ctx.keys.battle_group(group_id)) \
        if MATCH_ID.match(group_id) else None
    if not group:
        raise NotFound(f"There is no battle group {group_id!r}.")
    tables = json.loads(group[b"tables"])
    return {"group_id": group_id, "game": group[b"game"].decode(),
            "created_at": float(group[b"created_at"]),
            "tables": [{"table": i, "match_id": m, "status": _status(ctx, m)}
                       for i, m in enumerate(tables)]}


def _status(ctx: MatchContext, match_id: str) -> str:
    """The table's match status ("missing" when its creation never completed)."""
    try:
        return ctx.store.load(match_id).status
    except MatchNotFound:
        return "missing"
