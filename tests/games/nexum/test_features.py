"""Nexum's learned-evaluation features (shared/games/nexum/features.py): they read only what
the judged seat sees, and the training pipeline fits and writes a model on them."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from services.bot.policies import learned
from services.bot.policies.base import apply_command
from shared.games.nexum import features as nexum_features
from shared.games.nexum import heuristics
from shared.games.nexum.components import PHASE_CARDS
from shared.games.nexum.state import set_at, with_key
from shared.games.registry import get_game
from tests.learned_runs import tiny_training_run

GAME = "nexum"


def _play_until(found, seed: int, seats: int = 2, options=None, tries: int = 20):
    """Random play (any seat to act, at random) from a seeded setup to the first state
    `found` accepts; a match that ends first is followed by the next seed's."""
    game = get_game(GAME)
    for attempt in range(seed, seed + tries):
        rng = random.Random(attempt)
        state = None
        for event in game.setup(game.spec.resolve_options(options or {}), seats, rng):
            state = game.evolve(state, event)
        while game.outcome(state) is None:
            if found(state):
                return game, state
            seat = rng.choice(game.to_act(state))
            state = apply_command(game, state, seat,
                                  rng.choice(game.legal_commands(state, seat)), rng)
    raise AssertionError("no such position in random play")


def _vector(game, state, seat):
    return nexum_features.features(game.view(state, seat), seat)


@pytest.mark.parametrize("seat", [0, 1])
def test_features_never_read_what_the_seat_cannot_see(seat):
    """Two tables that differ only in hidden things (another seat's hand, the crystals of
    its asteroids and of the face-down markers, redrawn by the bots' sampler; a card of its
    hand swapped with one of the deck) give the seat equal features, well into a
    match with the AI civilisation (random play)."""
    other = 1 - seat
    game, state = _play_until(lambda s: s.round >= 4 and s.hands[other] and s.loaded[other],
                              seed=1)
    assert state.factions == 3  # two seats and the AI civilisation
    expected = _vector(game, state, seat)
    assert len(expected) == len(nexum_features.NAMES)
    hand = state.hands[other]
    swap = next(card for card in state.deck if card not in hand)
    hands = set_at(state.hands, other, (swap,) + hand[1:])
    deck = tuple(sorted([c for c in state.deck if c != swap] + [hand[0]]))
    swapped = replace(state, hands=hands, deck=deck)
    assert swapped != state
    assert _vector(game, swapped, seat) == expected
    redrawn = [game.sampler(state, seat, random.Random(k)) for k in range(4)]
    assert any(r.hands[other] != hand or r.loaded[other] != state.loaded[other]
               for r in redrawn)
    for r in redrawn:
        assert _vector(game, r, seat) == expected
    # The seat's own hidden things are its own to read: they are not redrawn.
    assert all(r.hands[seat] == state.hands[seat] for r in redrawn)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_phase_card_chosen_face_down_is_not_read(seat):
    """While phase cards are chosen, another seat's card and bid are hidden until revealed:
    changing them leaves the seat's features as they were."""
    other = 1 - seat
    game, state = _play_until(lambda s: s.round >= 3 and s.stage == "choose"
                              and other in s.chosen and seat not in s.chosen, seed=1)
    card, bid = state.chosen[other]
    another = next((c for c in PHASE_CARDS if c != card and c not in state.used[other]), card)
    changed = replace(state, chosen=with_key(state.chosen, other, (another, bid + 1)))
    assert changed != state and game.view(changed, other) != game.view(state, other)
    assert _vector(game, changed, seat) == _vector(game, state, seat)


def test_the_vector_has_one_length_for_every_table():
    """1-4 seats, with and without AI civilisations: always NAMES long; the rival's
    strength and the difference are the heuristic's terms, so its value is one feature."""
    for seats, ai in ((1, "1"), (2, "0"), (2, "2"), (3, "1"), (4, "auto")):
        game, state = _play_until(lambda s: s.round >= 2, seed=seats,
                                  seats=seats, options={"ai": ai})
        for seat in range(seats):
            vector = _vector(game, state, seat)
            assert len(vector) == len(nexum_features.NAMES)
            named = dict(zip(nexum_features.NAMES, vector))
            assert named["own_strength"] == pytest.approx(heuristics.strength(state, seat))
            if state.factions > 1:
                assert named["diff_strength"] == pytest.approx(
                    heuristics.evaluate(state, seat))
            assert named["seats"] == seats


def test_a_tiny_training_run_writes_a_model_that_round_trips(tmp_path):
    model, _ = tiny_training_run(GAME, tmp_path, nexum_features.NAMES)
    _, state = _play_until(lambda s: s.round >= 3, seed=7)
    rewards = model.rewards(state, 2)
    assert rewards[0] + rewards[1] == pytest.approx(1.0) and 0 < rewards[0] < 1


def test_the_shipped_model_is_usable_and_says_how_it_was_made():
    """Nexum's model file matches the features it is read with (a change of features needs
    `orrery train nexum` again) and carries its provenance; it is not served (docs/BOTS.md:
    greedy judging with it was no stronger than greedy with the heuristic)."""
    model = learned.load(get_game(GAME))
    assert model is not None
    made = model.data["made"]
    assert made["commit"] and made["seed"] is not None and made["matches"] > 0
    held_out = made["held_out"]
    assert held_out["log_loss_model"] < held_out["log_loss_heuristic_refitted"]
    assert model.data["serve"] is False
