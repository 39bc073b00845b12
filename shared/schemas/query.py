"""Fields for query-string arguments, which arrive as text."""
from __future__ import annotations

import re

from marshmallow import fields

_ASCII_INTEGER = re.compile(r"-?[0-9]+")


class QueryInteger(fields.Integer):
    """An integer written in ASCII digits. Python's int() also reads other scripts' digits
    ("１", "١"), so a plain Integer would take `?seat=１` for seat 1: one number, one spelling."""

    def _validated(self, value):
        if isinstance(value, str) and not _ASCII_INTEGER.fullmatch(value):
            raise self.make_error("invalid")
        return super()._validated(value)
