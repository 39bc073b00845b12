"""The post-game analysis projection: where it is kept, and how it is asked for.

The bot service computes it (services/bot/analysis.py: the finished log replayed, every
seat's command judged from that seat's view) and stores it as JSON under `Keys.analysis`;
the match API serves it (GET /v1/matches/{id}/analysis). It is a projection of the log, so
a missing one is simply asked for again: the API puts `{"match_id"}` on the bus topic
"analysis-requests" (at most once per REQUEST_SECONDS per match) and answers "pending"; the
bot dispatcher turns the request into the analysis task.

The JSON shape (docs/API.md):
    {"match_id", "status": "ready" | "pending",
     "positions": [{"version", "seat", "evaluation", "best_command", "played_command",
                    "loss"}],
     "mistakes": [{"version", "seat", "loss"}]}
"""
from __future__ import annotations

import json
from typing import Optional

from shared.schemas.bus import ANALYSIS_REQUESTS

READY, PENDING = "ready", "pending"
# A request not answered within this long (a worker died, the queue was lost) is sent again
# by the next GET; the task is idempotent, so a second one only costs its time.
REQUEST_SECONDS = 120


def pending(match_id: str) -> dict:
    """What is served while the analysis is being computed."""
    return {"match_id": match_id, "status": PENDING, "positions": [], "mistakes": []}


def stored(redis, keys, match_id: str) -> Optional[dict]:
    """The stored analysis, or None."""
    raw = redis.get(keys.analysis(match_id))
    return None if raw is None else json.loads(raw)


def store(redis, keys, match_id: str, analysis: dict) -> None:
    redis.set(keys.analysis(match_id), json.dumps(analysis, separators=(",", ":")))
    redis.delete(keys.analysis_requested(match_id))


def request(redis, keys, bus, match_id: str) -> bool:
    """Ask for the analysis unless it was asked for lately; True when a request was sent."""
    if not redis.set(keys.analysis_requested(match_id), "1", nx=True, ex=REQUEST_SECONDS):
        return False
    bus.publish(ANALYSIS_REQUESTS, {"match_id": match_id}, key=match_id)
    return True
