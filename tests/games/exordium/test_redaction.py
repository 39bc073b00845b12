"""Hidden information: unextracted colours and deck order below the top (RULES_NOTES.md)."""
import json
import random
from dataclasses import replace

import pytest

from shared.games.exordium import GAME
from shared.games.exordium.evolve import evolve
from shared.games.exordium.state import OVER
from tests.games.exordium.helpers import given, table

SEATS = (0, 1, None)


def _colour_fields(data):
    """The names of fields holding a Resource colour (Action card names are not colours)."""
    return [key for key in data if "colour" in key or key == "decks"]


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


def _scrambled(state, rng):
    """The same public table with every hidden fact changed: colours and deck orders."""
    known = {cell for p in state.players for cell, _ in p.resources}
    hidden = [cell for cell, _ in state.colours if cell not in known]
    shuffled = [colour for cell, colour in state.colours if cell not in known]
    rng.shuffle(shuffled)
    colours = dict(state.colours) | dict(zip(hidden, shuffled))
    players = tuple(replace(p, deck=p.deck[:1] + tuple(rng.sample(p.deck[1:], len(p.deck[1:]))))
                    for p in state.players)
    return replace(state, colours=tuple(sorted(colours.items())), players=players)


@pytest.mark.parametrize("seed", range(6))
def test_views_do_not_depend_on_hidden_facts(seed):
    """While the game is on, no view (seats 0, 1 or a spectator) changes when hidden colours or
    deck order change."""
    rng = random.Random(seed)
    for state, _ in _playout(seed):
        if state.phase == OVER:
            continue
        other = _scrambled(state, rng)
        for seat in SEATS:
            assert GAME.view(state, seat) == GAME.view(other, seat)


def test_the_finished_game_shows_every_colour_and_deck():
    """Once the game is over every view is public (ARCHITECTURE.md): all colours are shown."""
    final, _ = _playout(0)[-1]
    assert final.phase == OVER
    for seat in SEATS:
        view = GAME.view(final, seat)
        assert view["terrain_colours"] == dict(final.colours)
        assert view["decks"] == [list(p.deck) for p in final.players]


@pytest.mark.parametrize("seed", range(6))
def test_redacted_events_carry_no_hidden_fact(seed):
    """Colours appear only when extracted; deck orders never (seats 0, 1 and spectators)."""
    for _, event in _playout(seed):
        for seat in SEATS:
            redacted = GAME.redact(event, seat)
            assert "decks" not in redacted["data"] and "colours" not in redacted["data"]
            if redacted["type"] == "ResourceExtracted":
                assert redacted == event  # the colour it reveals is public from now on
            else:
                assert not _colour_fields(redacted["data"]), redacted


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
