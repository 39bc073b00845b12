"""Secrecy as a property of every game, checked through every way a seat is told anything.

What a seat may not see is stated once per game, by its sampler: `sampler(state, seat, rng)`
draws another table that agrees with `state` on everything `seat` may see (its own hand, every
public fact, what was revealed to it) and redraws the rest (other hands, deck orders, secret
choices, and counts where the book keeps them secret). The bots play on such tables, so the
sampler is the game's own word on what is hidden. Two tables that differ only in that way are
two *worlds* for that seat, and the seat must not be able to tell them apart:

- its view (GET /v1/matches/{id}, and /replay at every version), `to_act` and `outcome` are
  byte-identical;
- where commands are taken: its legal commands are identical (and what /legal says each
  costs, for a game that says: Game.costs), and every command it could send gets the same
  answer in both (refused by the same rule, or accepted);
- the events it is sent next (GET /events, /live) come from the same command when the seat
  itself acts; when another seat acts, from that seat's command where it is legal in both
  worlds, and from any other command that seat may choose (its choice is as hidden as its
  hand): as long as the seat's views after every event of both batches agree, the events as
  redacted for it must agree byte for byte, and where those events agree its views must too.
  A difference the views show is what the events revealed (a card drawn into its own hand);
  a difference only the events show is a leak (an opposing fleet's size before the seat chose
  its own cards), and a difference only the views show was told by no event.

Once a match is over every view and event is public, so nothing is compared after its end.
The same comparisons, for twin matches played through the match service's HTTP API, are in
tests/services/match/test_secret_feeds.py.
"""
from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Optional

from shared.games.api import Game, RuleError
from tests.contract import playouts

PROBES = 3          # commands the seat could send, asked of both worlds at each position
ALTERNATIVES = 3    # other choices of another acting seat, played in the second world
REDRAWS = 3         # samples that tell which parts of a state the sampler redraws


