"""Creating a match: check the request against the game, draw its setup, write version 1..n.

A player who seats other players invites them (services/match/command_path/invitations.py): the match is
written as MatchCreated alone, status "invited", and its setup is drawn and appended when
the last of them accepts. Matches made by a service (matchmaking) need no invitation.
"""
from __future__ import annotations

import time
import uuid
from typing import Optional

from services.match.command_path import caps
from services.match.command_path import announce as announcing
from services.match.command_path.announce import announce
from services.match.command_path.chance import seed_refusal, setup_rng
from services.match.context import MatchContext
from services.match.command_path.decisions import setup_cause
from services.match.metrics import APPENDS_BY
from shared.eventlog import VersionConflict as LogMoved
from shared.games import bot_levels
from shared.games.api import Game
from shared.eventlog.keys import index_shard
from shared.games.registry import UnknownGame, get_game
from shared.games.replay import MatchState, fold, match_created, stamped
from shared.games.terms import TermsRefused, check_terms
from shared.web.errors import Forbidden, InvalidRequest, NotFound


def create_match(ctx: MatchContext, caller: Optional[str], request: dict, *,
                 match_id: Optional[str] = None,
                 provenance: Optional[dict] = None,
                 battle_group: bool = False, counted: bool = False) -> MatchState:
    """Create the match `request` describes (CreateMatchSchema, loaded) for `caller`.

    Services (matchmaking) may pass caller=None, their own `match_id` — so a redelivered
    request creates nothing twice — and their `provenance`, kept in MatchCreated's data
    under "matchmaking" (where ratings look for a ranked mode). A player `caller` invites
    every other player seated. `battle_group`: the match is a table of a battle group
    (services/match/wormholes/groups.py), the only way a multi-battle match is made; the caller
    need not sit at every table (a faction's players differ by table: teammates), and at a
    table without them every player seated is invited. `counted`: the caps' places were
    taken for it already (a battle group takes every table's at once).
    """
    if match_id is not None and ctx.log.version(match_id) > 0:
        return ctx.store.load(match_id)
    engine = _game(request["game"])
    options = _terms(engine, len(request["seats"]), request, battle_group)
    check_seed(ctx, [request["seats"]], caller, request)
    seats = named_seats(ctx, request["seats"])
    if caller is not None and not battle_group and \
            not any(seat.get("player_id") == caller for seat in seats):
        raise Forbidden("You must hold one of the seats of a match you create.")
    match_id = match_id or uuid.uuid4().hex
    with caps.Taken(ctx) as places:
        if not counted:  # refused before anything is written (409, caps.py)
            caps.for_creation(places, caller, [(match_id, seats)])
        return _create(ctx, caller, request, engine, options, seats, match_id, provenance,
                       places)


def _create(ctx, caller, request, engine, options, seats, match_id, provenance,
            places: caps.Taken) -> MatchState:
    created_at = time.time()
    # The seed goes to the private meta hash only: it would reveal hidden deck orders.
    seed = ctx.seeds.create(match_id, request.get("seed"), {
        "created_by": caller or "service", "created_at": created_at})
    setup = engine.setup(options, len(seats), setup_rng(seed))
    invited = invited_seats(seats, caller)
    created = match_created(match_id, engine.spec.name, seats, options, request.get("clock"),
                            setup=len(setup), invited=invited)
    if provenance is not None:
        created["data"]["matchmaking"] = dict(provenance)
    events = stamped(engine, [created] + ([] if invited else setup))
    batch = ctx.log.prepare(match_id, events, expected_version=0,
                            cause=setup_cause("matchmaking" if provenance is not None
                                              else caller))
    state = fold(list(batch.logged))  # the log as it will be written: never read back
    try:  # announced by the append itself on one Redis, as a command is (commands.py)
        written = ctx.log.write(batch, then_publish=announcing.outgoing(ctx.bus, state))
    except LogMoved:  # the same match_id was created concurrently: that one stands
        return ctx.store.load(match_id)
    places.keep()  # written: the match counts from now on, whatever follows
    APPENDS_BY("creation").inc()
    if caller is None:
        caps.count_service_match(ctx, match_id, seats)
    _list_for_players(ctx, match_id, seats, created_at)
    ctx.store.remember(state)
    if not written.published:  # a cluster: its own round trip, after the append
        announce(ctx.bus, state)
    return state


def check_seed(ctx: MatchContext, tables: list, caller: Optional[str], *requests) -> None:
    """Refuse (400, before anything is written) a seed chosen for a match another person
    sits at (`tables`: each table's seat requests; `requests`: those that may carry a seed)."""
    if ctx.settings.test_seeds or not any("seed" in r for r in requests):
        return
    refusal = seed_refusal(tables, caller)
    if refusal is not None:
        raise InvalidRequest({"seed": [refusal]}, refusal)


def invited_seats(seats: list, caller: Optional[str]) -> list:
    """The seats a player's match must wait for: every other player's (none when a service
    creates the match)."""
    if caller is None:
        return []
    return [i for i, seat in enumerate(seats) if seat.get("player_id") not in (None, caller)]


def _game(name: str) -> Game:
    try:
        return get_game(name)
    except UnknownGame:
        raise NotFound(f"There is no game {name!r}; GET /v1/games lists them.") from None


def named_seats(ctx: MatchContext, requested: list) -> list:
    """The seats as MatchCreated records them: {player_id, name} or {bot, level}; every
    player's name is read in one round trip; NotFound for a player who does not exist."""
    pipe = ctx.redis.pipeline(transaction=False)
    for seat in requested:
        if "bot" not in seat:
            pipe.hget(ctx.keys.player(seat["player_id"]), "name")
    names = iter(pipe.execute())
    seats = []
    for seat in requested:
        if "bot" in seat:
            seats.append({"bot": seat["bot"],
                          "level": seat.get("level", bot_levels.DEFAULT_LEVEL)})
            continue
        name = next(names)
        if name is None:
            raise NotFound(f"There is no player {seat['player_id']!r}.")
        seats.append({"player_id": seat["player_id"], "name": name.decode()})
    return seats


def _terms(engine: Game, seats: int, request: dict, battle_group: bool = False) -> dict:
    """The options resolved, when the game can be played on the request's terms (the check
    matchmaking makes of a ticket: shared/games/terms.py)."""
    try:
        return check_terms(engine, seats, request.get("options") or {}, request.get("clock"),
                           battle_group)
    except TermsRefused as refused:
        raise InvalidRequest(refused.fields, refused.message) from None


# The lobby lists the latest matches to watch: each shard of the index keeps its newest few.
RECENT_PER_SHARD = 32


def _list_for_players(ctx: MatchContext, match_id: str, seats: list, created: float) -> None:
    """Index the match under each human player (GET /v1/players/me/matches) and among the
    latest matches (GET /v1/matches/recent, the lobby)."""
    pipe = ctx.redis.pipeline(transaction=False)  # one round trip for both indexes
    for player_id in {seat["player_id"] for seat in seats if "player_id" in seat}:
        pipe.zadd(ctx.keys.player_matches(player_id), {match_id: created})
    recent = ctx.keys.recent_matches(index_shard(match_id))
    pipe.zadd(recent, {match_id: created})
    pipe.zremrangebyrank(recent, 0, -RECENT_PER_SHARD - 1)
    pipe.execute()
