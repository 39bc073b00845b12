"""A match log as it is exported (GET /v1/matches/{id}/log, `orrery export`): NDJSON, one
logged event per line ({v, type, schema, data, at}, and "cause" on each batch's first
event), and — once the match is over — the match's seed on the first line, so anyone can
re-execute the log (`orrery verify`). The seed stays private while the match is played:
with it, anyone could recompute hidden deck orders.
"""
from __future__ import annotations

import json
from typing import Iterable, Iterator, Optional

from services.match.command_path.chance import SEED_FIELD
from shared.games.replay import MatchState

OVER = ("finished", "aborted")


def is_over(state: MatchState) -> bool:
    return state.status in OVER


def stored_seed(log, match_id: str) -> Optional[int]:
    """The match's seed if one was stored, in Redis or with the archived log (never makes
    one: an imported match without a seed must not be given one that its log was not drawn
    from)."""
    value = log.meta(match_id).get(SEED_FIELD)
    return None if value is None else int(value)


def with_seed(events: list, seed: Optional[int]) -> list:
    """The events to export: the seed, when given, on the first."""
    if seed is None or not events:
        return list(events)
    return [{**events[0], SEED_FIELD: seed}, *events[1:]]


def ndjson(events: Iterable[dict]) -> Iterator[str]:
    return (json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n"
            for event in events)
