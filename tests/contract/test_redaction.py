"""Hidden information: `view` and `redact` never tell a seat what it may not know.

The method (generic: it knows no game's rules and names no game)
-----------------------------------------------------------------
A seat's *observation* at version k is the list of the first k events redacted for it
(`redact(e, seat)`; MatchCreated is public). The engine must be *non-interfering*: anything
the seat is shown must be a function of what it has observed. We test that with pairs of
worlds that agree on what is public but differ in what is hidden:

1. Worlds. Hypothesis draws a base seed. The game's `setup` is run with a pool of setup
   seeds; two setups after which the spectator and every seat are shown identical views
   form a pair: they differ, if at all, only in what the game itself hides (deck orders,
   face-down tiles...). Pairing on views rather than on redacted events means a `redact`
   that leaks cannot hide itself by making every pair look different. When no two setups of
   the pool agree, the pair shares one setup. Each world gets its own rng for `decide`, so
   later draws and rolls differ too.
2. Lockstep. The same commands are played in both worlds: each is chosen at random from
   world A's legal commands and played in B while it is also legal there for the same
   seat. Worlds never exchange anything else.
3. Checks, at every version k both worlds reached, for the spectator and for each seat s:
   - if s's observations agree, then `view(·, s)`, `to_act`, `outcome` and
     `legal_commands(·, s)` agree (a view, or the list of choices offered, may not depend
     on anything the seat has not been told);
   - if some seat's observations agree, the spectator's agree (no seat knows less than a
     spectator);
   - if s's views agreed at every version up to k, then s's observations agree: a redacted
     event tells a seat nothing its views do not show (`redact` folds no secret back into
     what the seat gets). This asks a game to show in its views whatever its events tell
     (a public roll with no visible effect belongs in the view too); in return a leaky
     `redact` cannot hide behind a leaky spectator record.
   After the pair diverges for a seat (an event revealed a different card to it), it may be
   shown different things: those differences are exactly "what the events revealed".
4. Teeth. For the same pairs, deliberately leaky copies of each game (a view that also
   carries the whole engine state; a redact that hides nothing) must be caught whenever
   the pairs reached different hidden states behind equal views. Every game except the
   ones declared to have perfect information (tic-tac-toe) must produce such pairs;
   otherwise its views show everything, or this method cannot pair its worlds and must be
   extended before it proves anything about that game.

Besides: `view` and `redact` are deterministic, do not mutate what they are given, keep the
event type, and `redact` is idempotent (redacting twice shows no more than once).
"""
from __future__ import annotations

import copy
import dataclasses
import json
import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.games.api import Game
from tests.contract.playouts import budget, game_seat_params, options_for, registered_games

PARAMS = game_seat_params()
IDS = [f"{name}-{n}p" for name, n in PARAMS]
SETUP_POOL = 16
MAX_STEPS = 300
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _canon(value) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


class World:
    """One match played only through the engine surface, recording what each seat saw."""

    def __init__(self, game: Game, seats: int, options: dict, setup_events: list, chance):
        self.game, self.seats, self.chance = game, seats, chance
        self.audience = [None, *range(seats)]
        self.state = None
        self.observed = {s: [] for s in self.audience}   # canonical redacted events
        self.views = {s: [] for s in self.audience}      # canonical view per version
        self.states = []
        for event in setup_events:
            self.record(event)

    def record(self, event: dict) -> None:
        for seat in self.audience:
            self.observed[seat].append(_canon(redact_checked(self.game, event, seat)))
        self.state = self.game.evolve(self.state, event)
        self.states.append(self.state)
        for seat in self.audience:
            self.views[seat].append(_canon(view_checked(self.game, self.state, seat)))

    def play(self, seat, command) -> None:
        for event in self.game.decide(self.state, seat, command, self.chance):
            self.record(event)

    def shown(self, k: int, seat) -> tuple:
        """Everything the engine shows `seat` at version k besides the events."""
        state = self.states[k]
        commands = self.game.legal_commands(state, seat) if seat is not None else None
        return (self.views[seat][k], _canon(list(self.game.to_act(state))),
                _canon(self.game.outcome(state)), _canon(commands))


def view_checked(game, state, seat):
    before = copy.deepcopy(state)
    shown = game.view(state, seat)
    assert _canon(game.view(state, seat)) == _canon(shown), "view is not deterministic"
    assert state == before, "view changed the state"
    return shown


def redact_checked(game, event, seat):
    before = copy.deepcopy(event)
    redacted = game.redact(event, seat)
    assert event == before, "redact changed the event it was given"
    assert redacted["type"] == event["type"]
    assert _canon(game.redact(event, seat)) == _canon(redacted), "redact is not deterministic"
    assert _canon(game.redact(copy.deepcopy(redacted), seat)) == _canon(redacted), \
        "redacting twice shows something else than redacting once"
    return redacted


def _setup_views(game, options, seats, seed):
    """The setup events drawn with `seed`, and every audience's view after them."""
    events = game.setup(options, seats, random.Random(f"setup-{seed}"))
    state = None
    for event in events:
        state = game.evolve(state, event)
    return events, _canon([game.view(state, s) for s in (None, *range(seats))])


