"""Hidden information: unextracted colours and deck order below the top (RULES_NOTES.md).

That no view or event tells a seat a hidden colour or deck order is checked for every game
by tests/contract/test_secrecy.py; here, what the public part shows."""
import json
import random
from dataclasses import replace

import pytest

from shared.games.exordium import GAME
from shared.games.exordium.evolve import evolve
from shared.games.exordium.state import OVER
from tests.games.exordium.helpers import given, table

SEATS = (0, 1, None)


def _playout(seed):
    """(state, event) after every event of a seeded random game."""
    rng = random.Random(seed)
    state, out = None, []
    for event in GAME.setup({}, 2, rng):
        state = evolve(state, event)
        out.append((state, event))
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        for event in GAME.decide(state, seat, rng.choice(GAME.legal_commands(state, seat)), rng):
            state = evolve(state, event)
            out.append((state, event))
    return out


def test_the_finished_game_shows_every_colour_and_deck():
    """Once the game is over every view is public (ARCHITECTURE.md): all colours are shown."""
    final, _ = _playout(0)[-1]
    assert final.phase == OVER
    for seat in SEATS:
        view = GAME.view(final, seat)
        assert view["terrain_colours"] == dict(final.colours)
        assert view["decks"] == [list(p.deck) for p in final.players]


def test_redaction_keeps_what_a_client_needs_to_follow_the_game():
    """Set up is public apart from colours and order: cells dealt, deck sizes and tops."""
    dealt, shuffled = GAME.setup({}, 2, random.Random(1))
    assert set(GAME.redact(dealt, None)["data"]) == {"cells"}
    assert set(GAME.redact(shuffled, 0)["data"]) == {"tops", "sizes"}
    assert GAME.redact(shuffled, 1)["data"]["tops"] == [d[0] for d in shuffled["data"]["decks"]]


def test_redact_does_not_change_the_logged_event():
    """redact is a projection: the stored event keeps its hidden facts."""
    dealt = GAME.setup({}, 2, random.Random(1))[0]
    GAME.redact(dealt, 0)
    assert "colours" in dealt["data"]


def test_the_top_card_of_each_deck_is_public():
    """THE CARDS: decks are always Drone-side up, so the top card's value is seen."""
    view = GAME.view(given(table()), None)
    assert [p["deck_top"] for p in view["players"]] == [1, 1]
    assert [p["deck_size"] for p in view["players"]] == [12, 12]


def test_views_are_json_documents():
    """API.md: the view is sent as JSON, so it holds only JSON values."""
    state = given(table())
    assert json.loads(json.dumps(GAME.view(state, 0))) == GAME.view(state, 0)
