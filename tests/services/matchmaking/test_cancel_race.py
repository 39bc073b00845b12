"""A cancelled ticket is never matched (issue 23, item 5): cancels over real HTTP race
pairing passes, 40 tickets at once, on one Redis and on a Redis Cluster (a ticket's every
change is one script over its pool's keys, which share the pool's hash tag)."""
from __future__ import annotations

import json
import threading
import uuid

import pytest
import requests

from services.matchmaking.app import create_app
from services.matchmaking.loop import PairingLoop
from shared.schemas.matchmaking import FORMED
from tests.served import fire, served

pytestmark = pytest.mark.cluster_too
TICKETS = 40


def _formed_ticket_ids(ctx) -> list:
    out = []
    for stream in ctx.bus.streams(FORMED):
        for _, fields in ctx.redis.xrange(stream):
            message = json.loads(fields[b"m"])
            out += [s["ticket_id"] for s in message["seats"] if "ticket_id" in s]
    return out


def test_a_cancel_racing_a_pairing_pass_either_cancels_or_is_refused(settings, redis_backend):
    app = create_app(settings)
    ctx = app.extensions["orrery.matchmaking"]
    with served(app) as base:
        players = [{"Authorization": f"Bearer {ctx.tokens.issue(uuid.uuid4().hex)}"}
                   for _ in range(TICKETS)]
        tickets = [requests.post(f"{base}/v1/tickets", headers=headers, timeout=10, json={
            "game": "exordium", "players": 2, "mode": "casual"}).json()["ticket_id"]
            for headers in players]
        loop, passes = PairingLoop(ctx), []

        def pairing():
            for _ in range(5):
                passes.append(loop.run_once())
        runner = threading.Thread(target=pairing)
        runner.start()
        answers = fire(TICKETS, lambda i: requests.delete(
            f"{base}/v1/tickets/{tickets[i]}", headers=players[i], timeout=30))
        runner.join(60)
    formed = _formed_ticket_ids(ctx)
    assert len(formed) == len(set(formed))  # no ticket in two groups
    for ticket_id, answer in zip(tickets, answers):
        assert answer.status_code in (200, 409), answer.text
        record = ctx.pools.get(ticket_id)
        if answer.status_code == 200:
            assert answer.json()["status"] == "cancelled" and record.status == "cancelled"
            assert ticket_id not in formed
        else:
            assert answer.json()["error"] == "ticket_closed"
            assert record.status == "forming" and ticket_id in formed
    assert sum(passes) * 2 == len(formed)
