"""A Redis that hangs (stopped, not down: its port still accepts connections) is a 503 with
Retry-After within seconds, and /readyz fails within 2 s, on both APIs (issue 25, item 2).

Each test stops a private redis-server of its own (SIGSTOP), never the shared one."""
from __future__ import annotations

import signal
import time

import pytest

from services.match.api.app import create_app as match_app
from services.matchmaking.app import create_app as matchmaking_app
from shared.config import Settings
from shared.infra.connect import COMMAND_TIMEOUT
from shared.infra.redis_server import start_private

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def private_redis(tmp_path):
    handle = start_private(tmp_path / "redis")
    yield handle
    try:
        handle.process.send_signal(signal.SIGCONT)
    finally:
        handle.stop()


@pytest.fixture
def apps(private_redis):
    settings = Settings.from_env(redis_url=private_redis.url, namespace="hung:",
                                 secret="test-secret-hung-redis", rate_limit_per_minute=0)
    return match_app(settings).test_client(), matchmaking_app(settings).test_client()


def _timed(call):
    started = time.monotonic()
    answer = call()
    return answer, time.monotonic() - started


def test_a_hung_redis_is_a_503_with_retry_after_and_readyz_fails_within_2_s(apps,
                                                                            private_redis):
    match, matchmaking = apps
    player = match.post("/v1/players", json={"name": "Ana"}).get_json()
    headers = {"Authorization": f"Bearer {player['token']}"}
    assert match.get("/readyz").status_code == 200
    assert matchmaking.get("/readyz").status_code == 200
    private_redis.process.send_signal(signal.SIGSTOP)
    try:
        for client in (match, matchmaking):
            answer, took = _timed(lambda: client.get("/readyz"))
            assert answer.status_code == 503 and took < 2.0, (answer.status_code, took)
            assert answer.headers["Retry-After"]
        calls = [lambda: match.post("/v1/players", json={"name": "Bo"}),
                 lambda: match.get("/v1/players/me/matches", headers=headers),
                 lambda: match.post("/v1/matches", headers=headers, json={
                     "game": "tictactoe", "seats": [{"player_id": player["player_id"]},
                                                    {"bot": "random"}]}),
                 lambda: matchmaking.post("/v1/tickets", headers=headers, json={
                     "game": "tictactoe", "players": 2, "mode": "casual"})]
        for call in calls:
            answer, took = _timed(call)
            assert answer.status_code == 503, answer.get_data()
            assert answer.get_json()["error"] == "unavailable"
            assert int(answer.headers["Retry-After"]) >= 1
            # A timeout and one more try on a fresh connection, then the answer: bounded.
            assert took < 2 * COMMAND_TIMEOUT + 3, took
    finally:
        private_redis.process.send_signal(signal.SIGCONT)
    # Back as soon as Redis is.
    answer, took = _timed(lambda: match.get("/readyz"))
    assert answer.status_code == 200 and took < 2.0
    assert match.get("/v1/players/me/matches", headers=headers).status_code == 200
    assert matchmaking.get("/readyz").status_code == 200
