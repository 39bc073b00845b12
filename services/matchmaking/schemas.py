"""The HTTP edge's schemas (API.md, "Matchmaking")."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from services.matchmaking.tickets import clock_class
from shared.games.registry import games
from shared.schemas.clock import ClockSchema
from shared.schemas.matchmaking import MODES
from shared.schemas.query import QueryInteger

MAX_WAIT_SECONDS = 30 * 86400
MAX_ACCEPTED_CLOCKS = 4


class TicketRequestSchema(Schema):
    game = fields.String(required=True, validate=validate.Length(1, 64))
    players = fields.Integer(required=True, strict=True, validate=validate.Range(2, 6))
    mode = fields.String(load_default="ranked", validate=validate.OneOf(MODES))
    options = fields.Dict(keys=fields.String(validate=validate.Length(1, 64)), load_default=dict)
    clock = fields.Nested(ClockSchema, allow_none=True, load_default=None)
    accepted_clocks = fields.List(
        fields.Nested(ClockSchema), load_default=list,
        validate=validate.Length(max=MAX_ACCEPTED_CLOCKS), metadata={
            "description": "Other clocks the player also accepts, of the same class as "
                           "`clock` (live, daily or correspondence): a group forms only on "
                           "a clock every member accepts."})
    allow_bots = fields.Boolean(load_default=False)
    max_wait_seconds = fields.Integer(strict=True, load_default=3600,
                                      validate=validate.Range(1, MAX_WAIT_SECONDS))

    @validates_schema
    def _game_and_seats(self, data, **kwargs):
        game = games().get(data.get("game"))
        if game is None:
            raise ValidationError(f"Unknown game; one of {sorted(games())}.", "game")
        spec = game.spec
        players = data.get("players")
        if players is not None and not spec.min_players <= players <= spec.max_players:
            raise ValidationError(f"{spec.title} takes {spec.min_players} to "
                                  f"{spec.max_players} players.", "players")

    @validates_schema
    def _clocks_of_one_class(self, data, **kwargs):
        """Tickets wait in one pool per clock class, so an accepted clock of another class
        could never be played: say so rather than ignore it."""
        own = clock_class(data.get("clock"))
        wrong = {i: [f"A {clock_class(alt)} clock; this ticket's pool is {own}: accepted "
                     f"clocks must be {own} too."]
                 for i, alt in enumerate(data.get("accepted_clocks") or [])
                 if clock_class(alt) != own}
        if wrong:
            raise ValidationError(wrong, "accepted_clocks")


class TicketCreatedSchema(Schema):
    ticket_id = fields.String(required=True)


class TicketSchema(Schema):
    ticket_id = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(
        ["waiting", "matched", "expired", "cancelled"]))
    match_id = fields.String(allow_none=True, required=True)
    game = fields.String(required=True)
    players = fields.Integer(required=True)
    mode = fields.String(required=True)
    allow_bots = fields.Boolean(required=True)
    max_wait_seconds = fields.Integer(required=True)
    created_at = fields.Float(required=True, metadata={"description": "Seconds since the epoch."})
    reason = fields.String(allow_none=True, required=True, metadata={
        "description": "Why an expired ticket was not matched (null otherwise)."})


class LeaderboardEntrySchema(Schema):
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    rating = fields.Float(required=True)
    rank = fields.Integer(required=True)
    matches = fields.Integer(required=True, metadata={"description": "Rated matches."})
    provisional = fields.Boolean(required=True)


class LeaderboardSchema(Schema):
    game = fields.String(required=True)
    entries = fields.List(fields.Nested(LeaderboardEntrySchema), required=True)


class PageSchema(Schema):
    limit = QueryInteger(load_default=100, validate=validate.Range(1, 500))
    offset = QueryInteger(load_default=0, validate=validate.Range(0, 1_000_000))


class GameRatingSchema(Schema):
    game = fields.String(required=True)
    rating = fields.Float(required=True)
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    matches = fields.Integer(required=True, metadata={"description": "Rated matches."})
    provisional = fields.Boolean(required=True)
    reliability = fields.Float(required=True, metadata={
        "description": "0..1: the share of matches played through (timeouts and "
                       "abandonments lower it)."})


class PlayerRatingsSchema(Schema):
    player_id = fields.String(required=True)
    ratings = fields.List(fields.Nested(GameRatingSchema), required=True)
    reliability = fields.Float(required=True, metadata={"description": "Over every game."})