def canon(value) -> str:
    """The bytes a client is sent for `value` (key order fixed, as the API's JSON is)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def audience(seats: int) -> list:
    """Every seat and the spectator (None)."""
    return [None, *range(seats)]


@dataclass
class Match:
    """A played match as the checks read it: the game state after every version, and the
    command behind each batch (version before it -> (seat, command))."""

    game: Game
    seats: int
    label: str
    states: list = field(default_factory=list)
    commands: dict = field(default_factory=dict)


def played_from(game: Game, seats: int, state, choose, label: str, chance_seed: str,
                most: int = playouts.MAX_COMMANDS) -> Match:
    """A match played from `state` (a prepared position) by `choose(state, seat, commands)`."""
    match, chance = Match(game, seats, label, [state]), random.Random(chance_seed)
    for _ in range(most):
        if game.outcome(state) is not None:
            break
        seat = sorted(game.to_act(state))[0]
        command = choose(state, seat, game.legal_commands(state, seat))
        match.commands[len(match.states)] = (seat, command)
        for event in game.decide(state, seat, command, chance):
            state = game.evolve(state, event)
            match.states.append(state)
    return match


def novelty(seed: str):
    """A chooser that plays the kind of command it has played least so far (then any one
    of that kind): random play that reaches the rare rules (evolving, researching) sooner."""
    rng, played = random.Random(seed), Counter()

    def choose(state, seat, commands):
        kinds = sorted({c["type"] for c in commands})
        least = min(played[k] for k in kinds)
        kind = rng.choice([k for k in kinds if played[k] == least])
        played[kind] += 1
        return rng.choice([c for c in commands if c["type"] == kind])
    return choose


def random_choice(seed: str):
    """A chooser that plays any legal command."""
    rng = random.Random(seed)
    return lambda state, seat, commands: rng.choice(commands)


def match_from_setup(name: str, seats: int, seed: int, chooser, kind: str,
                     most: int = playouts.MAX_COMMANDS) -> Match:
    """A match from a random setup (options drawn as the contract playouts draw them), its
    first `most` commands played by `chooser(f"{kind}-{seed}")`."""
    start = playouts.start(name, seats, seed)
    first = len(start.states)
    match = played_from(start.game, seats, start.final.game_state, chooser(f"{kind}-{seed}"),
                        f"{name}-{seats}p-{kind}-{seed}", f"chance-{seed}", most=most)
    # The setup's states precede the first command: keep them, so their views are checked.
    setup_states = [s.game_state for s in start.states[:first - 1]]
    match.commands = {v + first - 1: c for v, c in match.commands.items()}
    match.states = setup_states + match.states
    return match


def setup_problems(game: Game, seats: int, options: dict, seeds) -> list:
    """The setup's events as each audience is sent them: of setups drawn with `seeds` that
    show a seat the same views, the events redacted for it must agree too (and where those
    agree, the views): [(version, seat, problem)]. (The setup follows no command, so its
    second world comes from another draw rather than from the sampler.)"""
    worlds = [game.setup(options, seats, random.Random(f"setup-{seed}")) for seed in seeds]
    problems = []
    for seat in audience(seats):
        batches = []
        for events in worlds:
            state, steps = None, []
            for event in events:
                state = game.evolve(state, event)
                steps.append((canon(game.view(state, seat)), canon(game.redact(event, seat))))
            batches.append((steps, False))
        for i, first in enumerate(batches):
            for second in batches[i + 1:]:
                problem = batch_problem(first, second)
                if problem:
                    problems.append((1, seat, f"setup: {problem}"))
    return problems


# ---- what a seat is told ------------------------------------------------------------------

def shown(game: Game, state, seat) -> str:
    """The view, who must act and the outcome, as `seat` gets them."""
    return canon([game.view(state, seat), list(game.to_act(state)), game.outcome(state)])


def answer(game: Game, state, actor, command, seat, chance: str):
    """What `seat` is told when `actor` sends `command`: (refusal or "accepted", batch) where
    batch is [(view after the event, the event redacted)] and whether the match ended."""
    try:
        events = game.decide(state, actor, command, random.Random(chance))
    except RuleError as refused:
        return (type(refused).__name__, refused.rule), None
    steps, ended = [], False
    for event in events:
        state = game.evolve(state, event)
        ended = ended or game.outcome(state) is not None
        steps.append((canon(game.view(state, seat)), canon(game.redact(event, seat))))
    return ("accepted",), (steps, ended)


def batch_problem(first, second) -> Optional[str]:
    """How two batches of events tell a seat what it may not know, if they do."""
    (steps_a, ended_a), (steps_b, ended_b) = first, second
    if ended_a or ended_b:
        return None  # the end makes everything public
    views_a, views_b = [v for v, _ in steps_a], [v for v, _ in steps_b]
    events_a, events_b = [e for _, e in steps_a], [e for _, e in steps_b]
    same_views = views_a == views_b if len(steps_a) == len(steps_b) else \
        bool(views_a) and bool(views_b) and views_a[-1] == views_b[-1]
    if same_views and events_a != events_b:
        told = next(((a, b) for a, b in zip(events_a, events_b) if a != b),
                    (f"{len(events_a)} events", f"{len(events_b)} events"))
        return f"an event tells what its views hide: {told[0]} / {told[1]}"
    if events_a == events_b and not same_views:
        return "a view shows what no event told"
    return None


def differences(game: Game, state, seat, rng: random.Random, next_command=None,
                decision: bool = True) -> list:
    """Every way `seat` can tell `state` from a world its sampler draws (see the module's
    docstring). `next_command`: (actor, command) played next; `decision`: commands are taken
    at this version (not in the middle of a batch of events)."""
    if state is None or game.outcome(state) is not None:
        return []
    other = game.sampler(state, seat, rng)
    if shown(game, state, seat) != shown(game, other, seat):
        return [_first_difference("view", shown(game, state, seat), shown(game, other, seat))]
    if not decision:
        return []
    problems = []
    if seat is not None and canon(game.legal_commands(state, seat)) != \
            canon(game.legal_commands(other, seat)):
        problems.append("legal commands differ")
    elif seat is not None and game.costs is not None:
        own = game.legal_commands(state, seat)
        if canon(game.costs(state, seat, own)) != canon(game.costs(other, seat, own)):
            problems.append("the costs of the legal commands differ")
    for command in _probes(game, state, seat, rng, next_command):
        chance = str(rng.random())
        (said_a, batch_a), (said_b, batch_b) = (answer(game, world, seat, command, seat, chance)
                                                for world in (state, other))
        if said_a != said_b:
            problems.append(f"{command} answered {said_a} / {said_b}")
        elif batch_a is not None and batch_problem(batch_a, batch_b):
            problems.append(f"{command}: {batch_problem(batch_a, batch_b)}")
    if next_command is not None and next_command[0] != seat:
        problems += _next_batch(game, state, other, seat, next_command, rng)
    return problems


def _probes(game, state, seat, rng, next_command) -> list:
    """Commands the seat could send here: some of its own legal ones, the one played next,
    and other seats' (mostly refusals, whose reasons must not differ either)."""
    if seat is None:
        return []
    own = game.legal_commands(state, seat)
    others = [c for s in game.to_act(state) if s != seat for c in game.legal_commands(state, s)]
    chosen = rng.sample(own, min(PROBES, len(own))) + rng.sample(others, min(1, len(others)))
    if next_command is not None and next_command[1] not in chosen:
        chosen.append(next_command[1])
    return chosen


