"""The fuzz suite's world: both services over one namespace, and real things in them.

Schemathesis generates requests from each service's /openapi.json and chains them along the
links it infers (a created match's id into every /v1/matches/{match_id} route, a ticket's id
into /v1/tickets/{ticket_id}...). Random ids only reach the 404 path, so the machine starts
from real ones: players with tokens, matches in every status, a ticket, a rated player.
"""
from __future__ import annotations

import itertools
import random

import pytest
from schemathesis import checks

from services.match.api.app import create_app
from services.matchmaking.app import create_app as create_matchmaking_app
from shared.config import Settings
from tests.invitations import start_match
from tests.services.match.conftest import Player

# What every answer must satisfy: no 5xx, and status, content type and body as documented.
CHECKS = [checks.not_a_server_error, checks.status_code_conformance,
          checks.content_type_conformance, checks.response_schema_conformance]


class World:
    """The real things the fuzzer is pointed at, and who it acts as.

    `reset` empties the namespace and makes them again: each generated scenario starts from
    the same state, so that Hypothesis, which replays scenarios to shrink them, sees the
    same answers to the same requests."""

    def __init__(self, client, mm_client, redis, namespace):
        self._clients, self._redis, self._namespace = (client, mm_client), redis, namespace
        self.reset()

    def reset(self):
        keys = list(self._redis.scan_iter(match=f"{self._namespace}*", count=1000))
        if keys:
            self._redis.delete(*keys)
        self._seed(*self._clients)
        self.chooser = random.Random(14)

    def _seed(self, client, mm_client):
        self.ana, self.bo = Player(client, "Ana"), Player(client, "Bo")
        self.matches = [
            start_match(client, self.ana, [self.ana, self.bo]),                       # active
            start_match(client, self.ana, [self.ana, {"bot": "random"}], game="exordium",
                        clock={"per_move_seconds": 86_400, "on_timeout": "bot"}),
            self._invited(client),                                                    # invited
            self._finished(client)]
        ticket = mm_client.post("/v1/tickets", headers=self.bo.headers, json={
            "game": "tictactoe", "players": 2, "mode": "casual"})
        assert ticket.status_code == 201, ticket.get_json()
        self.tickets = [ticket.get_json()["ticket_id"]]
        self.players = [self.ana.player_id, self.bo.player_id]
        self._callers = itertools.cycle([self.ana.headers, self.bo.headers, {}])

    def _invited(self, client) -> str:
        response = client.post("/v1/matches", headers=self.ana.headers, json={
            "game": "tictactoe",
            "seats": [{"player_id": self.ana.player_id}, {"player_id": self.bo.player_id}]})
        return response.get_json()["match_id"]

    def _finished(self, client) -> str:
        match_id = start_match(client, self.ana, [self.ana, self.bo])
        client.post(f"/v1/matches/{match_id}/commands", headers=self.bo.headers,
                    json={"command": {"type": "resign"}})
        return match_id

    def caller(self) -> dict:
        """Ana, Bo and a spectator in turn: each route is tried with and without a seat."""
        return next(self._callers)


@pytest.fixture
def fuzz_settings(settings):
    """No rate limit: the fuzzer sends more in a minute than a player may."""
    return Settings(**{**settings.__dict__, "rate_limit_per_minute": 0})


@pytest.fixture
def match_app(fuzz_settings):
    app = create_app(fuzz_settings)
    app.config["SSE_MAX_SECONDS"] = 0.2  # a generated live request must not hold the test
    app.config["SSE_HEARTBEAT_SECONDS"] = 0.1
    return app


@pytest.fixture
def mm_app(fuzz_settings):
    return create_matchmaking_app(fuzz_settings)


@pytest.fixture
def world(match_app, mm_app, redis_client, namespace):
    return World(match_app.test_client(), mm_app.test_client(), redis_client, namespace)
