"""shared/web/dump.py: a schema's planned dump gives exactly what `Schema.dump` gives, on
every response schema the services declare, for values of the right kinds, of other
kinds, None, missing keys, extra keys and objects that are not dicts."""
from __future__ import annotations

import importlib
import inspect
from types import SimpleNamespace

import pytest
from marshmallow import Schema, fields, post_dump

from shared.web.dump import planned

MODULES = ["services.match.schemas", "services.matchmaking.schemas", "shared.schemas.errors"]


def _schemas() -> list:
    found = {}
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        for value in vars(module).values():
            if inspect.isclass(value) and issubclass(value, Schema) and value is not Schema:
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return sorted(found.items())


def _sample(field, variant: int):
    """A value for `field`: variant 0 of its own kind, 1 of a neighbouring kind."""
    if isinstance(field, fields.Nested):
        one = _object(field.schema, variant)
        return [one, one] if (field.many or field.schema.many) else one
    if isinstance(field, fields.List):
        return [_sample(field.inner, variant), _sample(field.inner, 1 - variant)]
    if isinstance(field, fields.Integer):
        return 3 if variant == 0 else 4.0
    if isinstance(field, fields.Float):
        return 2.5 if variant == 0 else 2
    if isinstance(field, fields.Boolean):
        return True if variant == 0 else "no"
    if isinstance(field, fields.String):
        return "text" if variant == 0 else b"bytes"
    if isinstance(field, fields.Mapping):
        return {"a": 1, "b": [2]} if variant == 0 else {}
    return {"raw": [1]} if variant == 0 else "raw"


def _object(schema: Schema, variant: int) -> dict:
    return {name: _sample(field, variant) for name, field in schema.fields.items()}


def _values(schema: Schema) -> list:
    full, other = _object(schema, 0), _object(schema, 1)
    half = dict(list(full.items())[::2])
    nones = {name: None for name in full}
    extra = {**full, "not_a_field": 1, "items": 2}
    objects = [full, other, half, nones, extra, {}, SimpleNamespace(**full)]
    return [[o, o] for o in objects] if schema.many else objects


def _same(schema: Schema, value) -> None:
    try:
        expected = schema.dump(value)
    except Exception as error:  # noqa: BLE001 - the plan must fail the same way
        with pytest.raises(type(error)):
            planned(schema)(value)
        return
    got = planned(schema)(value)
    assert got == expected
    assert _shape(got) == _shape(expected)  # key order and types too


def _shape(value):
    if isinstance(value, dict):
        return [(key, _shape(inner)) for key, inner in value.items()]
    if isinstance(value, list):
        return [_shape(inner) for inner in value]
    return (type(value).__name__, value)


@pytest.mark.parametrize("name, schema_class", _schemas(), ids=lambda x: getattr(x, "__name__", x))
def test_the_plan_dumps_as_the_schema_does(name, schema_class):
    try:
        schema = schema_class()
    except TypeError:
        pytest.skip("needs arguments")
    for value in _values(schema):
        _same(schema, value)


def test_the_command_answer_schema_is_planned_not_left_to_dump():
    from services.match.schemas import CommandResponseSchema

    schema = CommandResponseSchema()
    assert planned(schema) != schema.dump
    event = {"v": 4, "type": "Marked", "schema": 1, "data": {"cell": 4}, "at": "t",
             "cause": {"command": {"type": "mark"}}}
    assert planned(schema)({"version": 4, "to_act": (1,), "events": [event]}) == {
        "version": 4, "events": [{"v": 4, "type": "Marked", "schema": 1,
                                  "data": {"cell": 4}, "at": "t"}], "to_act": [1]}


def test_what_the_plan_does_not_cover_is_left_to_the_schema():
    class Hooked(Schema):
        n = fields.Integer()

        @post_dump
        def doubled(self, data, **kwargs):
            return {"n": data["n"] * 2}

    class Defaulted(Schema):
        n = fields.Integer(dump_default=7)

    class Renamed(Schema):
        n = fields.Integer(attribute="m", data_key="k")

    for schema_class in (Hooked, Defaulted, Renamed):
        schema = schema_class()
        assert planned(schema) == schema.dump
    assert planned(Hooked())({"n": 2}) == {"n": 4}
    assert planned(Defaulted())({}) == {"n": 7}


def test_many_and_data_keys_and_nested_many():
    class Inner(Schema):
        x = fields.Integer(data_key="X")

    class Outer(Schema):
        inner = fields.Nested(Inner, many=True)
        one = fields.Nested(Inner, allow_none=True)
        tags = fields.List(fields.String())

    schema = Outer(many=True)
    for value in ([{"inner": [{"x": 1}, {"x": "2"}], "one": None, "tags": [1, "a"]}], [{}],
                  None, []):
        _same(schema, value)
