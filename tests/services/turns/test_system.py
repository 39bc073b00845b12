"""Play-by-turn end to end (issue #5): real Redis, the match consumer, the bot dispatcher and
a bot worker, the turns dispatcher and a turns Celery worker running beat (the sweep every
second). HTTP goes through the match app's own test client. No eager mode, no mocks."""
from __future__ import annotations

import http.server
import json
import subprocess
import sys
import threading
import time

import pytest

from shared.messages.notifications import SIGNATURE_HEADER, verify
from tests.services.bot.conftest import ROOT
from tests.services.bot.test_system import wait_until
from tests.invitations import start_match
from tests.services.turns.conftest import Player

pytestmark = pytest.mark.timeout(120)


def _mark(client, player, match_id, cell):
    return client.post(f"/v1/matches/{match_id}/commands", headers=player.headers,
                       json={"command": {"type": "mark", "cell": cell}})


def _match(client, ana, bo, clock):
    return start_match(client, ana, [ana, bo], clock=clock)


def _types(ctx, match_id):
    return [e["type"] for e in ctx.log.read(match_id)]


def test_an_absent_players_turn_is_played_by_a_bot_and_they_take_the_seat_back(
        turns_processes, match_app):
    _, client, ctx = match_app
    procs = turns_processes
    procs.match_consumer()
    procs.dispatcher("bot-dispatcher")
    procs.worker("bot-worker")
    procs.turns_dispatcher()
    procs.turns_worker()
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = _match(client, ana, bo, {"per_move_seconds": 2, "on_timeout": "bot"})
    created = ctx.log.read(match_id)[0]
    # Ana (X) never moves: after 2 s the sweep times her out, a bot plays her turn.
    wait_until(lambda: "CellMarked" in _types(ctx, match_id), 30,
               "the bot's move for the absent player", procs)
    events = ctx.log.read(match_id)
    assert [e["type"] for e in events] == [
        "MatchCreated", "InvitationAccepted", "GameStarted", "TurnTimedOut", "SeatTakenOver",
        "CellMarked"]
    timed_out, taken, played = events[3], events[4], events[5]
    assert timed_out["data"]["seat"] == 0 and timed_out["data"]["policy"] == "bot"
    assert timed_out["at"] >= timed_out["data"]["deadline"] > created["at"]
    assert taken["data"]["reason"] == "timeout" and played["data"]["seat"] == 0
    # The bot's command came from the bus, under the bot's own command id.
    assert ctx.log.command_result(match_id, f"0:bot:{match_id}:5:0") is not None
    # Ana comes back: her next command takes the seat back (it is Bo's turn: `reclaim`).
    back = client.post(f"/v1/matches/{match_id}/commands", headers=ana.headers,
                       json={"command": {"type": "reclaim"}})
    assert back.status_code == 200, back.get_json()
    cell = next(c for c in range(9) if c != played["data"]["cell"])
    assert _mark(client, bo, match_id, cell).status_code == 200
    free = next(c for c in range(9) if c not in (cell, played["data"]["cell"]))
    mine = _mark(client, ana, match_id, free)
    assert mine.status_code == 200, mine.get_json()
    assert [e["type"] for e in ctx.log.read(match_id)][6:9] == [
        "SeatReclaimed", "CellMarked", "CellMarked"]
    assert not ctx.store.load(match_id).controller(0).get("bot")


def _projection(ctx, players, matches):
    out = {"deadlines": [ctx.redis.zrange(key, 0, -1, withscores=True)
                         for key in ctx.keys.deadline_shards()],
           "versions": {m: ctx.redis.get(ctx.keys.turn_version(m)) for m in matches}}
    for p in players:
        out[p.player_id] = (ctx.redis.zrange(ctx.keys.player_to_act(p.player_id), 0, -1,
                                             withscores=True),
                            ctx.redis.hgetall(ctx.keys.player_turns(p.player_id)))
    return out


