"""The match service's HTTP request and response schemas (the edge; the core sees dicts)."""
from __future__ import annotations

import functools

from marshmallow import (Schema, ValidationError, fields, validate, validates_schema)

from services.match.command_path.platform_commands import SEAT_COMMANDS
from shared.games import bot_levels
from shared.schemas.clock import ClockSchema
from shared.schemas.games import GameCommandField, command_schema
from shared.schemas.names import PlayerName
from shared.schemas.query import QueryInteger

BOTS = bot_levels.BOTS
STATUSES = ("invited", "active", "finished", "aborted", "declined")
MAX_SEED = 2 ** 63 - 1
# A log position: versions are stream ids ("<version>-1"), so one past the largest a client
# may name must still be a valid 64-bit stream id. 2**53 - 1 is also exact in JavaScript.
MAX_VERSION = 2 ** 53 - 1
_VERSION = validate.Range(min=0, max=MAX_VERSION)
_COMMAND_ID = validate.Length(1, 100)


# ---- players and games -------------------------------------------------------------

class NewPlayerSchema(Schema):
    name = PlayerName(required=True, metadata={
        "description": "1-40 visible characters; kept in NFC, without surrounding spaces."})


class PlayerSchema(Schema):
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True)


class NewTokenRequestSchema(Schema):
    revoke_others = fields.Boolean(load_default=False, metadata={
        "description": "Also revoke every token issued before this one (a rotation)."})


class TokenSchema(Schema):
    token = fields.String(required=True)


class GameSchema(Schema):
    name = fields.String(required=True)
    title = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.Dict(keys=fields.String(), values=fields.Dict(), required=True)
    bot_levels = fields.List(fields.Nested(lambda: BotLevelSchema()), required=True, metadata={
        "description": "The levels as rated by play in this game (openskill mu; the common "
                       "scale where this game has no measured ratings)."})


class BotLevelSchema(Schema):
    level = fields.Integer(required=True)
    rating_mu = fields.Float(required=True, metadata={
        "description": "The openskill mu this level plays at, about: matchmaking and the "
        "stand-in for a timed-out player pick the level nearest a player's."})
    summary = fields.String(required=True)
    default = fields.Boolean(required=True, metadata={
        "description": "The level of a bot seat that names none."})


class GamesSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)
    bots = fields.List(fields.String(), required=True)
    bot_levels = fields.List(fields.Nested(BotLevelSchema), required=True, metadata={
        "description": "The common scale of bot levels (each game's entry rates them in that game)."})


class GlossarySchema(Schema):
    game = fields.String(required=True)
    names = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.String()),
                        required=True, metadata={"description": "id -> {language: name}"})
    texts = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.String()),
                        required=True, metadata={"description": "id -> {language: what it does}"})
    commands = fields.Dict(keys=fields.String(), values=fields.String(), required=True,
                           metadata={"description": "command type -> what it does (the rulebook's page cited)"})


# ---- creating a match --------------------------------------------------------------

class SeatRequestSchema(Schema):
    """A human seat {player_id} or a bot seat {bot, level}."""

    player_id = fields.String(validate=validate.Length(1, 64))
    bot = fields.String(validate=validate.OneOf(BOTS))
    level = fields.Integer(strict=True, validate=validate.OneOf(
        bot_levels.LEVELS, error="Bot levels are {choices} (GET /v1/games lists them)."),
        metadata={"description": "A level of GET /v1/games' bot_levels; "
                  f"{bot_levels.DEFAULT_LEVEL} when left out."})

    @validates_schema
    def _one_kind(self, data, **kwargs):
        if ("player_id" in data) == ("bot" in data):
            raise ValidationError("A seat is either {player_id} or {bot, level}.")
        if "player_id" in data and "level" in data:
            raise ValidationError("Only bot seats have a level.", "level")


class CreateMatchSchema(Schema):
    game = fields.String(required=True, validate=validate.Length(1, 64))
    seats = fields.List(fields.Nested(SeatRequestSchema), required=True,
                        validate=validate.Length(1, 16))
    options = fields.Dict(keys=fields.String(validate=validate.Length(1, 64)), load_default=dict)
    clock = fields.Nested(ClockSchema, allow_none=True, load_default=None)
    seed = fields.Integer(strict=True, validate=validate.Range(0, MAX_SEED), metadata={
        "description": "Makes the match's shuffles reproducible; shown again only in the match's log "
        "once it is over (GET /log), so anyone can re-execute it."})


class CreatedSchema(Schema):
    match_id = fields.String(required=True)
    version = fields.Integer(required=True)


# ---- reading a match ---------------------------------------------------------------

class SeatQuerySchema(Schema):
    seat = QueryInteger(validate=validate.Range(min=0, max=1000), metadata={
        "description": "For a player holding several seats: which one."})


class MatchSeatSchema(Schema):
    player_id = fields.String()
    name = fields.String()
    bot = fields.String()
    level = fields.Integer()


