"""Fixtures for the match service: the app from its factory over the test namespace."""
from __future__ import annotations

import dataclasses

import pytest

from services.match.api.app import create_app
from tests.invitations import start_match


@pytest.fixture
def app(settings):
    """The app as tests use it: with the test-only setting that lets a request choose its
    match's seed whoever sits at the table, so multi-player setups replay exactly
    (test_match_seeds.py checks the rule the setting lifts)."""
    return create_app(dataclasses.replace(settings, test_seeds=True))


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def ctx(app):
    """The app's dependencies (log, bus, store), to check what HTTP calls did to Redis."""
    return app.extensions["orrery.match"]


class Player:
    """A registered player and the headers that act for them."""

    def __init__(self, client, name):
        body = client.post("/v1/players", json={"name": name}).get_json()
        self.player_id, self.name, self.token = body["player_id"], body["name"], body["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}


@pytest.fixture
def ana(client):
    return Player(client, "Ana")


@pytest.fixture
def bo(client):
    return Player(client, "Bo")


def new_match(client, creator, seats, game="tictactoe", **extra):
    """Create a match, every invited player accepting (seats: Players or seat dicts), and
    return its id."""
    return start_match(client, creator, seats, game=game, **extra)


@pytest.fixture
def ttt(client, ana, bo):
    """A tic-tac-toe match: Ana is seat 0 (X, first to act), Bo seat 1. Its log is
    MatchCreated, InvitationAccepted (Bo's), GameStarted: version 3."""
    return new_match(client, ana, [ana, bo])


def mark(client, player, match_id, cell, **extra):
    """Send a tic-tac-toe mark."""
    return client.post(f"/v1/matches/{match_id}/commands", headers=player.headers,
                       json={"command": {"type": "mark", "cell": cell}, **extra})
