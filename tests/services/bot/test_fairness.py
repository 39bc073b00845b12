"""A bot never reads hidden information: states that differ only in what the seat cannot
see give the same choice under the same seed (and the same determinizations)."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from services.bot import policies
from shared.games.exordium.components import TERRAIN_COUNTS
from shared.games.registry import games, get_game

from .test_policies import playout_positions

GAME = "exordium"
# The search options that judge extra positions: ranking commands by one-ply value at every
# node (progressive widening) with a progressive bias.
PRIORS = {"prior_from": 1, "bias": 1.0}


def hidden_twin(state, rng):
    """The same table with every hidden part changed: unextracted colours permuted among
    the unrevealed cards, and each deck reordered below its public top card."""
    revealed = {cell for p in state.players for cell, _ in p.resources}
    hidden = [(cell, colour) for cell, colour in state.colours if cell not in revealed]
    colours = [colour for _, colour in hidden]
    for _ in range(50):
        rng.shuffle(colours)
        if colours != [colour for _, colour in hidden] or len(set(colours)) < 2:
            break
    dealt = dict(state.colours)
    dealt.update(zip([cell for cell, _ in hidden], colours))
    players = []
    for player in state.players:
        below = list(player.deck[1:])
        rng.shuffle(below)
        players.append(replace(player, deck=player.deck[:1] + tuple(below)))
    return replace(state, colours=tuple(sorted(dealt.items())), players=tuple(players))


def positions():
    game = get_game(GAME)
    return [p for seed in (1, 2) for p in playout_positions(game, seed, every=4)][:8]


def test_twins_really_differ_and_look_the_same_to_every_seat():
    game = get_game(GAME)
    state, _ = positions()[1]
    twin = hidden_twin(state, random.Random(5))
    assert twin != state
    for seat in (0, 1, None):
        assert game.view(twin, seat) == game.view(state, seat)


@pytest.mark.parametrize("policy,options", [
    ("mcts", {"iterations": 300, "seconds": None}),
    ("mcts", {"iterations": 300, "seconds": None, **PRIORS}),
    ("greedy", {"samples": 4}),
    ("random", {}),
])
def test_a_bot_chooses_the_same_on_states_that_differ_only_in_what_it_cannot_see(
        policy, options):
    game = get_game(GAME)
    for i, (state, seat) in enumerate(positions()):
        twin = hidden_twin(state, random.Random(100 + i))
        mine = policies.choose(game, state, seat, random.Random(i), policy, **options)
        theirs = policies.choose(game, twin, seat, random.Random(i), policy, **options)
        assert mine.command == theirs.command, (i, policy)


def test_the_sampler_keeps_the_view_and_the_public_counts():
    game = get_game(GAME)
    for state, seat in positions():
        sample = game.sampler(state, seat, random.Random(3))
        assert game.view(sample, seat) == game.view(state, seat)
        assert Counter(c for _, c in sample.colours) == Counter(TERRAIN_COUNTS)
        for before, after in zip(state.players, sample.players):
            assert after.deck[:1] == before.deck[:1]
            assert sorted(after.deck) == sorted(before.deck)
            assert after.resources == before.resources


def test_the_sampler_depends_only_on_what_the_seat_sees():
    game = get_game(GAME)
    for i, (state, seat) in enumerate(positions()):
        twin = hidden_twin(state, random.Random(i))
        assert game.sampler(state, seat, random.Random(i)) == \
            game.sampler(twin, seat, random.Random(i))


def test_the_sampler_redraws_hidden_colours():
    game = get_game(GAME)
    state, seat = positions()[0]
    draws = {game.sampler(state, seat, random.Random(k)).colours for k in range(5)}
    assert len(draws) == 5


def test_tictactoe_has_nothing_to_redraw():
    game = get_game("tictactoe")
    state, seat = playout_positions(game, seed=1)[2]
    assert game.sampler(state, seat, random.Random(1)) is state


HIDING = sorted(name for name, game in games().items() if game.spec.hides_information)


def _twins(game, count: int) -> list:
    """(state, twin, seat) at up to `count` positions spread over a seeded random playout,
    each a choice to make, where the twin is another table the seat cannot tell apart: the
    game's own sampler draws it and its view is equal. (A sampler may forget what is not
    hidden from the seat, such as Exile Sun's others' pending allocations, a public flag:
    such a table is no twin, and the position is passed over.)"""
    line = [p for p in playout_positions(game, seed=11, every=1)
            if len(game.legal_commands(*p)) > 1]
    out = []
    for i, (state, seat) in enumerate(line):
        twin = game.sampler(state, seat, random.Random(1000 + i))
        if twin != state and game.view(twin, seat) == game.view(state, seat):
            out.append((state, twin, seat))
    step = max(1, len(out) // count)
    return out[::step][:count]


@pytest.mark.parametrize("game_name", HIDING)
@pytest.mark.parametrize("policy,options", [
    # mcts's own search named, since a game's levels may run another (Exsilium's).
    ("mcts", {"search": "mcts", "iterations": 40, "seconds": None}),
    ("mcts", {"search": "mcts", "iterations": 40, "seconds": None, **PRIORS}),
    ("mcts", {"search": "turn_rollout", "samples": 2, "keep": 3, "rollouts": 2, "depth": 3,
              "seconds": None}),
    ("greedy", {"samples": 2}),
])
def test_in_every_game_with_hidden_information_no_bot_peeks(game_name, policy, options):
    """A bot that chose differently on a twin would be reading what the seat cannot see."""
    game = get_game(game_name)
    twins = _twins(game, 3)
    assert len(twins) == 3, "too few twins: the test would prove little"
    seats = game.spec.min_players
    for i, (state, twin, seat) in enumerate(twins):
        mine = policies.choose(game, state, seat, random.Random(i), policy, seats=seats,
                               **options)
        theirs = policies.choose(game, twin, seat, random.Random(i), policy, seats=seats,
                                 **options)
        assert mine.command == theirs.command, (game_name, i)
