"""Exordium command shapes (400-level checks only; the rules are the engine's to check)."""
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

CELL = validate.Regexp(r"^[a-e][1-5]$", error="A cell is a column a-e and a row 1-5, e.g. 'b3'.")
CARDS = ("red", "blue", "green")
ACTIONS = ("explore", "extract", "examine")
# The target field each Action may carry (Examine carries none).
_TARGET = {"explore": "cell", "extract": "terrain", "examine": None}


class ExordiumAction(Schema):
    """One Action of an Action card, with its target when it can be completed."""

    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))
    cell = fields.String(allow_none=True, validate=CELL)
    terrain = fields.String(allow_none=True, validate=CELL)

    @validates_schema
    def _one_target_field(self, data, **kwargs):
        """An Action carries only its own target field."""
        allowed = _TARGET.get(data.get("action"))
        for key in ("cell", "terrain"):
            if key in data and key != allowed:
                raise ValidationError(f"{data.get('action')} takes no {key!r}.", key)


class ExordiumCommand(Schema):
    """`choose_start` with a cell, or `play_action_card` with a card and 1-2 Actions."""

    type = fields.String(required=True,
                         validate=validate.OneOf(("choose_start", "play_action_card")))
    cell = fields.String(validate=CELL)
    card = fields.String(validate=validate.OneOf(CARDS))
    actions = fields.List(fields.Nested(ExordiumAction), validate=validate.Length(1, 2))

    @validates_schema
    def _fields_of_type(self, data, **kwargs):
        """Each command type has its own required fields and no others."""
        needed = {"choose_start": ("cell",), "play_action_card": ("card", "actions")}
        wanted = needed.get(data.get("type"), ())
        for key in ("cell", "card", "actions"):
            if key in wanted and key not in data:
                raise ValidationError("Missing data for required field.", key)
            if key not in wanted and key in data:
                raise ValidationError(f"Not a field of {data.get('type')}.", key)


COMMAND_SCHEMA = ExordiumCommand
