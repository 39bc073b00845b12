"""/v1/tickets: ask for a game; see whether it has been found; give up waiting."""
from __future__ import annotations

import time

from services.matchmaking import pools as pools_module
from services.matchmaking.api import current
from services.matchmaking.errors import AlreadyWaiting, TicketClosed, TooManyActiveMatches
from shared.eventlog.keys import Keys
from services.matchmaking.schemas import TicketCreatedSchema, TicketRequestSchema, TicketSchema
from services.matchmaking.tickets import (
    CANCELLED, TicketRecord, new_ticket_id, pool_of)
from shared.games.registry import get_game
from shared.games.terms import TermsRefused, check_terms
from shared.web.api import BEARER, Blueprint
from shared.web.auth import required_player
from shared.web.errors import Forbidden, InvalidRequest, NotFound

blp = Blueprint("tickets", __name__, url_prefix="/v1/tickets",
                description="Matchmaking tickets: ask for a game, not for an opponent.")


def _shown(record: TicketRecord) -> dict:
    return {"ticket_id": record.ticket_id, "status": record.shown_status,
            "match_id": record.match_id, "game": record.game, "players": record.players,
            "mode": record.mode, "allow_bots": record.allow_bots,
            "max_wait_seconds": record.max_wait, "created_at": record.created_at,
            "reason": record.reason}


def _owned(ticket_id: str) -> TicketRecord:
    ctx = current()
    player_id = required_player(ctx.tokens)
    record = ctx.pools.get(ticket_id)
    if record is None:
        raise NotFound(f"There is no ticket {ticket_id!r}.")
    if record.player_id != player_id:
        raise Forbidden("This ticket is not yours.")
    return record


def _as_ticket_fields(fields: dict) -> dict:
    """A ticket names its seat count `players`, where a match request lists `seats`."""
    return {("players" if name == "seats" else name): why for name, why in fields.items()}


def _accepted_clocks(body: dict) -> tuple:
    """The ticket's accepted clocks, each checked as its own clock is (a clock the game
    cannot be played on is a 400 naming it)."""
    for i, clock in enumerate(body["accepted_clocks"]):
        try:
            check_terms(get_game(body["game"]), body["players"], body["options"], clock)
        except TermsRefused as refused:
            raise InvalidRequest({"accepted_clocks": {i: refused.fields.get("clock")
                                                      or refused.fields}},
                                 refused.message) from None
    return tuple(body["accepted_clocks"])


@blp.route("", methods=["POST"])
@blp.arguments(TicketRequestSchema, arg_name="body")
@blp.response(201, TicketCreatedSchema)
@blp.doc(security=BEARER)
@blp.errors(400, 401, 409)
def create_ticket(body):
    """Join the pool for this game, player count, mode and clock."""
    ctx = current()
    player_id = required_player(ctx.tokens)
    try:  # exactly the check the match service makes of the match this ticket may form
        options = check_terms(get_game(body["game"]), body["players"], body["options"],
                              body["clock"])
    except TermsRefused as refused:
        raise InvalidRequest(_as_ticket_fields(refused.fields), refused.message) from None
    accepted = _accepted_clocks(body)
    _below_the_cap(ctx, player_id)
    pool = pool_of(body["game"], body["players"], body["mode"], body["clock"])
    record = TicketRecord(
        ticket_id=new_ticket_id(pool), player_id=player_id, pool=pool, game=body["game"],
        players=body["players"], mode=body["mode"], options=options, clock=body["clock"],
        allow_bots=body["allow_bots"], max_wait=body["max_wait_seconds"],
        created_at=time.time(), accepted_clocks=accepted)
    standing = ctx.standings.get(body["game"], player_id)
    try:
        ctx.pools.open(record, standing.mu, standing.sigma, standing.reliability)
    except pools_module.AlreadyWaiting as held:
        raise AlreadyWaiting("You already wait in this pool with another ticket.",
                             ticket_id=held.ticket_id) from None
    return {"ticket_id": record.ticket_id}


def _below_the_cap(ctx, player_id: str) -> None:
    """A ticket forms a match, so a player at the match service's cap of matches not over
    (its set of them, services/match/command_path/caps.py) waits for none: 409."""
    cap = ctx.settings.max_active_matches
    if ctx.redis.zcard(Keys(ctx.settings.namespace).player_active(player_id)) >= cap:
        raise TooManyActiveMatches(f"A player may have at most {cap} matches not over; "
                                   "finish, resign or call one off first.")


@blp.route("/<string:ticket_id>", methods=["GET"])
@blp.response(200, TicketSchema)
@blp.doc(security=BEARER)
@blp.errors(401, 403, 404)
def get_ticket(ticket_id):
    """Where the ticket stands: waiting, matched (with the match id), expired or cancelled."""
    return _shown(_owned(ticket_id))


@blp.route("/<string:ticket_id>", methods=["DELETE"])
@blp.response(200, TicketSchema)
@blp.doc(security=BEARER)
@blp.errors(401, 403, 404, 409)
def cancel_ticket(ticket_id):
    """Stop waiting. Cancelling a cancelled ticket is harmless; a matched one cannot be."""
    record = _owned(ticket_id)
    before = current().pools.close(ticket_id, CANCELLED)
    if before not in ("waiting", CANCELLED):
        shown = "waiting" if before == "forming" else before
        raise TicketClosed(f"The ticket is {shown}: it can no longer be cancelled."
                           + (" A match is being made for it." if before == "forming" else ""),
                           status=shown)
    return _shown(current().pools.get(ticket_id) or record)
