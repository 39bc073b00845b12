"""The JSON shapes a command's fields may take, declared as data.

A `Field` checks a value with no library at all (engines stay pure: STYLE #5) and describes
itself as JSON Schema; the HTTP edge derives its marshmallow schema from the same declaration
(shared/schemas/games), so a shape is written once and checked the same way everywhere.
Every field is bounded: numbers by a range, text and lists by a length, free-form values by a
depth and a size, so no declared command can carry an unbounded payload.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Optional

INT, TEXT, FLAG, LIST, RECORD, VARIANT, ANY = (
    "int", "str", "bool", "list", "record", "variant", "any")
# Free-form values (a card's parameters) are still bounded: nesting and total size.
ANY_MAX_DEPTH, ANY_MAX_ITEMS = 4, 64
INT_BOUND = 2 ** 31 - 1


@dataclass(frozen=True)
class Field:
    """One field of a command: its JSON kind and bounds; `required` fields must be present,
    `nullable` ones may be null."""

    kind: str
    required: bool = True
    nullable: bool = False
    minimum: Optional[int] = None
    maximum: Optional[int] = None
    min_length: int = 0
    max_length: Optional[int] = None
    choices: tuple = ()
    pattern: Optional[str] = None
    items: Optional["Field"] = None
    fields: Optional[Mapping[str, "Field"]] = None
    # A variant record: `key` names the field whose value picks one of `variants`' records.
    key: Optional[str] = None
    variants: Optional[Mapping[str, Mapping[str, "Field"]]] = None
    description: str = ""

    def problem(self, value: Any) -> Optional[str]:
        """None when `value` has this shape, else why not (a sentence)."""
        if value is None:
            return None if self.nullable else "Must not be null."
        return _CHECKS[self.kind](self, value)

    def json_schema(self) -> dict:
        """This field as JSON Schema (for /openapi.json and the docs)."""
        schema = _SCHEMAS[self.kind](self)
        if self.description:
            schema["description"] = self.description
        if self.nullable:
            schema = {"anyOf": [schema, {"type": "null"}]}
        return schema


def integer(minimum: int = -INT_BOUND, maximum: int = INT_BOUND, **kw) -> Field:
    return Field(INT, minimum=minimum, maximum=maximum, **kw)


def text(max_length: int = 64, choices: tuple = (), pattern: Optional[str] = None,
         **kw) -> Field:
    return Field(TEXT, min_length=kw.pop("min_length", 1), max_length=max_length,
                 choices=tuple(choices), pattern=pattern, **kw)


def choice(*values: str, **kw) -> Field:
    return Field(TEXT, choices=tuple(values), max_length=max(map(len, values)), **kw)


def flag(**kw) -> Field:
    return Field(FLAG, **kw)


def listing(items: Field, max_length: int, min_length: int = 0, **kw) -> Field:
    return Field(LIST, items=items, min_length=min_length, max_length=max_length, **kw)


def record(fields: Mapping[str, Field], **kw) -> Field:
    return Field(RECORD, fields=dict(fields), **kw)


def variant(key: str, variants: Mapping[str, Mapping[str, Field]], **kw) -> Field:
    """An object whose `key` field (one of `variants`' names) decides its other fields."""
    return Field(VARIANT, key=key, variants={name: dict(f) for name, f in variants.items()},
                 **kw)


def anything(**kw) -> Field:
    """A free-form JSON value (bounded in depth and size); the rules compare it whole."""
    return Field(ANY, **kw)


def record_problems(fields: Mapping[str, Field], value: Mapping) -> dict:
    """Per field name, why `value` does not fit the record `fields` (empty when it does)."""
    problems = {name: "Not a field of this command." for name in value if name not in fields}
    for name, field in fields.items():
        if name not in value:
            if field.required:
                problems[name] = "Missing data for required field."
        else:
            reason = field.problem(value[name])
            if reason:
                problems[name] = reason
    return problems


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_int(field: Field, value) -> Optional[str]:
    if not _is_int(value):
        return "Must be an integer."
    if not field.minimum <= value <= field.maximum:
        return f"Must be between {field.minimum} and {field.maximum}."
    return None


def _check_text(field: Field, value) -> Optional[str]:
    if not isinstance(value, str):
        return "Must be a string."
    if field.choices and value not in field.choices:
        return f"Must be one of {list(field.choices)}."
    if not field.min_length <= len(value) <= field.max_length:
        return f"Length must be between {field.min_length} and {field.max_length}."
    if field.pattern and not re.fullmatch(field.pattern, value):
        return f"Must match {field.pattern}."
    return None


def _check_flag(field: Field, value) -> Optional[str]:
    return None if isinstance(value, bool) else "Must be true or false."


def _check_list(field: Field, value) -> Optional[str]:
    if not isinstance(value, list):
        return "Must be a list."
    if not field.min_length <= len(value) <= field.max_length:
        return f"Must hold between {field.min_length} and {field.max_length} items."
    for index, item in enumerate(value):
        reason = field.items.problem(item)
        if reason:
            return f"Item {index}: {reason}"
    return None


def _check_record(field: Field, value) -> Optional[str]:
    if not isinstance(value, dict):
        return "Must be an object."
    problems = record_problems(field.fields, value)
    return "; ".join(f"{k}: {v}" for k, v in sorted(problems.items())) or None


def _check_variant(field: Field, value) -> Optional[str]:
    if not isinstance(value, dict):
        return "Must be an object."
    name = value.get(field.key)
    if not isinstance(name, str) or name not in field.variants:
        return f"{field.key}: Must be one of {sorted(field.variants)}."
    problems = record_problems(field.variants[name],
                               {k: v for k, v in value.items() if k != field.key})
    return "; ".join(f"{k}: {v}" for k, v in sorted(problems.items())) or None


def _check_any(field: Field, value) -> Optional[str]:
    budget = [ANY_MAX_ITEMS]

    def fits(v, depth) -> bool:
        budget[0] -= 1
        if budget[0] < 0 or depth > ANY_MAX_DEPTH:
            return False
        if isinstance(v, bool) or v is None:
            return True
        if _is_int(v):
            return abs(v) <= INT_BOUND
        if isinstance(v, str):
            return len(v) <= 64
        if isinstance(v, list):
            return all(fits(x, depth + 1) for x in v)
        if isinstance(v, dict):
            return all(isinstance(k, str) and len(k) <= 32 and fits(x, depth + 1)
                       for k, x in v.items())
        return False
    if fits(value, 0):
        return None
    return (f"Must be JSON of at most {ANY_MAX_ITEMS} values, nested at most {ANY_MAX_DEPTH} "
            "deep, with strings of at most 64 characters.")


_CHECKS = {INT: _check_int, TEXT: _check_text, FLAG: _check_flag, LIST: _check_list,
           RECORD: _check_record, VARIANT: _check_variant, ANY: _check_any}


def _schema_int(field: Field) -> dict:
    return {"type": "integer", "minimum": field.minimum, "maximum": field.maximum}


def _schema_text(field: Field) -> dict:
    schema = {"type": "string", "minLength": field.min_length, "maxLength": field.max_length}
    if field.choices:
        schema["enum"] = list(field.choices)
    if field.pattern:
        schema["pattern"] = field.pattern
    return schema


def _schema_list(field: Field) -> dict:
    return {"type": "array", "items": field.items.json_schema(),
            "minItems": field.min_length, "maxItems": field.max_length}


def record_schema(fields: Mapping[str, Field]) -> dict:
    """A record of `fields` as a closed JSON Schema object."""
    return {"type": "object", "additionalProperties": False,
            "properties": {name: f.json_schema() for name, f in fields.items()},
            "required": [name for name, f in fields.items() if f.required]}


def _schema_variant(field: Field) -> dict:
    options = []
    for name, fields in sorted(field.variants.items()):
        schema = record_schema(fields)
        schema["properties"] = {field.key: {"type": "string", "enum": [name]},
                                **schema["properties"]}
        schema["required"] = [field.key, *schema["required"]]
        options.append(schema)
    return {"oneOf": options, "discriminator": {"propertyName": field.key}}


_SCHEMAS = {INT: _schema_int, TEXT: _schema_text, FLAG: lambda f: {"type": "boolean"},
            LIST: _schema_list, RECORD: lambda f: record_schema(f.fields),
            VARIANT: _schema_variant, ANY: lambda f: {}}
