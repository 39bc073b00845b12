"""/v1/matches: create a match, see it, act in it, and read its history."""
from __future__ import annotations

import re

from flask import Response, request
from marshmallow import ValidationError

from services.match import context
from services.match.wormholes import relay as wormhole_relay
from services.match.api.streams import live_response
from services.match.command_path.commands import known_match, submit, submit_reply
from services.match.command_path.creation import create_match
from services.match.api.live import stream
from services.match.queries import events_page, legal, load_match, log_lines, match_view, recent_matches, replay
from services.match.redaction import redact_all
from services.match.export import is_over
from services.match.schemas import (AnalysisSchema, RecentMatchesSchema, RecentQuerySchema, CommandRequestSchema, CommandResponseSchema, CreatedSchema,
                                    CreateMatchSchema, EventsPageSchema, EventsQuerySchema,
                                    MAX_VERSION, LegalSchema, LiveQuerySchema, MatchViewSchema,
                                    ReplayQuerySchema, SeatQuerySchema, load_command)
from services.match.command_path.seating import acting_seat, viewing_seat
from shared.web.api import BEARER, OPTIONAL_BEARER, Blueprint
from shared.web.auth import current_player, required_player
from shared.messages import analysis
from shared.web.errors import ApiError, InvalidRequest

_VERSION_TEXT = re.compile(r"[0-9]{1,16}", re.ASCII)  # ASCII: "²".isdigit() is true too

blp = Blueprint("matches", __name__, url_prefix="/v1/matches",
                description="Matches: their views, commands, events, live updates and logs.")

_SSE_MESSAGE = {"type": "object", "properties": {
    "id": {"type": "string", "description": "The event's version."},
    "event": {"type": "string", "description": "The event's type."},
    "data": {"type": "string", "description": "The redacted event {v, type, data, at}, as JSON."}}}
_SSE_DOC = {"200": {"description": "Server-Sent Events; each message's id is its version.",
                    "content": {"text/event-stream": {"schema": _SSE_MESSAGE}}}}
_NDJSON_DOC = {"200": {"description": "The whole log, one event per line.",
                       "content": {"application/x-ndjson": {"schema": {"type": "string"}}}}}


# The hot routes (creating a match, its view, /legal, a command) are lean routes:
# documented by the same decorators, served without their wrappers (shared/web/api.py).
@blp.lean_route("", methods=["POST"], arguments=(("body", CreateMatchSchema, "json"),),
                response=(201, CreatedSchema), errors=(400, 401, 403, 404, 409),
                doc={"security": BEARER})
def create(body):
    """Create a match; the caller must hold one of its seats. Seating other players
    invites them: the match waits (status "invited") until each of them accepts. 409 when
    a cap per player would be passed (too_many_active_matches, too_many_invitations)."""
    ctx = context.current()
    state = create_match(ctx, required_player(ctx.tokens), body)
    return {"match_id": state.match_id, "version": state.version}


@blp.route("/recent", methods=["GET"])
@blp.arguments(RecentQuerySchema, location="query", arg_name="query")
@blp.response(200, RecentMatchesSchema)
@blp.errors(400)
def recent(query):
    """The latest matches in play or finished, newest first: anyone may watch them."""
    return {"matches": recent_matches(context.current(), query["limit"])}


@blp.lean_route("/<match_id>", methods=["GET"],
                arguments=(("query", SeatQuerySchema, "query"),),
                response=(200, MatchViewSchema), errors=(400, 401, 403, 404),
                doc={"security": OPTIONAL_BEARER})
def get_match(match_id, query):
    """The match as the caller's seat (or a spectator) may see it."""
    ctx = context.current()
    player = current_player(ctx.tokens)
    state = load_match(ctx, match_id)
    return match_view(state, viewing_seat(state, player, query.get("seat")))


@blp.route("/<match_id>/accept", methods=["POST"])
@blp.response(200, MatchViewSchema)
@blp.errors(401, 403, 404, 409)
@blp.doc(security=BEARER)
def accept(match_id):
    """Accept an invitation to the match; the last acceptance starts it."""
    ctx = context.current()
    player = required_player(ctx.tokens)
    result = submit_reply(ctx, match_id, "accept", player, state=load_match(ctx, match_id))
    return match_view(result.state, viewing_seat(result.state, player, None))


@blp.route("/<match_id>/decline", methods=["POST"])
@blp.response(200, MatchViewSchema)
@blp.errors(401, 403, 404, 409)
@blp.doc(security=BEARER)
def decline(match_id):
    """Decline the invitation (or, as its creator, call the match off) before it starts."""
    ctx = context.current()
    player = required_player(ctx.tokens)
    result = submit_reply(ctx, match_id, "decline", player, state=load_match(ctx, match_id))
    return match_view(result.state, viewing_seat(result.state, player, None))


@blp.lean_route("/<match_id>/legal", methods=["GET"],
                arguments=(("query", SeatQuerySchema, "query"),),
                response=(200, LegalSchema), errors=(400, 401, 403, 404),
                doc={"security": BEARER})
def get_legal(match_id, query):
    """Every command the caller's seat may send now."""
    ctx = context.current()
    player = required_player(ctx.tokens)
    state = load_match(ctx, match_id)
    return legal(state, acting_seat(state, player, query.get("seat")),
                 wormhole_relay.closed_tables(ctx, state))


