"""Exile Sun's learned-evaluation features: they read only the seat's own view (two tables
that differ in what the seat cannot see give it equal features, at 2 and 4 seats), and a
tiny training run writes a model that reads back."""
from __future__ import annotations

import random

import pytest

from services.bot.policies import learned
from services.bot.policies.base import apply_command
from shared.games.exile_sun.features import NAMES, features
from shared.games.exile_sun.state import replace, with_player
from shared.games.registry import get_game
from tests.learned_runs import tiny_training_run

GAME = "exile_sun"


def _midgame(seats: int, seed: int, plies: int):
    """A table after `plies` random commands (the first seat to act plays each)."""
    game = get_game(GAME)
    rng = random.Random(seed)
    state = None
    for event in game.setup(game.spec.resolve_options({}), seats, rng):
        state = game.evolve(state, event)
    for _ in range(plies):
        seat = game.to_act(state)[0]
        state = apply_command(game, state, seat, rng.choice(game.legal_commands(state, seat)),
                              rng)
    assert game.outcome(state) is None
    return game, state


def _swap_hidden_fleets(state, seat):
    """The table with two of another seat's unseen fleet values exchanged (a Heavy and a
    decoy look alike face down), or None when no seat has two different unseen ones."""
    fleets = list(state.fleets)
    for other in range(len(state.players)):
        if other == seat:
            continue
        hidden = [i for i, f in enumerate(fleets) if f.owner == other and f.kind != "scout"
                  and f.id not in state.revealed and (seat, f.id) not in state.known
                  and not (state.battle and f.id in state.battle.fleets)]
        for i in hidden:
            for j in hidden:
                if fleets[i].kind < fleets[j].kind:
                    fleets[i], fleets[j] = (replace(fleets[i], kind=fleets[j].kind),
                                            replace(fleets[j], kind=fleets[i].kind))
                    return replace(state, fleets=tuple(fleets))
    return None


@pytest.mark.parametrize("seats,seed,plies", [(2, 3, 300), (2, 8, 500), (4, 3, 400),
                                              (4, 5, 700)])
def test_features_never_read_what_the_seat_cannot_see(seats, seed, plies):
    """Every seat's features are equal on the real table, on tables the game's sampler
    redraws from that seat's view (other hands, Tech cards, agendas, unseen fleet values,
    secret choices, deck contents), and with another seat's unseen fleets swapped."""
    game, state = _midgame(seats, seed, plies)
    for seat in range(seats):
        expected = features(game.view(state, seat), seat)
        assert len(expected) == len(NAMES)
        tables = [game.sampler(state, seat, random.Random(k)) for k in range(4)]
        swapped = _swap_hidden_fleets(state, seat)
        if swapped is not None:
            tables.append(swapped)
        # Another seat's hand changed outright: a card it does not hold, its size kept.
        other = (seat + 1) % seats
        hand = state.players[other].hand
        pool = state.players[other].reserve.pool
        if hand and pool:
            tables.append(with_player(state, other, hand=tuple(sorted(hand[1:] + pool[:1]))))
        assert any(t != state for t in tables)  # the tables do differ from the real one
        for table in tables:
            assert features(game.view(table, seat), seat) == expected


def test_four_seats_pick_the_strongest_other_seat():
    """At four seats the "other" columns are the leader among the others by what the seat
    sees of them (public VP, home planets, planets held and claimed), and the differences
    are own minus theirs."""
    game, state = _midgame(4, 5, 700)
    names = list(NAMES)
    for seat in range(4):
        view = game.view(state, seat)
        row = dict(zip(names, features(view, seat)))
        owners = list(view["planets"].values())
        # Standing without claims: a floor for each other seat's (claims only add).
        floors = [p["public_vp"] + 0.6 * owners.count(p["seat"])
                  for p in view["players"] if p["seat"] != seat]
        assert row["other_standing"] >= max(floors) - 1e-9
        assert row["other_public_vp"] in [p["public_vp"] for p in view["players"]
                                          if p["seat"] != seat]
        assert row["diff_public_vp"] == row["own_public_vp"] - row["other_public_vp"]
        assert row["diff_standing"] == pytest.approx(row["own_standing"]
                                                     - row["other_standing"])
        assert row["seats"] == 4


def test_a_tiny_training_run_writes_a_model_that_round_trips(tmp_path):
    model, _ = tiny_training_run(GAME, tmp_path, NAMES)
    _, state = _midgame(2, 3, 300)
    p = model.rewards(state, 2)
    assert p[0] + p[1] == pytest.approx(1.0) and 0 < p[0] < 1
    _, state = _midgame(4, 3, 400)
    assert all(0 < r < 1 for r in model.rewards(state, 4))


def test_the_shipped_model_is_usable_and_says_how_it_was_made():
    """Exile Sun's model file matches the features it is read with (a change of features
    needs `orrery train exile_sun` again), carries its provenance and predicts the held-out
    results better than the heuristic; it is not served (docs/BOTS.md)."""
    model = learned.load(get_game(GAME))
    assert model is not None
    made = model.data["made"]
    assert made["commit"] and made["seed"] is not None and made["matches"] > 0
    assert made["held_out"]["log_loss_model"] < made["held_out"]["log_loss_heuristic"]
    assert model.data["serve"] is False
