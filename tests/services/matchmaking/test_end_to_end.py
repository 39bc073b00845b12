"""Issue #4, done: two players ask for a ranked Exordium game, are matched, play it through
the match API, and see their ratings and the leaderboard change; a lone player allowing
bots gets a bot after their wait. Real Redis, a real Celery worker, no mocks.

The pairing loop, the dispatcher and the match service's formed-group consumer are driven
a step at a time in-process (they are the same objects their processes run); ratings go
through the Celery worker subprocess.
"""
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from services.match.api.app import create_app as create_match_app
from services.match.bus.formed import FormedConsumer
from services.matchmaking.consumer import Dispatcher
from services.matchmaking.loop import PairingLoop
from services.matchmaking.tasks import make_celery

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)


@pytest.fixture
def worker(settings):
    env = dict(os.environ, REDIS_URL=settings.redis_url, ORRERY_NAMESPACE=settings.namespace,
               ORRERY_SECRET=settings.secret)
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "services.matchmaking.tasks", "worker",
         "-Q", "matchmaking", "--pool", "solo", "--without-heartbeat", "--without-gossip",
         "--without-mingle", "-l", "warning"], cwd=ROOT, env=env)
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture
def world(settings, mm, mm_ctx):
    match_app = create_match_app(settings)
    match_ctx = match_app.extensions["orrery.match"]

    class World:
        api = match_app.test_client()
        loop = PairingLoop(mm_ctx)
        formed = FormedConsumer(match_ctx, "test")  # the real creation path
        dispatcher = Dispatcher(mm_ctx, celery=make_celery(settings), name="test")

        def step(self):
            self.loop.run_once()
            self.formed.run_once(block_ms=10)
            self.dispatcher.run_once(block_ms=10)

        def player(self, name):
            body = self.api.post("/v1/players", json={"name": name}).get_json()
            return body["player_id"], {"Authorization": f"Bearer {body['token']}"}
    return World()


def wait_for(check, seconds=30.0, step=None):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if step:
            step()
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


def play_out(api, match_id, players):
    """Both players play legal moves (picked at random, reproducibly) until the end."""
    rng = random.Random(4)
    for turn in range(500):
        view = api.get(f"/v1/matches/{match_id}", headers=players[0]).get_json()
        if view["status"] == "finished":
            return view
        for headers in players:
            legal = api.get(f"/v1/matches/{match_id}/legal", headers=headers).get_json()
            if legal["commands"]:
                sent = api.post(f"/v1/matches/{match_id}/commands", headers=headers, json={
                    "command": rng.choice(legal["commands"]), "command_id": f"c{turn}"})
                assert sent.status_code == 200, sent.get_json()
                break
    raise AssertionError("the match did not end")


def test_two_players_are_matched_play_and_are_rated(world, mm, worker):
    ana_id, ana = world.player("Ana")
    bo_id, bo = world.player("Bo")
    tickets = [mm.post("/v1/tickets", headers=h, json={
        "game": "exordium", "players": 2, "mode": "ranked",
        "clock": {"per_move_seconds": 86400, "on_timeout": "bot"}}).get_json()["ticket_id"]
        for h in (ana, bo)]

    shown = wait_for(lambda: [mm.get(f"/v1/tickets/{t}", headers=h).get_json()
                              for t, h in zip(tickets, (ana, bo))
                              if mm.get(f"/v1/tickets/{t}", headers=h).get_json()["match_id"]],
                     step=world.step)
    match_id = shown[0]["match_id"]
    assert {s["status"] for s in shown} == {"matched"}
    assert mm.get(f"/v1/tickets/{tickets[1]}", headers=bo).get_json()["match_id"] == match_id

    view = play_out(world.api, match_id, [ana, bo])
    ranks = view["outcome"]["ranks"]
    assert {s["player_id"] for s in view["seats"]} == {ana_id, bo_id}

    def rated():
        world.dispatcher.run_once(block_ms=10)
        body = mm.get(f"/v1/players/{ana_id}/ratings").get_json()
        return body if body["ratings"] and body["ratings"][0]["matches"] == 1 else None
    ana_rating = wait_for(rated)["ratings"][0]
    assert ana_rating["game"] == "exordium" and ana_rating["provisional"]
    board = mm.get("/v1/leaderboards/exordium").get_json()["entries"]
    assert {e["player_id"] for e in board} == {ana_id, bo_id}
    assert {e["name"] for e in board} == {"Ana", "Bo"}
    ana_seat = next(i for i, s in enumerate(view["seats"]) if s["player_id"] == ana_id)
    if ranks[ana_seat] < ranks[1 - ana_seat]:
        assert board[0]["player_id"] == ana_id and ana_rating["mu"] > 25
    elif ranks[ana_seat] > ranks[1 - ana_seat]:
        assert board[0]["player_id"] == bo_id and ana_rating["mu"] < 25


def test_a_lone_player_allowing_bots_gets_a_bot_after_their_wait(world, mm):
    _, ana = world.player("Ana")
    ticket = mm.post("/v1/tickets", headers=ana, json={
        "game": "exordium", "players": 2, "allow_bots": True,
        "max_wait_seconds": 1}).get_json()["ticket_id"]
    world.step()
    assert mm.get(f"/v1/tickets/{ticket}", headers=ana).get_json()["status"] == "waiting"
    shown = wait_for(lambda: mm.get(f"/v1/tickets/{ticket}", headers=ana).get_json()["match_id"]
                     and mm.get(f"/v1/tickets/{ticket}", headers=ana).get_json(),
                     seconds=10, step=world.step)
    assert shown["status"] == "matched"
    seats = world.api.get(f"/v1/matches/{shown['match_id']}", headers=ana).get_json()["seats"]
    assert sorted("bot" if s.get("bot") else "player" for s in seats) == ["bot", "player"]
