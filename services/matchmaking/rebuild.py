"""`python -m services.matchmaking.rebuild`: rebuild every game's standings (ratings,
reliability, leaderboards) from the match logs alone.

Each finished match's log is folded to its result; results are applied in finishing order,
as the live path applies them, so the rebuilt standings equal the ones kept from the bus.
"""
from __future__ import annotations

import json
import sys
from collections import defaultdict

from services.matchmaking import context as context_module
from services.matchmaking.results import result_of
from shared.config import Settings
from shared.games.registry import games


def match_ids(ctx) -> list:
    """Every match of this namespace: those in Redis, then the archive's. A match moved to
    the archive during the scan is found in the archive's list, read after the scan."""
    pattern = f"{ctx.settings.namespace}match:*:events"
    found = []
    for key in ctx.redis.scan_iter(match=pattern, count=1000):
        key = key.decode() if isinstance(key, bytes) else key
        found.append(key[len(ctx.settings.namespace) + len("match:{"):-len("}:events")])
    seen = set(found)
    found += [m for m in ctx.log.archive.match_ids(ctx.settings.namespace) if m not in seen]
    return found


def finished_results(ctx) -> dict:
    """Every finished match's result, by game, from the logs of this namespace (Redis and
    the archive, read through the one log: shared/eventlog/archive/reader.py)."""
    by_game = defaultdict(list)
    for match_id in match_ids(ctx):
        result = result_of(ctx.log.read(match_id))
        if result is not None:
            by_game[result.game].append(result)
    return by_game


def rebuild(ctx) -> dict:
    """Rewrite every game's standings from the logs; return how many results each had."""
    by_game = finished_results(ctx)
    for game in sorted(set(games()) | set(by_game)):
        results = by_game.get(game, [])
        ctx.standings.replace(game, results)
    return {game: len(by_game.get(game, [])) for game in sorted(set(games()) | set(by_game))}


def main() -> int:
    counts = rebuild(context_module.build(Settings.from_env()))
    print(json.dumps({"rebuilt": counts}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
