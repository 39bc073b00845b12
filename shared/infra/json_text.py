"""JSON text exactly as the standard library writes it, at orjson's speed.

Match logs, bus messages and answers are compact JSON as `json.dumps` writes it (ASCII,
`separators=(",", ":")`, keys in the order given or sorted). orjson writes the same
bytes several times faster for most values; where it would not, the standard library
writes them, so the text never depends on which one did:

- text with a non-ASCII character (json escapes it as \\uXXXX, orjson writes UTF-8), or
  with DEL (0x7f), the one ASCII character json escapes and orjson writes as it is;
- a float below 1e-4 (json writes 2.5e-05 and 1e-07, orjson 0.000025 and 1e-7);
- what orjson refuses or would write its own way: integers beyond 64 bits, keys that are
  not strings, subclasses of str, int, dict and list, dates, dataclasses, other types
  (json's `default`, when given, then writes them).

Non-finite floats (NaN, Infinity) are not JSON: json writes them as bare words no JSON
parser but Python's reads back, orjson as null; no Orrery value holds one.

Reading: `loads` parses with orjson and leaves to json what orjson refuses (a bare NaN,
lone surrogates, other encodings than UTF-8) or reads its own way (an integer of 19 digits
or more, which orjson reads as a float), so every text is read as json reads it.
"""
from __future__ import annotations

import json
import re

import orjson

_SMALL_EXPONENT = re.compile(rb"[0-9]e-[0-9](?![0-9])")
_LONG_NUMBER = re.compile(rb"[0-9]{19}")
_OWN_WAY = (orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATETIME
            | orjson.OPT_PASSTHROUGH_DATACLASS)  # left to json (they raise TypeError here)


def _written_alike(raw: bytes) -> bool:
    """Whether `raw` (orjson's text) is byte for byte what json.dumps writes."""
    return raw.isascii() and b"\x7f" not in raw and b"0.0000" not in raw and (
        b"e-" not in raw or _SMALL_EXPONENT.search(raw) is None)


def dumps_bytes(value, sort_keys: bool = False, default=None) -> bytes:
    """`json.dumps(value, separators=(",", ":"), sort_keys=sort_keys,
    default=default).encode()`."""
    try:
        raw = orjson.dumps(value, option=_OWN_WAY | orjson.OPT_SORT_KEYS if sort_keys
                           else _OWN_WAY)
    except TypeError:
        raw = b""
    if raw and _written_alike(raw):
        return raw
    return json.dumps(value, separators=(",", ":"), sort_keys=sort_keys,
                      default=default).encode()


def dumps(value, sort_keys: bool = False) -> str:
    """`json.dumps(value, separators=(",", ":"), sort_keys=sort_keys)`."""
    return dumps_bytes(value, sort_keys).decode()


def loads(text):
    """`json.loads(text)` (str or bytes)."""
    try:
        raw = text.encode() if isinstance(text, str) else text
    except UnicodeEncodeError:  # a lone surrogate in the text itself
        return json.loads(text)
    if _LONG_NUMBER.search(raw) is None:
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)