def test_a_player_with_ten_matches_sees_exactly_those_where_they_must_act(
        turns_processes, match_app, turns_env):
    _, client, ctx = match_app
    turns_processes.turns_dispatcher()
    turns_processes.turns_worker(beat=False)
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    matches = [_match(client, ana, bo, {"per_move_seconds": 86_400, "on_timeout": "bot"})
               for _ in range(10)]
    for match_id in matches[:4]:
        assert _mark(client, ana, match_id, 4).status_code == 200  # now Bo must act there
    resign = client.post(f"/v1/matches/{matches[4]}/commands", headers=ana.headers,
                         json={"command": {"type": "resign"}})
    assert resign.status_code == 200  # over: nobody must act
    time.sleep(0.01)
    assert _mark(client, ana, matches[0], 0).status_code == 409  # not her turn

    def listed(player):
        body = client.get("/v1/players/me/matches?to_act=true", headers=player.headers)
        return [m["match_id"] for m in body.get_json()["matches"]]
    wait_until(lambda: set(listed(ana)) == set(matches[5:]) and
               set(listed(bo)) == set(matches[:4]), 30, "the projection", turns_processes)
    assert listed(ana) == matches[5:]  # oldest deadline first: created in this order
    shown = client.get("/v1/players/me/matches?to_act=true", headers=ana.headers).get_json()
    assert all(m["deadline"] and m["seat"] == 0 for m in shown["matches"])
    # The projection rebuilt from the logs alone is the same, key for key.
    live = _projection(ctx, [ana, bo], matches)
    subprocess.run([sys.executable, "-m", "services.turns.rebuild"], env=turns_env, cwd=ROOT,
                   check=True, capture_output=True, timeout=60)
    assert _projection(ctx, [ana, bo], matches) == live


class Receiver:
    """A webhook receiver on loopback: the first POST fails (500), later ones succeed."""

    def __init__(self):
        self.received = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                outer.received.append((dict(self.headers), body))
                self.send_response(500 if len(outer.received) == 1 else 204)
                self.end_headers()

            def log_message(self, *args):
                pass
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/orrery"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def test_a_webhook_on_loopback_gets_a_signed_your_turn_retried_after_a_failure(
        turns_processes, match_app):
    _, client, ctx = match_app
    turns_processes.match_consumer()
    turns_processes.turns_dispatcher()
    turns_processes.turns_worker(beat=False)
    receiver = Receiver()
    try:
        ana, bo = Player(client, "Ana"), Player(client, "Bo")
        hook = client.post("/v1/players/me/webhooks", headers=bo.headers,
                           json={"url": receiver.url})
        assert hook.status_code == 201
        secret = hook.get_json()["secret"]
        match_id = _match(client, ana, bo, None)
        started = time.monotonic()
        assert _mark(client, ana, match_id, 4).status_code == 200
        assert time.monotonic() - started < 1.0  # the move never waits for the webhook
        wait_until(lambda: len(receiver.received) >= 2, 30, "the retried delivery",
                   turns_processes)
        (first_headers, first), (headers, body) = receiver.received[:2]
        assert first == body  # the same delivery, retried after the 500
        assert verify(secret, body, headers[SIGNATURE_HEADER])
        note = json.loads(body)
        assert note["type"] == "your_turn" and note["match_id"] == match_id
        assert note["seat"] == 1
        assert not verify("another secret", body, headers[SIGNATURE_HEADER])
    finally:
        receiver.close()
    # The same notification is in Bo's live feed (GET /v1/players/me/live).
    live = client.get("/v1/players/me/live", headers={**bo.headers, "Last-Event-ID": "0-0"},
                      buffered=False)
    assert live.status_code == 200 and live.mimetype == "text/event-stream"
    chunks = iter(live.response)
    text = ""
    while "your_turn" not in text:
        chunk = next(chunks)
        text += chunk.decode() if isinstance(chunk, bytes) else chunk
    live.close()
    assert match_id in text
