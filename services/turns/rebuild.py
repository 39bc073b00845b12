"""Rebuild the "your turn" projection from the match logs alone.

    python -m services.turns.rebuild

Deletes the projection's keys (every player's to-act list and turns, the deadlines, the
projected versions) and projects every match's log again, notifying nobody. The result is
the same keys the live projection keeps (a test checks it).
"""
from __future__ import annotations

import sys

from services.turns.config import TurnsSettings
from services.turns.context import TurnsContext, build
from services.turns.projection import project_match


def _projection_keys(ctx: TurnsContext) -> list:
    ns = ctx.keys.namespace
    found = ctx.keys.deadline_shards()
    for pattern in (f"{ns}player:{{*}}:to-act", f"{ns}player:{{*}}:turns",
                    f"{ns}match:{{*}}:turn-version"):
        found += list(ctx.redis.scan_iter(match=pattern, count=1000))
    return found


def match_ids(ctx: TurnsContext) -> list:
    prefix, suffix = f"{ctx.keys.namespace}match:{{", "}:events"
    ids = []
    for key in ctx.redis.scan_iter(match=f"{prefix}*{suffix}", count=1000):
        text = key.decode()
        ids.append(text[len(prefix):-len(suffix)])
    return sorted(ids)


def rebuild(ctx: TurnsContext) -> int:
    """Project every match again from its log; return how many."""
    keys = _projection_keys(ctx)
    for start in range(0, len(keys), 500):
        ctx.redis.delete(*keys[start:start + 500])
    ids = match_ids(ctx)
    for match_id in ids:
        project_match(ctx, match_id, notify_players=False)
    return len(ids)


def main() -> int:
    count = rebuild(build(TurnsSettings.from_env()))
    print(f"projected {count} matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
