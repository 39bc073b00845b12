"""Flask's JSON, written and read by orjson with the bytes Flask's own provider gives.

Flask writes answers with `json.dumps` (keys sorted, ASCII, compact unless in debug), and
webargs reads JSON bodies with `json.loads`; on the command path the two were about a
tenth of our code's CPU. shared/infra/json_text.py writes and reads the same text with
orjson where it agrees with json and leaves the rest to json, so every answer keeps its
bytes and every body (and every refusal of one) reads as before.
"""
from __future__ import annotations

import typing as t

from flask.json.provider import DefaultJSONProvider
from webargs import core

from shared.infra import json_text

_COMPACT = (",", ":")


class JsonProvider(DefaultJSONProvider):
    """DefaultJSONProvider, with its compact text written through json_text."""

    def dumps(self, obj: t.Any, **kwargs: t.Any) -> str:
        if self._plain(kwargs):
            return json_text.dumps_bytes(obj, self.sort_keys, self.default).decode()
        return super().dumps(obj, **kwargs)

    def loads(self, s, **kwargs: t.Any) -> t.Any:
        return super().loads(s, **kwargs) if kwargs else json_text.loads(s)

    def response(self, *args: t.Any, **kwargs: t.Any):
        if (self.compact is None and self._app.debug) or self.compact is False:
            return super().response(*args, **kwargs)  # indented: json's own text
        obj = self._prepare_response_obj(args, kwargs)
        body = json_text.dumps_bytes(obj, self.sort_keys, self.default) + b"\n"
        return self._app.response_class(body, mimetype=self.mimetype)

    def _plain(self, kwargs: dict) -> bool:
        """Compact text with this provider's settings: what json_text writes alike."""
        return (self.ensure_ascii and kwargs.get("separators") == _COMPACT
                and kwargs.keys() <= {"separators"})


def parse_json(body: bytes) -> t.Any:
    """webargs' `core.parse_json` (UTF-8, then json.loads), read through json_text."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return core.parse_json(body)  # raises webargs' own JSONDecodeError
    return json_text.loads(text)