class MatchViewSchema(Schema):
    match_id = fields.String(required=True)
    game = fields.String(required=True)
    seats = fields.List(fields.Nested(MatchSeatSchema), required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    version = fields.Integer(required=True)
    to_act = fields.List(fields.Integer(), required=True)
    view = fields.Dict(required=True, metadata={"description": "The game's own view."})
    outcome = fields.Dict(required=True, allow_none=True)
    clock = fields.Dict(required=True, allow_none=True)
    invited = fields.List(fields.Integer(), required=True, metadata={
        "description": "The seats whose player has not accepted the invitation yet."})


class LegalSchema(Schema):
    seat = fields.Integer(required=True)
    commands = fields.List(fields.Dict(), required=True)
    costs = fields.List(fields.Dict(allow_none=True), metadata={
        "description": "Beside each command (same order), what it costs or gives the seat in "
                       "the game's terms, or null; only for games that say."})


class AnalysedPositionSchema(Schema):
    version = fields.Integer(required=True, metadata={
        "description": "The position: the match after this many events, the seat to act."})
    seat = fields.Integer(required=True)
    evaluation = fields.Float(required=True, metadata={
        "description": "The seat's chance of winning as the bot judged it from that seat's "
                       "view (0-1), with the best command played."})
    best_command = fields.Dict(required=True)
    played_command = fields.Dict(required=True)
    loss = fields.Float(required=True, metadata={
        "description": "The win chance the played command gave up against the best (0-1)."})


class MistakeSchema(Schema):
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    loss = fields.Float(required=True)


class AnalysisSchema(Schema):
    match_id = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(("ready", "pending")),
                           metadata={"description": "pending: being computed; ask again."})
    positions = fields.List(fields.Nested(AnalysedPositionSchema), required=True)
    mistakes = fields.List(fields.Nested(MistakeSchema), required=True, metadata={
        "description": "The commands that gave up the most, largest first."})


class LoggedEventSchema(Schema):
    v = fields.Integer(required=True)
    type = fields.String(required=True)
    schema = fields.Integer(required=True, metadata={
        "description": "The version of this event type's data shape when it was logged "
                       "(1 for events logged before versions were recorded)."})
    data = fields.Dict(required=True)
    at = fields.String(required=True)


class EventsQuerySchema(SeatQuerySchema):
    from_ = QueryInteger(data_key="from", load_default=0, validate=_VERSION,
                         metadata={"description": "Events after this version."})
    limit = QueryInteger(load_default=500, validate=validate.Range(1, 1000))


class EventsPageSchema(Schema):
    events = fields.List(fields.Nested(LoggedEventSchema), required=True)
    next = fields.Integer(required=True)


class LiveQuerySchema(SeatQuerySchema):
    from_ = QueryInteger(data_key="from", validate=_VERSION, metadata={
        "description": "Stream events after this version (Last-Event-ID wins when sent)."})


class ReplayQuerySchema(SeatQuerySchema):
    version = QueryInteger(required=True, validate=validate.Range(min=1, max=MAX_VERSION))


# ---- commands ----------------------------------------------------------------------

PLATFORM_COMMANDS = SEAT_COMMANDS  # one list, services/match/command_path/platform_commands.py


class PlatformCommandSchema(Schema):
    """The commands every game accepts, decided by the platform before the engine:
    `resign` (any time the match is active), `abort` (before the first move) and `reclaim`
    (take back a seat a bot took over after a timeout)."""

    type = fields.String(required=True, validate=validate.OneOf(PLATFORM_COMMANDS))


class CommandRequestSchema(Schema):
    command = GameCommandField(required=True, metadata={"description": (
        "The game's command, or a platform command every game accepts: "
        "{\"type\": \"resign\"} (any time while the match is active), {\"type\": \"abort\"} "
        "(before the first move) or {\"type\": \"reclaim\"} (take back a seat a bot "
        "plays since a timeout; any command of yours reclaims it too).")})
    command_id = fields.String(validate=_COMMAND_ID)
    expected_version = fields.Integer(strict=True, validate=_VERSION)


class CommandResponseSchema(Schema):
    version = fields.Integer(required=True)
    events = fields.List(fields.Nested(LoggedEventSchema), required=True)
    to_act = fields.List(fields.Integer(), required=True)


_PLATFORM_COMMAND = PlatformCommandSchema()


@functools.lru_cache(maxsize=None)
def _command_schema(game: str) -> Schema:
    """One instance of each game's command schema, built on first use (loading keeps no
    state on it). A game without one raises ModuleNotFoundError, which is not cached."""
    return command_schema(game)


def load_command(game: str, command: dict) -> dict:
    """The command checked against the game's shape (or the platform's, for resign, abort
    and reclaim: one schema for every game); raise ValidationError keyed "command"."""
    if isinstance(command, dict) and command.get("type") in PLATFORM_COMMANDS:
        try:
            return _PLATFORM_COMMAND.load(command)
        except ValidationError as error:
            raise ValidationError({"command": error.messages}) from None
    try:
        schema = _command_schema(game)
    except ModuleNotFoundError:  # a game without a shape schema: its rules check everything
        if not isinstance(command.get("type"), str):
            raise ValidationError({"command": {"type": ["A command needs a string type."]}})
        return command
    try:
        return schema.load(command)
    except ValidationError as error:
        raise ValidationError({"command": error.messages}) from None


