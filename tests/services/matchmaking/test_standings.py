"""Standings on Redis: a result applies once, order never matters, rebuilds are identical."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from services.matchmaking.rebuild import rebuild
from shared.eventlog import EventLog
from shared.games.registry import get_game
from shared.games.replay import match_created

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[3]


def play_tictactoe(log: EventLog, match_id, players, winner_first=True, mode="ranked"):
    """Write a whole tic-tac-toe match to its log, as the match service would."""
    game = get_game("tictactoe")
    created = match_created(match_id, "tictactoe",
                            [{"player_id": p, "name": p.upper()} for p in players], {}, None)
    created["data"]["matchmaking"] = {"mode": mode}
    events = [created] + game.setup({}, 2, random.Random(0))
    state = None
    for event in events[1:]:
        state = game.evolve(state, event)
    cells = [0, 3, 1, 4, 2] if winner_first else [3, 0, 4, 1, 8, 2]
    for cell in cells:
        seat = game.to_act(state)[0]
        for event in game.decide(state, seat, {"type": "mark", "cell": cell}, None):
            state = game.evolve(state, event)
            events.append(event)
    assert game.outcome(state) is not None
    log.append(match_id, events, expected_version=0)


def dump(redis, pattern):
    out = {}
    for key in sorted(redis.scan_iter(match=pattern)):
        kind = redis.type(key)
        if kind == b"hash":
            out[key] = sorted(redis.hgetall(key).items())
        elif kind == b"zset":
            out[key] = redis.zrange(key, 0, -1, withscores=True)
        else:
            out[key] = redis.get(key)
    return out


def test_a_result_delivered_twice_is_applied_once(mm_ctx, event_log):
    play_tictactoe(event_log, "m1", ["ana", "bo"])
    from services.matchmaking.tasks import apply_match
    assert apply_match(mm_ctx, "m1") == "applied"
    before = dump(mm_ctx.redis, mm_ctx.keys.game_pattern("tictactoe"))
    assert apply_match(mm_ctx, "m1") == "duplicate"
    assert dump(mm_ctx.redis, mm_ctx.keys.game_pattern("tictactoe")) == before
    assert mm_ctx.standings.get("tictactoe", "ana").rated_matches == 1


def test_results_arriving_out_of_order_give_the_standings_a_rebuild_gives(mm_ctx, event_log):
    from services.matchmaking.tasks import apply_match
    for n in range(4):
        play_tictactoe(event_log, f"m{n}", ["ana", "bo"] if n % 2 else ["bo", "cy"],
                       winner_first=n != 2)
    assert [apply_match(mm_ctx, m) for m in ("m1", "m0", "m3", "m2")] == [
        "applied", "recomputed", "applied", "recomputed"]
    live = dump(mm_ctx.redis, mm_ctx.keys.game_pattern("tictactoe"))
    rebuild(mm_ctx)
    assert dump(mm_ctx.redis, mm_ctx.keys.game_pattern("tictactoe")) == live


def test_the_rebuild_command_gives_identical_standings(mm_ctx, event_log, settings):
    from services.matchmaking.tasks import apply_match
    for n in range(3):
        play_tictactoe(event_log, f"r{n}", ["ana", "bo"], winner_first=n % 2 == 0)
        apply_match(mm_ctx, f"r{n}")
    play_tictactoe(event_log, "casual", ["ana", "dee"], mode="casual")
    apply_match(mm_ctx, "casual")
    pattern = f"{settings.namespace}mm:game:*"
    live = dump(mm_ctx.redis, pattern)
    mm_ctx.redis.delete(*mm_ctx.redis.scan_iter(match=pattern))
    env = {"REDIS_URL": settings.redis_url, "ORRERY_NAMESPACE": settings.namespace,
           "ORRERY_ARCHIVE_URL": os.environ["ORRERY_ARCHIVE_URL"],  # the run's, not data/'s
           "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "services.matchmaking.rebuild"], cwd=ROOT,
                         env=env, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["rebuilt"]["tictactoe"] == 4
    assert dump(mm_ctx.redis, pattern) == live
    leaders = mm_ctx.standings.leaderboard("tictactoe")
    assert [s.player_id for _, s in leaders][0] == "ana" and len(leaders) == 2