@blp.lean_route("/<match_id>/commands", methods=["POST"],
                arguments=(("query", SeatQuerySchema, "query"),
                           ("body", CommandRequestSchema, "json")),
                response=(200, CommandResponseSchema), errors=(400, 401, 403, 404, 409, 422),
                doc={"security": BEARER})
def post_command(match_id, query, body):
    """Send a command for the caller's seat; a repeated command_id gets the first answer."""
    ctx = context.current()
    player = required_player(ctx.tokens)
    state, current = known_match(ctx, match_id)  # seats never change: any state finds it
    seat = acting_seat(state, player, query.get("seat"))
    try:
        command = load_command(state.game, body["command"])
    except ValidationError as error:
        raise InvalidRequest(error.messages) from None
    # The answer to a command applied now is made (redacted, dumped, written as JSON)
    # while its append is on its way to Redis; a repeated command's after it.
    result = submit(ctx, match_id, seat, command, body.get("command_id"),
                    body.get("expected_version"), state=state, current=current,
                    answer=lambda after, events: post_command.answer(
                        _command_answer(after.version, after.to_act(), after, events, seat)))
    if result.answer is not None:
        return result.answer
    return _command_answer(result.version, result.to_act, result.state, result.events, seat)


def _command_answer(version: int, to_act, state, events: list, seat) -> dict:
    """A command's answer: the match's version and who acts now after it, and the events
    it wrote as the seat may see them."""
    return {"version": version, "to_act": list(to_act),
            "events": redact_all(state, events, seat)}


@blp.route("/<match_id>/events", methods=["GET"])
@blp.arguments(EventsQuerySchema, location="query", arg_name="query")
@blp.response(200, EventsPageSchema)
@blp.errors(400, 401, 403, 404)
@blp.doc(security=OPTIONAL_BEARER)
def get_events(match_id, query):
    """A page of the match's events after version `from`, redacted for the caller."""
    ctx = context.current()
    player = current_player(ctx.tokens)
    state = load_match(ctx, match_id)
    seat = viewing_seat(state, player, query.get("seat"))
    return events_page(ctx, state, seat, query["from_"], query["limit"])


@blp.route("/<match_id>/live", methods=["GET"])
@blp.arguments(LiveQuerySchema, location="query", arg_name="query")
@blp.errors(400, 401, 403, 404, 429, 503)
@blp.doc(security=OPTIONAL_BEARER, responses=_SSE_DOC)
def get_live(match_id, query):
    """The match's events as Server-Sent Events, as they are appended."""
    ctx = context.current()
    player = current_player(ctx.tokens)
    state = load_match(ctx, match_id)
    seat = viewing_seat(state, player, query.get("seat"))
    after = _live_start(query)
    return live_response(lambda limits: stream(ctx, match_id, seat, after, limits))


def _live_start(query: dict) -> int:
    """Where a stream starts: after Last-Event-ID on a reconnect, else after `from`."""
    header = request.headers.get("Last-Event-ID")
    if header is None:
        return query.get("from_", 0)
    version = header.strip()
    if not _VERSION_TEXT.fullmatch(version) or int(version) > MAX_VERSION:
        raise InvalidRequest({"Last-Event-ID": [f"Must be a version from 0 to {MAX_VERSION}."]})
    return int(version)


@blp.route("/<match_id>/replay", methods=["GET"])
@blp.arguments(ReplayQuerySchema, location="query", arg_name="query")
@blp.response(200, MatchViewSchema)
@blp.errors(400, 401, 403, 404)
@blp.doc(security=OPTIONAL_BEARER)
def get_replay(match_id, query):
    """The match as it stood after event `version`, as the caller may see it."""
    ctx = context.current()
    player = current_player(ctx.tokens)
    state = load_match(ctx, match_id)
    seat = viewing_seat(state, player, query.get("seat"))
    return replay(ctx, state, query["version"], seat)


@blp.route("/<match_id>/log", methods=["GET"])
@blp.errors(403, 404)
@blp.doc(responses=_NDJSON_DOC)
def get_log(match_id):
    """The whole unredacted log as NDJSON, once the match is over."""
    ctx = context.current()
    lines = log_lines(ctx, load_match(ctx, match_id))
    return Response(lines, mimetype="application/x-ndjson")


class MatchInProgress(ApiError):
    status, code = 409, "match_in_progress"


@blp.route("/<match_id>/analysis", methods=["GET"])
@blp.response(200, AnalysisSchema)
@blp.errors(404, 409)
def get_analysis(match_id):
    """The post-game analysis, once the match is over: per position the bot's evaluation
    from the mover's view, its preferred command and what the played one gave up;
    `status: "pending"` while it is computed (ask again)."""
    ctx = context.current()
    state = load_match(ctx, match_id)
    if not is_over(state):
        raise MatchInProgress("A match is analysed once it is over; this one is "
                              f"{state.status}.")
    found = analysis.stored(ctx.redis, ctx.keys, match_id)
    if found is not None:
        return found
    analysis.request(ctx.redis, ctx.keys, ctx.bus, match_id)
    return analysis.pending(match_id)
