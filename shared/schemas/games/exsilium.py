"""Exsilium command shapes (400-level checks only; the rules are the engine's to check)."""
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

TYPES = ("choose_faction", "bid", "choose_start", "move", "activate", "play", "drop",
         "remove_card", "activate_terminal", "access_upgrades", "cycle_upgrades", "buy",
         "leave_upgrades", "ability", "end_turn", "commit", "dodge", "evade", "favorable_zone",
         "concede", "discard", "leave_conflict", "stay", "displace")
_NODE = fields.Integer(strict=True, validate=validate.Range(0, 9999), allow_none=True)
_CARD = fields.String(validate=validate.Length(1, 32), allow_none=True)
_FIELDS = {
    "choose_faction": ("faction",), "bid": ("amount",), "choose_start": ("node",),
    "move": ("card", "mini", "path", "action", "control"), "activate": ("card", "node"),
    "play": ("card", "give", "take", "target", "zone", "mini", "node"),
    "drop": ("card", "node", "face"), "remove_card": ("card",), "activate_terminal": ("node",),
    "access_upgrades": (), "cycle_upgrades": ("slot",), "buy": ("slots", "paid"),
    "leave_upgrades": (), "ability": ("card", "mini", "tile", "node", "target"),
    "end_turn": (), "commit": ("cards",), "dodge": ("card",), "evade": ("card",),
    "favorable_zone": ("card",), "concede": ("card", "node", "baralytas"),
    "discard": ("cards",), "leave_conflict": ("card", "path"), "stay": (),
    "displace": ("node",)}


class ExsiliumCommand(Schema):
    """One command; each type carries only its own fields."""

    type = fields.String(required=True, validate=validate.OneOf(TYPES))
    faction = fields.String(validate=validate.OneOf(("syl", "keber", "vinsan", "wardun")))
    amount = fields.Integer(strict=True, validate=validate.Range(0, 40))
    node = _NODE
    card = _CARD
    mini = fields.Integer(strict=True, validate=validate.Range(0, 3))
    path = fields.List(fields.Integer(strict=True), validate=validate.Length(1, 4))
    action = fields.Boolean()
    control = fields.Boolean()
    give = _CARD
    take = _CARD
    target = fields.Raw()
    zone = fields.String(validate=validate.OneOf(("hand", "discard")))
    face = fields.String(validate=validate.OneOf(("up", "down", "supply")))
    slot = fields.Integer(strict=True, validate=validate.Range(0, 3))
    slots = fields.List(fields.Integer(strict=True), validate=validate.Length(1, 4))
    paid = fields.List(fields.String(), validate=validate.Length(0, 40))
    tile = fields.String(validate=validate.Regexp(r"^-?\d+,-?\d+$"))
    cards = fields.List(fields.String(), validate=validate.Length(0, 40))
    baralytas = fields.Integer(strict=True, allow_none=True, validate=validate.Range(1, 3))

    @validates_schema
    def _fields_of_type(self, data, **kwargs):
        allowed = _FIELDS.get(data.get("type"), ())
        for key in data:
            if key != "type" and key not in allowed:
                raise ValidationError(f"Not a field of {data.get('type')}.", key)


COMMAND_SCHEMA = ExsiliumCommand
