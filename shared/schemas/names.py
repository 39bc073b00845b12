"""A player's name: what a person sees of another on boards, lists and leaderboards.

NFC (so "é" typed two ways is one name), surrounding spaces removed, 1-40 visible
characters, and nothing that would let a name hide or disguise itself or the text around
it: no control characters, no line breaks, no bidirectional embeddings, overrides or
isolates ("Trojan source"), no lone surrogates.
"""
from __future__ import annotations

import unicodedata

from marshmallow import ValidationError, fields

MAX_VISIBLE = 40
# Code points kept at most: emoji sequences join visible characters with invisible ones
# (zero-width joiners, variation selectors), which do not count as visible, so a name may
# be longer than 40 code points, but not without bound.
MAX_CODE_POINTS = 64
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                          "\u200e\u200f\u061c")
# Control characters, surrogates, line and paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
# What shows nothing by itself: spaces, format characters, combining marks.
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Cf", "Mn", "Me"})


def player_name(raw: str) -> str:
    """`raw` as a player's name; raise ValueError saying why when it cannot be one."""
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("A name must be valid Unicode text.") from None
    name = unicodedata.normalize("NFC", raw).strip()
    for char in name:
        if char in BIDI_CONTROLS:
            raise ValueError("A name may not hold bidirectional controls (U+202A-U+202E, "
                             "U+2066-U+2069, directional marks).")
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            raise ValueError(f"A name may not hold control characters or line breaks "
                             f"(U+{ord(char):04X}).")
    visible = sum(1 for char in name if unicodedata.category(char) not in _INVISIBLE_CATEGORIES)
    if visible < 1:
        raise ValueError("A name needs at least one visible character.")
    if visible > MAX_VISIBLE:
        raise ValueError(f"A name has at most {MAX_VISIBLE} visible characters.")
    if len(name) > MAX_CODE_POINTS:
        raise ValueError(f"A name has at most {MAX_CODE_POINTS} characters in all.")
    return name


class PlayerName(fields.String):
    """A string field loading as `player_name` rules it (a 400 that says why otherwise)."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return player_name(super()._deserialize(value, attr, data, **kwargs))
        except ValueError as error:
            raise ValidationError(str(error)) from None
