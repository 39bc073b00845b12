"""Determinism and the bots' sampler over many random Exile Sun matches (hypothesis draws the
seat count and the seeds): random outcomes are events, so deciding the same commands with
the same generator gives the same events, and folding the log gives the live state; a state
the sampler redraws for a seat looks, to that seat, exactly like the real one."""
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from shared.games.exile_sun import GAME
from tests.games.exile_sun.tables import set_up

COMMANDS = 150   # a prefix of each match: setup, a budget, moves and battles


def _prefix(seats, seed):
    """A random match's first COMMANDS commands: [(state before, seat, command, events)]."""
    state, rng, chance = set_up(seats, seed), random.Random(seed), random.Random(~seed)
    played = []
    for _ in range(COMMANDS):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(list(GAME.to_act(state)))
        command = rng.choice(GAME.legal_commands(state, seat))
        events = GAME.decide(state, seat, command, chance)
        played.append((state, seat, command, events))
        for event in events:
            state = GAME.evolve(state, event)
    return played, state


@settings(max_examples=12, deadline=None, derandomize=True, database=None,
          phases=[Phase.explicit, Phase.generate],   # a failure names its seed; no shrinking
          suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 6), seed=st.integers(0, 2 ** 31))
def test_same_commands_same_events_and_the_fold_is_the_live_state(seats, seed):
    first, live = _prefix(seats, seed)
    again, _ = _prefix(seats, seed)
    assert [p[3] for p in first] == [p[3] for p in again]
    folded = set_up(seats, seed)
    for _, _, _, events in first:
        for event in events:
            folded = GAME.evolve(folded, event)
    assert folded == live


@settings(max_examples=12, deadline=None, derandomize=True, database=None,
          phases=[Phase.explicit, Phase.generate],   # a failure names its seed; no shrinking
          suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 6), seed=st.integers(0, 2 ** 31))
def test_a_sampled_table_looks_the_same_to_its_seat(seats, seed):
    """The sampler redraws only what the seat cannot see: its view, its turn and its legal
    commands are unchanged, at positions all along the match."""
    played, _ = _prefix(seats, seed)
    rng = random.Random(seed)
    for state, _, _, _ in played[::10]:
        for seat in range(seats):
            sampled = GAME.sampler(state, seat, rng)
            assert GAME.view(sampled, seat) == GAME.view(state, seat), (seats, seed, seat)
            assert GAME.to_act(sampled) == GAME.to_act(state)
            assert GAME.legal_commands(sampled, seat) == GAME.legal_commands(state, seat)
