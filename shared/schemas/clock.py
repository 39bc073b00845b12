"""A match clock, as both services accept it (API.md): the match service starts it, and
matchmaking passes a ticket's clock on to the match it forms."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

ON_TIMEOUT = ("bot", "skip", "forfeit")
# The longest time a clock may give: a year. Correspondence play measures moves in days; a
# larger number serves no game, and an unbounded one (1e20 s) overflowed the date arithmetic
# of every deadline (a 500 on reading the match).
MAX_CLOCK_SECONDS = 366 * 86_400
_SECONDS = validate.Range(min=1, max=MAX_CLOCK_SECONDS)


class ClockSchema(Schema):
    """Either {per_move_seconds, on_timeout} or {bank_seconds, increment_seconds,
    on_timeout}; either may add `weekends_off` (Saturday and Sunday, UTC, do not count)."""

    per_move_seconds = fields.Integer(strict=True, validate=_SECONDS)
    bank_seconds = fields.Integer(strict=True, validate=_SECONDS)
    increment_seconds = fields.Integer(strict=True,
                                       validate=validate.Range(min=0, max=MAX_CLOCK_SECONDS))
    weekends_off = fields.Boolean()
    on_timeout = fields.String(required=True, validate=validate.OneOf(ON_TIMEOUT))

    @validates_schema
    def _one_shape(self, data, **kwargs):
        per_move = "per_move_seconds" in data
        bank_keys = {"bank_seconds", "increment_seconds"} & data.keys()
        if per_move and bank_keys:
            raise ValidationError("A clock is per move or a bank, not both.")
        if not per_move and bank_keys != {"bank_seconds", "increment_seconds"}:
            raise ValidationError("Give per_move_seconds, or bank_seconds and increment_seconds.")
