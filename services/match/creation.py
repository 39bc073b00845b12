"""Creating a match: check the request against the game, draw its setup, write version 1..n.

A player who seats other players invites them (services/match/invitations.py): the match is
written as MatchCreated alone, status "invited", and its setup is drawn and appended when
the last of them accepts. Matches made by a service (matchmaking) need no invitation.
"""
from __future__ import annotations

import random
import time
import uuid
from typing import Optional

from services.match.announce import announce
from services.match.chance import setup_rng
from services.match.context import MatchContext
from services.match.metrics import APPENDS
from shared.eventlog import VersionConflict as LogMoved
from shared.games.api import Game, InvalidOptions
from shared.games.registry import UnknownGame, get_game
from shared.games.replay import MatchState, fold, match_created
from shared.web.errors import Forbidden, InvalidRequest, NotFound


def create_match(ctx: MatchContext, caller: Optional[str], request: dict, *,
                 match_id: Optional[str] = None,
                 provenance: Optional[dict] = None) -> MatchState:
    """Create the match `request` describes (CreateMatchSchema, loaded) for `caller`.

    Services (matchmaking) may pass caller=None, their own `match_id` — so a redelivered
    request creates nothing twice — and their `provenance`, kept in MatchCreated's data
    under "matchmaking" (where ratings look for a ranked mode). A player `caller` invites
    every other player seated.
    """
    if match_id is not None and ctx.log.version(match_id) > 0:
        return ctx.store.load(match_id)
    engine = _game(request["game"])
    _check_seat_count(engine, request["seats"])
    seats = _seats(ctx, request["seats"])
    if caller is not None and not any(seat.get("player_id") == caller for seat in seats):
        raise Forbidden("You must hold one of the seats of a match you create.")
    options = _options(engine, request.get("options") or {})
    _check_clock(engine, request.get("clock"))
    _check_setup(engine, options, len(seats))
    match_id = match_id or uuid.uuid4().hex
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
    events = [created] + ([] if invited else setup)
    try:
        written = ctx.log.append(match_id, events, expected_version=0)
    except LogMoved:  # the same match_id was created concurrently: that one stands
        return ctx.store.load(match_id)
    APPENDS.labels("creation").inc()
    _list_for_players(ctx, match_id, seats, created_at)
    state = fold(written.logged)  # the log as written: no need to read it back
    ctx.store.remember(state)
    announce(ctx.bus, state)
    return state


def invited_seats(seats: list, caller: Optional[str]) -> list:
    """The seats a player's match must wait for: every other player's (none when a service
    creates the match)."""
    if caller is None:
        return []
    return [i for i, seat in enumerate(seats) if seat.get("player_id") not in (None, caller)]


def setup_events(ctx: MatchContext, state: MatchState) -> list:
    """The setup of an invited match, drawn when it starts: from the match's seed, exactly
    as it would have been drawn at creation."""
    return state.engine.setup(state.options, len(state.seats),
                              setup_rng(ctx.seeds.of(state.match_id)))


def _game(name: str) -> Game:
    try:
        return get_game(name)
    except UnknownGame:
        raise NotFound(f"There is no game {name!r}; GET /v1/games lists them.") from None


def _check_seat_count(engine: Game, seats: list) -> None:
    spec = engine.spec
    if not spec.min_players <= len(seats) <= spec.max_players:
        players = (f"{spec.min_players}" if spec.min_players == spec.max_players
                   else f"{spec.min_players} to {spec.max_players}")
        raise InvalidRequest({"seats": [f"{spec.title} takes {players} players, "
                                        f"not {len(seats)}."]})


def _seats(ctx: MatchContext, requested: list) -> list:
    """The seats as MatchCreated records them: {player_id, name} or {bot, level}; every
    player's name is read in one round trip."""
    pipe = ctx.redis.pipeline(transaction=False)
    for seat in requested:
        if "bot" not in seat:
            pipe.hget(ctx.keys.player(seat["player_id"]), "name")
    names = iter(pipe.execute())
    seats = []
    for seat in requested:
        if "bot" in seat:
            seats.append({"bot": seat["bot"], "level": seat.get("level", 1)})
            continue
        name = next(names)
        if name is None:
            raise NotFound(f"There is no player {seat['player_id']!r}.")
        seats.append({"player_id": seat["player_id"], "name": name.decode()})
    return seats


def _check_clock(engine: Game, clock: Optional[dict]) -> None:
    """`skip` needs a game that can pass a seat's turn (Game.pass_command)."""
    if clock and clock.get("on_timeout") == "skip" and engine.pass_command is None:
        raise InvalidRequest({"clock": {"on_timeout": [
            f"{engine.spec.title} has no pass, so a timeout cannot skip a turn; "
            "choose 'bot' or 'forfeit'."]}}, f"{engine.spec.title} cannot skip a turn.")


def _options(engine: Game, given: dict) -> dict:
    try:
        return engine.spec.resolve_options(given)
    except InvalidOptions as error:
        raise InvalidRequest({"options": error.fields},
                             f"{engine.spec.title} does not accept these options.") from None


def _check_setup(engine: Game, options: dict, seats: int) -> None:
    """Some options are valid only for some seat counts, which only the engine's setup knows
    (an Exsilium scenario is for one table size): try it before anything is written."""
    try:
        engine.setup(options, seats, random.Random(0))
    except InvalidOptions as error:
        raise InvalidRequest({"options": error.fields},
                             f"{engine.spec.title} does not accept these options.") from None


def _list_for_players(ctx: MatchContext, match_id: str, seats: list, created: float) -> None:
    """Index the match under each human player (a later issue lists a player's matches)."""
    pipe = ctx.redis.pipeline(transaction=False)
    for player_id in {seat["player_id"] for seat in seats if "player_id" in seat}:
        pipe.zadd(ctx.keys.player_matches(player_id), {match_id: created})
    pipe.execute()