def _next_batch(game, state, other, seat, next_command, rng) -> list:
    """The next batch, seen by `seat`, in both worlds: another seat's command where it is legal
    in both, and some of its other choices in the second world, where they are as secret as
    the first (`secret_choice`)."""
    actor, command = next_command
    chance = str(rng.random())
    _, batch_a = answer(game, state, actor, command, seat, chance)
    if batch_a is None:
        return []
    choices = game.legal_commands(other, actor)
    tried = ([command] if command in choices else []) + \
        rng.sample(choices, min(ALTERNATIVES, len(choices)))
    for choice in tried:
        _, batch_b = answer(game, other, actor, choice, seat, chance)
        if batch_b is None:
            continue
        if choice != command and not (_alike(batch_a, batch_b) and secret_choice(
                game, (state, actor, command), (other, actor, choice), seat, chance, rng)):
            continue
        problem = batch_problem(batch_a, batch_b)
        if problem:
            return [f"seat {actor} playing {command} / {choice}: {problem}"]
    return []


def _after(game, state, actor, command, chance: str):
    for event in game.decide(state, actor, command, random.Random(chance)):
        state = game.evolve(state, event)
    return state


def secret_choice(game, first, second, seat, chance: str, rng) -> bool:
    """Whether two choices differ only in what `seat` may not see: each changed the table,
    and every part where the two tables after them differ is one the sampler redraws for
    `seat` (a phase card chosen face down, a fleet's Ship cards; not where a skill was aimed,
    which the sampler keeps). A choice that changes nothing is an announcement, public."""
    (state_a, actor, command_a), (state_b, _, command_b) = first, second
    after_a = _after(game, state_a, actor, command_a, chance)
    after_b = _after(game, state_b, actor, command_b, chance)
    if not _paths(state_a, after_a) or not _paths(state_b, after_b):
        return False
    redrawn = set()
    for after in (after_a, after_b):
        for _ in range(REDRAWS):
            redrawn |= _paths(after, game.sampler(after, seat, rng))
    return all(any(p[:len(q)] == q or q[:len(p)] == p for q in redrawn)
               for p in _paths(after_a, after_b))


def _paths(a, b, path=()) -> set:
    """Where two states differ: the paths of their differing parts (fields, keys, indexes)."""
    if a is b or a == b:
        return set()
    if dataclasses.is_dataclass(a) and type(a) is type(b):
        return set().union(*(_paths(getattr(a, f.name), getattr(b, f.name), path + (f.name,))
                             for f in dataclasses.fields(a)))
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return set().union(*(_paths(a.get(k), b.get(k), path + (repr(k),))
                             for k in set(a) | set(b)))
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)) and len(a) == len(b):
        return set().union(*(_paths(x, y, path + (i,)) for i, (x, y) in enumerate(zip(a, b))))
    return {path}


def _alike(batch_a, batch_b) -> bool:
    """Two choices of the same kind: events of the same types in the same order. (A choice
    the seat is told of, such as where an ability struck, may leave nothing on the table: it
    is compared only with choices that look like it.)"""
    if batch_b is None:
        return False
    types = [[json.loads(event)["type"] for _, event in steps] for steps, _ in (batch_a, batch_b)]
    return types[0] == types[1]


def _first_difference(what: str, a: str, b: str) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"{what} differs: ...{a[max(0, at - 120):at + 60]} / ...{b[max(0, at - 120):at + 60]}"


def check_position(match: Match, index: int, seat, seed: int = 0) -> list:
    """The differences `seat` can find at version index + 1: [(version, seat, problem)]."""
    version = index + 1
    rng = random.Random(f"{match.label}-{seed}-{version}-{seat}")
    return [(version, seat, problem) for problem in differences(
        match.game, match.states[index], seat, rng, match.commands.get(version),
        decision=version in match.commands)]


def check_match(match: Match, versions=None, seed: int = 0) -> list:
    """Every difference found in `match`, at `versions` (default every version), for every
    seat and the spectator: [(version, seat, problem)]."""
    found = []
    for index in (range(len(match.states)) if versions is None else versions):
        for seat in audience(match.seats):
            found += check_position(match, index, seat, seed)
    return found
