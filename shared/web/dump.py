"""A marshmallow schema's `dump`, planned once per schema instead of walked per answer.

`Schema.dump` asks, for every field of every answer, the field's `serialize`, its
`get_value`, the schema's accessor and marshmallow's `get_value` function before the field's
own `_serialize` runs: on a command's answer (a version, who acts, each event's five
fields) that walk cost more than writing the whole answer as JSON. `planned(schema)` reads
the schema once and returns a function that gives what `schema.dump` gives for any value:
the same keys in the same order (`data_key` or the field's name, missing values left out),
each value passed through the same field's `_serialize`, with the common fields' bodies
(Integer, Float, String, Dict, List, Nested) done inline.

Whatever the plan does not cover is left to marshmallow: a schema with `pre_dump` or
`post_dump` hooks, its own accessor or an ordered dict class, and any field with a
`dump_default`, an `attribute`, a dotted name, or its own `serialize` or `get_value`, make
`planned` return `schema.dump` itself; a field of another kind (or one overriding
`_serialize`) is served by its own `_serialize`, as `dump` would. tests/web/test_dump.py
checks the plan against `dump` on every response schema of the services.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from marshmallow import Schema, fields
from marshmallow.decorators import POST_DUMP, PRE_DUMP
from marshmallow.utils import get_value, missing

_ABSENT = object()


def planned(schema: Schema) -> Callable[[Any], Any]:
    """`schema.dump`, as a function planned once (or `schema.dump` itself where the plan
    would not give the same)."""
    one = _plan(schema)
    if one is None:
        return schema.dump
    if schema.many:  # dump(None, many=True) is {}, as marshmallow walks None as one object
        return lambda obj: one(obj) if obj is None else [one(item) for item in obj]
    return one


def _plan(schema: Schema) -> Optional[Callable[[Any], dict]]:
    """What dumps one object as `schema` does (many=False), or None when not planned."""
    if (schema._hooks[PRE_DUMP] or schema._hooks[POST_DUMP] or schema.dict_class is not dict
            or type(schema).get_attribute is not Schema.get_attribute):
        return None
    steps = []
    for name, field in schema.dump_fields.items():
        if (field.dump_default is not missing or field.attribute not in (None, name)
                or "." in name or type(field).serialize is not fields.Field.serialize
                or type(field).get_value is not fields.Field.get_value
                or not field._CHECK_ATTRIBUTE):
            return None
        key = field.data_key if field.data_key is not None else name
        steps.append((name, key, _value(field)))
    steps = tuple(steps)

    def dump_one(obj) -> dict:
        answer = {}
        if type(obj) is dict:
            found = obj.get
            for name, key, value in steps:
                item = found(name, _ABSENT)
                if item is _ABSENT:  # marshmallow then tries the attribute
                    item = getattr(obj, name, missing)
                    if item is missing:
                        continue
                answer[key] = value(item, name, obj)
        else:
            for name, key, value in steps:
                item = get_value(obj, name, missing)
                if item is missing:
                    continue
                answer[key] = value(item, name, obj)
        return answer
    return dump_one


def _value(field: fields.Field) -> Callable[[Any, str, Any], Any]:
    """A field's `_serialize(value, attr, obj)`, inline for the common kinds."""
    kind = type(field)
    serialize = kind._serialize
    if serialize is fields.Number._serialize and kind._format_num is fields.Number._format_num:
        if field.as_string:
            return field._serialize
        number = field.num_type
        return lambda value, attr, obj: None if value is None else number(value)
    if serialize is fields.String._serialize:
        return _text
    if serialize is fields.Field._serialize:  # Raw
        return lambda value, attr, obj: value
    if (serialize is fields.Mapping._serialize and field.key_field is None
            and field.value_field is None):
        mapping = field.mapping_type
        return lambda value, attr, obj: None if value is None else mapping(value)
    if serialize is fields.List._serialize:
        inner = _value(field.inner)
        return lambda value, attr, obj: (None if value is None else
                                         [inner(each, attr, obj) for each in value])
    if serialize is fields.Nested._serialize:
        nested = field.schema  # built once by marshmallow, then kept on the field
        one = _plan(nested)
        if one is None:
            return field._serialize
        if nested.many or field.many:
            return lambda value, attr, obj: (None if value is None else
                                             [one(each) for each in value])
        return lambda value, attr, obj: None if value is None else one(value)
    return field._serialize


def _text(value, attr, obj):
    """fields.String's `_serialize`."""
    if value is None:
        return None
    if isinstance(value, bytes):
        value = value.decode("utf-8")
    return str(value)
