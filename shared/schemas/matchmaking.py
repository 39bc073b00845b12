"""Bus messages between matchmaking and the match service.

Topics:
- "formed" (key: group_id): matchmaking formed a group; the match service creates the
  match, with the match id given (so a redelivered group never makes a second match), the
  seats in a fair random order, and `matchmaking` provenance recorded in MatchCreated.
- "formed-results" (key: group_id): the match service's answer: the match id of the
  created match, or an error code and message when it could not be created.

Match results need no topic of their own: matchmaking reads "matches" (MatchAnnouncement)
and, for a finished match, folds its log.
"""
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from shared.games import bot_levels

FORMED = "formed"
FORMED_RESULTS = "formed-results"
MODES = ("ranked", "casual")


class FormedSeatSchema(Schema):
    """A seat of a formed group: a ticket's player, or a bot."""

    ticket_id = fields.String(validate=validate.Length(1, 200))
    player_id = fields.String(validate=validate.Length(1, 64))
    bot = fields.String(validate=validate.Length(1, 32))
    level = fields.Integer(strict=True, validate=validate.OneOf(bot_levels.LEVELS))
    # The ticket's rating (openskill mu) when the group formed: a stand-in for this player,
    # should they time out, plays at the bot level nearest it.
    rating = fields.Float(allow_none=True)

    @validates_schema
    def _one_kind(self, data, **kwargs):
        if ("player_id" in data) == ("bot" in data):
            raise ValidationError("A seat is either {ticket_id, player_id} or {bot, level}.")
        if "player_id" in data and "ticket_id" not in data:
            raise ValidationError("A player's seat names its ticket.", "ticket_id")


class FormedGroupSchema(Schema):
    """A group matchmaking formed; the match service turns it into a match."""

    group_id = fields.String(required=True, validate=validate.Length(1, 64))
    match_id = fields.String(required=True, validate=validate.Length(1, 64))
    pool = fields.String(required=True)
    game = fields.String(required=True, validate=validate.Length(1, 64))
    mode = fields.String(required=True, validate=validate.OneOf(MODES))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    clock = fields.Dict(allow_none=True, load_default=None)
    seats = fields.List(fields.Nested(FormedSeatSchema), required=True,
                        validate=validate.Length(2, 6))
    formed_at = fields.Float(required=True)

    @validates_schema
    def _someone_plays(self, data, **kwargs):
        if not any("player_id" in seat for seat in data.get("seats", [])):
            raise ValidationError("A formed group has at least one player.", "seats")


class FormedResultSchema(Schema):
    """The match service's answer to a formed group."""

    group_id = fields.String(required=True)
    pool = fields.String(required=True)
    ticket_ids = fields.List(fields.String(), required=True)
    match_id = fields.String(allow_none=True, load_default=None)
    error = fields.String(allow_none=True, load_default=None)
    message = fields.String(allow_none=True, load_default=None)
