"""Chaos (issue 25, item 2): things that hang rather than die, under load, on `make run`'s
whole stack over a private Redis. Redis is stopped (SIGSTOP) for 10 s, then for 40 s; then
the match consumer for 20 s. While Redis hangs, /readyz fails within 2 s; within 2 s of
Redis resuming the API answers a command again; the stopped consumer is found silent by the
launcher and started again. Afterwards every acknowledged command is in its log exactly
once and every bot turn was played once (test_chaos.py's judgement)."""
from __future__ import annotations

import os
import signal
import time

import pytest
import requests

from tests.chaos.chaos import Load, Player, bot_reply_time
from tests.chaos.stack import Stack, wait_for
from tests.chaos.test_chaos import _assert_logs_hold

pytestmark = pytest.mark.timeout(900)
STALL_SECONDS = 12  # the launcher's stall time here (ORRERY_STALL_SECONDS; 20 s by default)
BEAT_LAG_SECONDS = 2.5  # how long before a stop the last beat may have been


@pytest.fixture
def stack(tmp_path):
    stack = Stack(tmp_path)
    stack.env["ORRERY_STALL_SECONDS"] = str(STALL_SECONDS)
    stack.start_redis()
    stack.start()
    yield stack
    try:
        stack.redis.process.send_signal(signal.SIGCONT)
    except ProcessLookupError:
        pass
    stack.stop()


def _readyz_fails_fast(stack: Stack) -> float:
    started = time.monotonic()
    answer = requests.get(stack.api + "/readyz", timeout=10)
    took = time.monotonic() - started
    assert answer.status_code == 503 and answer.headers.get("Retry-After"), answer.text
    return took


def _serving_again(stack: Stack, prober: Player) -> float:
    """Seconds until the API answers /readyz and creates a match again."""
    resumed = time.monotonic()
    body = {"game": "tictactoe", "seats": [{"player_id": prober.player_id}, {"bot": "random"}]}

    def serves():
        if not requests.get(stack.api + "/readyz", timeout=2).ok:
            return False
        return prober.http.post(stack.api + "/v1/matches", json=body,
                                timeout=2).status_code == 201
    wait_for(serves, 60, "the API to serve again")
    return time.monotonic() - resumed


def _hang_redis(stack: Stack, prober: Player, seconds: float) -> tuple:
    stack.redis.process.send_signal(signal.SIGSTOP)
    stopped = time.monotonic()
    try:
        time.sleep(1)
        readyz = _readyz_fails_fast(stack)
        time.sleep(max(0.0, seconds - (time.monotonic() - stopped)))
    finally:
        stack.redis.process.send_signal(signal.SIGCONT)
    return readyz, _serving_again(stack, prober)


def test_a_hung_redis_and_a_stopped_consumer_lose_and_repeat_nothing(stack):
    """Long (about a minute and a half): Redis is stopped for 10 s and then 40 s, and the match
    consumer for 20 s, under load; the stops are what is tested, and each must be waited out."""
    load = Load(stack)
    prober = Player(stack, "prober")
    load.start()
    time.sleep(3)
    figures = {}
    for seconds in (10, 40):
        figures[f"redis stopped {seconds} s"] = _hang_redis(stack, prober, seconds)
        time.sleep(3)  # under load again
    consumer = stack.pids()["match-consumer"]
    stack_output_mark = len(stack.output)
    os.kill(consumer, signal.SIGSTOP)
    stopped = time.monotonic()
    restarted = wait_for(lambda: stack.restarted_after("match-consumer", stopped), 60,
                         "the stopped consumer to be started again")
    time.sleep(max(0.0, 20 - (time.monotonic() - stopped)))
    try:
        os.kill(consumer, signal.SIGCONT)  # it was killed: nothing to resume
    except ProcessLookupError:
        pass
    reply = bot_reply_time(prober)
    load.finish()
    said = [line for _, line in stack.output[stack_output_mark:] if "makes no progress" in line]
    print("\nhangs under load (seconds): /readyz while Redis hangs, API serving again after "
          "Redis resumes")
    for what, (readyz, back) in figures.items():
        print(f"  {what:22s} /readyz {readyz:5.2f}  serving again {back:5.2f}")
    print(f"  match consumer stopped: restarted after {restarted - stopped:5.2f} s; "
          f"a bot's reply then took {reply:5.2f} s")
    for readyz, back in figures.values():
        assert readyz < 2.0
        assert back < 2.0
    assert any("match-consumer" in line for line in said), said
    # Silence counts from the last beat, which came before the stop by up to a pass (a
    # blocking read of 1 s) and the file's beat interval (1 s): so a restart 2 s early is on time.
    assert STALL_SECONDS - BEAT_LAG_SECONDS <= restarted - stopped < STALL_SECONDS + 10
    time.sleep(8)  # every match in flight settles
    _assert_logs_hold(stack, load, prober)
    assert sum(len(ids) for ids in load.acked.values()) > 10
