"""Exsilium's features for a learned evaluation (shared/games/exsilium/features.py): they read
one seat's view only, the heuristic among them is the hand-written one, and `orrery train
exsilium` fits and writes a model from them."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from services.bot import train
from services.bot.policies import learned
from shared.games.exsilium import features as exsilium_features
from shared.games.exsilium.state import PLAY, with_player
from shared.games.kit import int_option
from shared.games.registry import get_game
from tests.learned_runs import random_midgame, tiny_training_run

GAME = "exsilium"


def _midgame(seed: int = 5, plies: int = 114):
    """A table reached by random play: round 12, both hands full, both seats holding
    Baralytas."""
    game, state = random_midgame(GAME, seed, plies)
    assert state.phase == PLAY and game.outcome(state) is None
    return game, state


def test_the_features_have_their_names_length():
    game, state = _midgame()
    for seat in (0, 1):
        values = exsilium_features.features(game.view(state, seat), seat)
        assert len(values) == len(exsilium_features.NAMES) == len(set(exsilium_features.NAMES))
        assert all(isinstance(v, (int, float)) for v in values)


@pytest.mark.parametrize("seat", [0, 1])
def test_features_never_read_what_the_seat_cannot_see(seat):
    """Two tables that differ only in what the seat cannot see (the other seat's hand and
    deck dealt again from the cards hidden from the seat, by the game's sampler and by hand,
    with the tile stack, the supply and the upgrade deck reordered) give it equal features."""
    game, state = _midgame()
    features = exsilium_features.features
    other = 1 - seat
    hidden = state.players[other].hand + state.players[other].deck
    assert state.players[other].hand and len(set(hidden)) > 1
    expected = features(game.view(state, seat), seat)

    redrawn = game.sampler(state, seat, random.Random(9))
    assert redrawn != state
    assert features(game.view(redrawn, seat), seat) == expected

    # By hand: the other seat's hand and deck swapped round, the orders nobody sees reversed.
    size = len(state.players[other].hand)
    pool = list(reversed(hidden))
    changed = with_player(state, other, hand=tuple(pool[:size]), deck=tuple(sorted(pool[size:])))
    changed = replace(changed, stack=tuple(reversed(state.stack)),
                      supply=tuple(reversed(state.supply)),
                      upgrade_deck=tuple(reversed(state.upgrade_deck)))
    assert changed.players[other].hand != state.players[other].hand
    assert features(game.view(changed, seat), seat) == expected


@pytest.mark.parametrize("seat", [0, 1])
def test_the_heuristic_feature_is_the_heuristic_on_the_table_rebuilt_from_the_view(seat):
    """The hand-written heuristic reads only what the seat may know, so the table rebuilt from
    the view (the other seat's cards unknown) judges exactly as the real table does."""
    game, state = _midgame()
    view = game.view(state, seat)
    values = dict(zip(exsilium_features.NAMES, exsilium_features.features(view, seat)))
    assert values["heuristic"] == pytest.approx(game.heuristic(state, seat))
    table = exsilium_features.table_of(view, seat)
    assert table.players[1 - seat].hand == (None,) * len(state.players[1 - seat].hand)


def _short_game(rounds: int):
    """Exsilium with its round limit (its safety rule, RULES_NOTES.md) at `rounds` by default:
    random play reaches no goal and would play all 60 rounds, about 500 commands a match."""
    game = get_game(GAME)
    options = {**game.spec.options,
               "max_rounds": int_option(rounds, 3, 500, "A short match for a test.")}
    return replace(game, spec=replace(game.spec, options=options))


def test_a_tiny_training_run_writes_a_model_that_round_trips(tmp_path, monkeypatch):
    short = _short_game(6)
    monkeypatch.setattr(train, "get_game", lambda name: short)
    model, logs = tiny_training_run(GAME, tmp_path, exsilium_features.NAMES)
    assert all(log["options"]["max_rounds"] == 6 for log in logs)
    _, state = _midgame()
    p = model.rewards(state, 2)
    assert p[0] + p[1] == pytest.approx(1.0) and 0 < p[0] < 1


def test_the_shipped_model_is_usable_says_how_it_was_made_and_is_not_served():
    """Exsilium's model file matches the features it is read with (a change of features
    needs `orrery train exsilium` again), carries its provenance, and is not served: on its
    held-out matches it does not beat the refitted heuristic (docs/BOTS.md)."""
    game = get_game(GAME)
    model = learned.load(game)
    assert model is not None and model.names == exsilium_features.NAMES
    made = model.data["made"]
    assert made["commit"] and made["seed"] is not None and made["matches"] > 0
    assert made["held_out"]["positions"] > 0 and made["train"]["positions"] > 0
    assert model.data["serve"] is False and learned.model_for(game) is None