def make_pair(game: Game, seats: int, base: int, play_as: Game = None):
    """Two worlds shown the same after setup (see the module docstring), played as
    `play_as` (the game itself unless a test swaps in a leaky copy)."""
    options = options_for(game, seats, base)
    pool = [_setup_views(game, options, seats, base * SETUP_POOL + i)
            for i in range(SETUP_POOL)]
    pair = next(((a, b) for a, b in combinations(pool, 2)
                 if a[1] == b[1] and _canon(a[0]) != _canon(b[0])), None)
    first, second = pair or (pool[0], pool[0])
    played = play_as or game
    return (World(played, seats, options, first[0], random.Random(f"chance-a-{base}")),
            World(played, seats, options, second[0], random.Random(f"chance-b-{base}")))


def play_lockstep(a: World, b: World, choose: random.Random) -> None:
    """The same commands in both worlds while they stay legal in both."""
    game = a.game
    for _ in range(MAX_STEPS):
        if game.outcome(a.state) is not None:
            return
        seat = choose.choice(list(game.to_act(a.state)))
        command = choose.choice(game.legal_commands(a.state, seat))
        if seat not in game.to_act(b.state) or command not in game.legal_commands(b.state, seat):
            return
        a.play(seat, command)
        b.play(seat, command)


def interference(a: World, b: World) -> list:
    """Every way in which the pair shows a seat something it was not told."""
    problems = []
    for k in range(min(len(a.states), len(b.states))):
        same = {s: a.observed[s][: k + 1] == b.observed[s][: k + 1] for s in a.audience}
        for seat in a.audience:
            if same[seat] and a.shown(k, seat) != b.shown(k, seat):
                problems.append(f"v{k + 2}: seat {seat} was shown something its events "
                                f"did not tell it: {a.shown(k, seat)} vs {b.shown(k, seat)}")
            if seat is not None and same[seat] and not same[None]:
                problems.append(f"v{k + 2}: the spectator learnt what seat {seat} did not")
            if not same[seat] and a.views[seat][: k + 1] == b.views[seat][: k + 1]:
                problems.append(f"v{k + 2}: redact told seat {seat} more than its views")
    return problems


def hidden_pairs(a: World, b: World) -> int:
    """Versions where some seat observed the same but the engine states differ."""
    return sum(1 for k in range(min(len(a.states), len(b.states)))
               if a.states[k] != b.states[k]
               and any(a.observed[s][: k + 1] == b.observed[s][: k + 1] for s in a.audience))


def leaky_view(game: Game) -> Game:
    """The same game, except that every view also carries the whole engine state."""
    return dataclasses.replace(game, view=lambda state, seat: {
        "view": game.view(state, seat), "leak": repr(state)})


def leaky_redact(game: Game) -> Game:
    """The same game, except that redact hides nothing."""
    return dataclasses.replace(game, redact=lambda event, seat: event)


@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_views_and_redactions_show_only_what_was_revealed(name, seats):
    game = dict(registered_games())[name]

    @settings(SETTINGS, max_examples=budget(name, seats, 3, 40, least=1))
    @given(base=st.integers(min_value=0, max_value=2 ** 31))
    def check(base):
        a, b = make_pair(game, seats, base)
        play_lockstep(a, b, random.Random(f"choose-{base}"))
        assert interference(a, b) == []

    check()


@pytest.mark.parametrize("name,game", registered_games(), ids=[n for n, _ in registered_games()])
def test_a_game_that_hides_information_supplies_a_sampler(name, game):
    """GameSpec.hides_information is the one place a game says so; bots then need a sampler
    to redraw what a seat cannot see (the leak checks below read the same flag)."""
    if game.spec.hides_information:
        assert game.sampler is not None, f"{name} hides information but has no sampler"


@pytest.mark.parametrize("make_leaky", [leaky_view, leaky_redact])
@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_the_check_catches_a_leak(name, seats, make_leaky):
    """Where pairs hide different states behind equal views, a leak must be caught. Long for
    four-seat Nexum: pairs of whole matches are played in lockstep until both a hidden
    difference and the leak are seen."""
    game = dict(registered_games())[name]
    hidden = caught = 0
    for base in range(budget(name, seats, 2, 30, least=3)):
        honest = make_pair(game, seats, base)
        play_lockstep(*honest, random.Random(f"choose-{base}"))
        hidden += hidden_pairs(*honest)
        a, b = make_pair(game, seats, base, play_as=make_leaky(game))
        play_lockstep(a, b, random.Random(f"choose-{base}"))
        caught += bool(interference(a, b))
        if hidden and caught:
            break  # the check has shown it sees hidden differences and catches the leak
    if not game.spec.hides_information:
        assert hidden == 0 and caught == 0  # nothing hidden, so showing everything is fine
    else:
        assert hidden, (f"{name}: no two worlds differed behind equal views; either its "
                        "views show everything or this method cannot pair its worlds")
        assert caught, f"{name}: {hidden} hidden differences and no leak was caught"
