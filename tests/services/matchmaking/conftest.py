"""Fixtures for the matchmaking service: the app from its factory over the test namespace."""
from __future__ import annotations

import uuid

import pytest

from services.matchmaking.app import create_app


@pytest.fixture
def mm_app(settings):
    return create_app(settings)


@pytest.fixture
def mm(mm_app):
    return mm_app.test_client()


@pytest.fixture
def mm_ctx(mm_app):
    return mm_app.extensions["orrery.matchmaking"]


def bearer(ctx, player_id=None):
    """Headers acting for a player (tokens as the match service issues them)."""
    player_id = player_id or uuid.uuid4().hex
    return {"Authorization": f"Bearer {ctx.tokens.issue(player_id)}"}


TICKET = {"game": "exordium", "players": 2, "mode": "ranked"}
