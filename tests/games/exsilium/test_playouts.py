"""Random playouts for 2, 3 and 4 players: they finish; fold == live; JSON round trips;
views never show another seat's hidden information (GAMES.md, General rules)."""
import json
import random
from pathlib import Path

import pytest

from shared.games.exsilium import GAME
from shared.games.exsilium.evolve import fold


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


def test_engine_imports_no_io():
    """The rules kernel does no I/O (STYLE.md 5)."""
    root = Path(__file__).resolve().parents[3] / "shared" / "games" / "exsilium"
    for path in root.glob("*.py"):
        text = path.read_text()
        for banned in ("redis", "flask", "celery", "marshmallow", "import os", "import time",
                       "socket", "subprocess", "threading"):
            assert banned not in text, (path.name, banned)
