"""Random playouts for 2, 3 and 4 players: they finish; fold == live; JSON round trips;
views never show another seat's hidden information (GAMES.md, General rules)."""
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from shared.games.exsilium import GAME
from shared.games.exsilium.evolve import fold
from tests.games.exsilium.helpers import given_play


def playout(seats, seed, max_rounds=8, limit=4000):
    rng = random.Random(seed)
    events = GAME.setup({"max_rounds": max_rounds}, seats, rng)
    state = fold(None, events)
    steps = 0
    while GAME.outcome(state) is None:
        seat = rng.choice(GAME.to_act(state))
        command = rng.choice(GAME.legal_commands(state, seat))
        new = GAME.decide(state, seat, command, rng)
        assert json.loads(json.dumps(new)) == new
        for viewer in [None] + list(range(seats)):
            json.dumps(GAME.view(state, viewer))
            for e in new:
                json.dumps(GAME.redact(e, viewer))
        events += new
        state = fold(state, new)
        steps += 1
        assert steps < limit
    return state, events


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_playout_finishes_and_folds(seats):
    """Random legal play ends (goal or the round-limit safety rule) and replays exactly."""
    state, events = playout(seats, seed=seats)
    replayed = fold(None, json.loads(json.dumps(events)))
    assert GAME.view(replayed, None) == GAME.view(state, None)
    assert GAME.outcome(state)["ranks"]


def test_hidden_hands_do_not_reach_other_views():
    """Hands are hidden: two tables differing only in seat 1's hand look the same to others."""
    state = given_play(2)
    other = replace(state, players=(state.players[0], replace(
        state.players[1], hand=tuple(sorted(state.players[1].deck)[:4]),
        deck=tuple(sorted(sorted(state.players[1].deck)[4:] + list(state.players[1].hand))))))
    assert GAME.view(state, None) != {} and GAME.view(state, None) == GAME.view(other, None)
    assert GAME.view(state, 0) == GAME.view(other, 0)
    assert GAME.view(state, 1) != GAME.view(other, 1)


def test_drawn_cards_redacted_for_others():
    """Card draws show only their count to other seats."""
    drawn = {"type": "CardsDrawn", "data": {"seat": 0, "cards": ["p0-basic-0"], "count": 1}}
    assert "cards" not in GAME.redact(drawn, 1)["data"]
    assert "cards" not in GAME.redact(drawn, None)["data"]
    assert GAME.redact(drawn, 0) == drawn


def test_sampler_keeps_the_seat_view():
    """Determinization: the sample looks the same to the seat it was drawn for."""
    state = given_play(3)
    sample = GAME.sampler(state, 0, random.Random(5))
    assert GAME.view(sample, 0) == GAME.view(state, 0)
    assert isinstance(GAME.heuristic(state, 0), float)


def test_engine_imports_no_io():
    """The rules kernel does no I/O (STYLE.md 5)."""
    root = Path(__file__).resolve().parents[3] / "shared" / "games" / "exsilium"
    for path in root.glob("*.py"):
        text = path.read_text()
        for banned in ("redis", "flask", "celery", "marshmallow", "import os", "import time",
                       "socket"):
            assert banned not in text, (path.name, banned)
