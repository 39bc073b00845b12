"""Random playouts of any registered game, driven only through the engine surface.

Shared by the cross-game contract tests and the CLI tests. A playout records every command,
every event (as logged: type and data) and the match state at every version, so tests can
compare live states with folds and views across seats.
"""
from __future__ import annotations

import functools
import pickle
import random
from dataclasses import dataclass, field
from typing import Optional

from shared.games.api import Game, InvalidOptions
from shared.games.registry import games
from shared.games.replay import MatchState, apply, match_created
from tests import depth

MAX_COMMANDS = 20_000  # a playout longer than this is a game that does not terminate
OPTION_DRAWS = 20


def registered_games() -> list:
    """(name, game) for every game in the registry, sorted by name."""
    return sorted(games().items())


def seat_counts(game: Game) -> range:
    return range(game.spec.min_players, game.spec.max_players + 1)


def game_seat_params() -> list:
    """(name, seats) for every registered game and every seat count its spec allows."""
    return [(name, n) for name, game in registered_games() for n in seat_counts(game)]


def random_options(game: Game, rng: random.Random) -> dict:
    """A random valid choice for each choice/bool option; defaults for the rest."""
    chosen = {}
    for name, spec in game.spec.options.items():
        if spec.kind == "choice" and spec.choices:
            chosen[name] = rng.choice(list(spec.choices))
        elif spec.kind == "bool":
            chosen[name] = rng.random() < 0.5
    return game.spec.resolve_options(chosen)


@dataclass
class Playout:
    """One played match: commands, logged events and the state after every version."""

    game: Game
    seats: int
    seed: int
    events: list = field(default_factory=list)      # logged: {"type", "data"}, v = index+1
    states: list = field(default_factory=list)      # states[v-1]: MatchState after event v
    commands: list = field(default_factory=list)    # (version before, seat, command)

    @property
    def final(self) -> MatchState:
        return self.states[-1]

    def record(self, event: dict) -> None:
        state = apply(self.states[-1] if self.states else None, event)
        self.events.append(event)
        self.states.append(state)


def options_for(game: Game, seats: int, seed: int) -> dict:
    """Random options the game accepts for this seat count.

    A draw the game refuses at setup (InvalidOptions, e.g. a scenario for other player
    counts) is drawn again; after OPTION_DRAWS refusals the defaults are used.
    """
    for attempt in range(OPTION_DRAWS):
        options = random_options(game, random.Random(f"options-{seed}-{attempt}"))
        try:
            game.setup(options, seats, random.Random(0))
            return options
        except InvalidOptions:
            continue
    return game.spec.resolve_options({})


def start(name: str, seats: int, seed: int, match_id: Optional[str] = None) -> Playout:
    """MatchCreated plus the game's setup events, with setup randomness from `seed`."""
    game = games()[name]
    options = options_for(game, seats, seed)
    playout = Playout(game=game, seats=seats, seed=seed)
    seat_list = [{"player_id": f"player-{i}"} for i in range(seats)]
    setup_events = game.setup(options, seats, random.Random(f"setup-{seed}"))
    playout.record(match_created(match_id or f"match-{name}-{seed}", name, seat_list, options,
                                 setup=len(setup_events)))
    for event in setup_events:
        playout.record(event)
    return playout


def step(playout: Playout, choose: random.Random, chance: random.Random) -> bool:
    """Play one random legal command; False once the match is over."""
    game, state = playout.game, playout.final.game_state
    if game.outcome(state) is not None:
        return False
    seat = choose.choice(list(game.to_act(state)))
    command = choose.choice(game.legal_commands(state, seat))
    playout.commands.append((playout.final.version, seat, command))
    for event in game.decide(state, seat, command, chance):
        playout.record(event)
    return True


def play(name: str, seats: int, seed: int, match_id: Optional[str] = None,
         max_commands: int = MAX_COMMANDS) -> Playout:
    """A whole random match; raises if it has not ended within `max_commands`."""
    playout = start(name, seats, seed, match_id)
    choose, chance = random.Random(f"choose-{seed}"), random.Random(f"chance-{seed}")
    for _ in range(max_commands):
        if not step(playout, choose, chance):
            return playout
    raise AssertionError(f"{name} with {seats} seats (seed {seed}) did not end "
                         f"within {max_commands} commands")


@functools.lru_cache(maxsize=256)
def played(name: str, seats: int, seed: int) -> Playout:
    """`play`, remembered: tests that only read a playout share it (they must not change
    it; the fold test checks that no state changed since it was recorded)."""
    return play(name, seats, seed)


def snapshot(value):
    """A deep copy of `value` (states, events), to tell later whether anything changed it in
    place: pickle's round trip copies these plain values a dozen times faster than
    copy.deepcopy, which took most of the fold test's time."""
    return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


@functools.lru_cache(maxsize=None)
def playout_seconds(name: str, seats: int) -> float:
    """How long one random playout of this game takes here (measured once, seed 0; CPU
    seconds, as the budgets are counted: tests/depth.py)."""
    started = depth.clock()
    play(name, seats, 0)
    return depth.clock() - started


def budget(name: str, seats: int, seconds: float, most: int, least: int = 2) -> int:
    """How many playouts fit in `seconds` for this game and seat count, between `least`
    and `most`: quick games get `most`, slow games added later keep the suite's run time
    bounded."""
    return max(least, min(most, int(seconds / max(playout_seconds(name, seats), 1e-6))))


def seeds(most: int, seconds: float, least: int = 1):
    """Seeds 0, 1, ... up to `most`, stopping once `seconds` have passed (never before
    `least`): the checks a test runs per playout count in its budget, in CPU seconds of this
    process. (`make check` spends a tenth of it: tests/depth.py.)"""
    deadline = depth.clock() + depth.budget(seconds)
    for seed in range(most):
        if seed >= least and depth.clock() > deadline:
            return
        yield seed


def positions(count: int, most: int, seed: int = 0, long_log: int = 0) -> list:
    """All of range(count), or a seeded sample of `most` of them (sorted) for long games.
    With `long_log`, every position is kept for a log of up to that many events."""
    if count <= max(most, long_log):
        return list(range(count))
    return sorted(random.Random(seed).sample(range(count), most))