# ---- a player's own matches, notifications and vacations ----------------------------

class RecentQuerySchema(Schema):
    limit = QueryInteger(load_default=20, validate=validate.Range(1, 100))


class RecentMatchSchema(Schema):
    match_id = fields.String(required=True)
    game = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    version = fields.Integer(required=True)
    seats = fields.List(fields.Nested(MatchSeatSchema), required=True)
    to_act = fields.List(fields.Integer(), required=True)
    created_at = fields.String(allow_none=True, required=True)


class RecentMatchesSchema(Schema):
    matches = fields.List(fields.Nested(RecentMatchSchema), required=True, metadata={
        "description": "The latest matches in play or finished, newest first."})


class MyMatchesQuerySchema(Schema):
    to_act = fields.Boolean(load_default=False, metadata={
        "description": "Only the matches where the caller must act, oldest deadline first."})
    limit = QueryInteger(load_default=100, validate=validate.Range(1, 500))
    status = fields.String(validate=validate.OneOf(STATUSES), metadata={
        "description": "Only the matches in this status: `invited` lists the invitations "
                       "apart, `active` the matches in play."})
    cursor = fields.String(validate=validate.Regexp(r"^[0-9]{1,20}(\.[0-9]{1,9})?$"), metadata={
        "description": "The `next` of the previous page: the matches older than it."})


class MyMatchSchema(Schema):
    match_id = fields.String(required=True)
    game = fields.String(required=True)
    seat = fields.Integer(required=True)
    version = fields.Integer(required=True)
    deadline = fields.String(allow_none=True, required=True,
                             metadata={"description": "When the caller's time runs out."})
    status = fields.String(validate=validate.OneOf(STATUSES))
    to_act = fields.Boolean()
    turn_began_at_version = fields.Integer(allow_none=True)


class MyMatchesSchema(Schema):
    matches = fields.List(fields.Nested(MyMatchSchema), required=True)
    next = fields.String(allow_none=True, metadata={
        "description": "The cursor of the next (older) page; null on the last one."})


class WebhookRequestSchema(Schema):
    url = fields.Url(required=True, schemes={"http", "https"}, require_tld=False,
                     validate=validate.Length(max=2000))


class WebhookSchema(Schema):
    webhook_id = fields.String(required=True)
    url = fields.String(required=True)
    created_at = fields.Float(required=True, metadata={"description": "Seconds since the epoch."})


class NewWebhookSchema(WebhookSchema):
    secret = fields.String(required=True, metadata={
        "description": "This webhook's own secret, shown only here: it signs every delivery "
                       "(X-Orrery-Signature: sha256=<hex HMAC-SHA256 of the body under it>)."})
    signature_header = fields.String(required=True)


class WebhooksSchema(Schema):
    webhooks = fields.List(fields.Nested(WebhookSchema), required=True)


class VacationRequestSchema(Schema):
    days = fields.Integer(required=True, strict=True, validate=validate.Range(1, 366))


class VacationSchema(Schema):
    on_vacation = fields.Boolean(required=True)
    until = fields.String(allow_none=True, required=True)
    days_left = fields.Integer(required=True, metadata={
        "description": "Vacation days left this calendar year."})
    matches = fields.List(fields.String(), required=True, metadata={
        "description": "The correspondence matches whose clocks the vacation pauses."})


# ---- multi-battle: battle groups (services/match/wormholes/groups.py) ---------------------

class BattleTableSchema(Schema):
    """One table of a battle group: a match request without its game (the group's)."""

    seats = fields.List(fields.Nested(SeatRequestSchema), required=True,
                        validate=validate.Length(1, 16))
    options = fields.Dict(keys=fields.String(validate=validate.Length(1, 64)), load_default=dict)
    clock = fields.Nested(ClockSchema, allow_none=True, load_default=None)
    seed = fields.Integer(strict=True, validate=validate.Range(0, MAX_SEED))


class CreateBattleGroupSchema(Schema):
    """Several matches played at once, linked by wormholes (Nexum's multi-battle): 2 to 4
    tables, each seating the same factions (seat i is the same faction at every table)."""

    game = fields.String(required=True, validate=validate.Length(1, 64))
    tables = fields.List(fields.Nested(BattleTableSchema), required=True,
                         validate=validate.Length(2, 4))

    @validates_schema
    def _same_factions(self, data, **kwargs):
        counts = {len(table["seats"]) for table in data.get("tables", [])}
        if len(counts) > 1:
            raise ValidationError("Every table seats the same factions: the same number of "
                                  "seats.", "tables")


class BattleTableRefSchema(Schema):
    table = fields.Integer(required=True)
    match_id = fields.String(required=True)
    status = fields.String(required=True, metadata={
        "description": "The table's match status: invited, active, finished, aborted, declined "
                       "(missing: its creation never completed)."})


class BattleGroupSchema(Schema):
    group_id = fields.String(required=True)
    game = fields.String(required=True)
    created_at = fields.Float(required=True)
    tables = fields.List(fields.Nested(BattleTableRefSchema), required=True)
