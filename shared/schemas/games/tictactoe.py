"""Tic-tac-toe command shape."""
from marshmallow import Schema, fields, validate


class TicTacToeCommand(Schema):
    type = fields.String(required=True, validate=validate.OneOf(["mark"]))
    cell = fields.Integer(required=True, strict=True, validate=validate.Range(0, 8))


COMMAND_SCHEMA = TicTacToeCommand
