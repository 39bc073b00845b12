"""A hash chain over a match's stream entries: each link hashes the previous link and one
entry (its version and fields, as text). Two copies of a log with the same count and the
same head hold the same entries in the same order, byte for byte; the mover compares the
head computed over Redis with the one computed over what the archive gives back before it
deletes anything."""
from __future__ import annotations

import hashlib
import json

START = "0" * 64


def link(previous: str, version: int, fields: dict) -> str:
    text = json.dumps([version, fields], separators=(",", ":"), sort_keys=True,
                      ensure_ascii=False)
    return hashlib.sha256(previous.encode() + b"\n" + text.encode()).hexdigest()


def head(entries) -> str:
    """The chain's head over (version, fields) pairs, in order."""
    current = START
    for version, fields in entries:
        current = link(current, version, fields)
    return current
