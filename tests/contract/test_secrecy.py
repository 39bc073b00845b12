"""No seat is told what its rules hide: every registered game, every seat and the spectator.

The method is tests/contract/secrecy.py's: at each version of a match, the game's sampler
draws a world that differs only in what a seat may not see, and the seat's view, legal
commands, answers to its commands and the next events it is sent must be byte-identical in
both. Matches: random playouts, playouts that seek the rare rules (`secrecy.novelty`), greedy
bots for the quick games, and prepared positions with a rare rule in reach. Short matches are
checked at every version; long ones at a seeded sample of their versions within a time budget
(`make bench` runs bench/secrecy.py: every version of more matches).
"""
from __future__ import annotations

import dataclasses
import functools
import random

import pytest

from services.bot.policies import greedy
from shared.games.api import Game
from tests import depth
from tests.contract import playouts, secrecy
from tests.contract.playouts import game_seat_params, registered_games

PARAMS = game_seat_params()
IDS = [f"{name}-{n}p" for name, n in PARAMS]
SECONDS = 1.0        # per game and seat count, beyond the versions every run checks
LEAST_VERSIONS = 30  # checked in every run (whatever the machine's speed), per game and seats
MATCHES = 3          # random, novelty-seeking and (quick games) bot matches per parameter
MOST_COMMANDS = 300  # of each match (battles, evolutions and draws come well before)
SETUPS = 12          # setups drawn to compare the setup's events
PREPARED_VERSIONS = 12  # checked for every audience in each prepared match


def _bot_match(name: str, seats: int, seed: int) -> secrecy.Match:
    """Greedy bots (one sample a command) from a random setup."""
    start = playouts.start(name, seats, seed)
    game, rng = start.game, random.Random(f"bot-{seed}")
    match = secrecy.played_from(
        game, seats, start.final.game_state,
        lambda state, seat, _: greedy.choose(game, state, seat, rng, seats=seats,
                                             samples=1).command,
        f"{name}-{seats}p-bots-{seed}", f"chance-{seed}", most=400)
    return match


def _nexum_evolution_in_reach(seats: int) -> list:
    """Nexum, civilization cards: both factions hold loaded asteroids that pay their colour,
    so a faction may evolve (A p.13) from the first command on."""
    from tests.games.nexum.tables import at_phase, start
    state = dataclasses.replace(start(seats=2, civilization_cards=True),
                                civs=("biontes", "psycon"), generation=(1, 1), queue=())
    state = at_phase(state, 0, "movement", energy=(10, 10),
                     loaded=(((31, "GG"), (32, "GY")), ((33, "YY"), (34, "BG"))))
    if seats != 2:
        return []
    from shared.games.nexum import GAME
    return [secrecy.played_from(GAME, 2, state, secrecy.novelty(f"evolve-{i}"),
                                f"nexum-evolve-{i}", f"evolve-chance-{i}", most=60)
            for i in range(3)]


PREPARED = {"nexum": _nexum_evolution_in_reach}


@functools.lru_cache(maxsize=None)
def _matches(name: str, seats: int) -> tuple:
    """Random, novelty-seeking and (quick games) bot matches, each its first MOST_COMMANDS
    commands; a game whose first random match is longer gets one of each."""
    first = secrecy.match_from_setup(name, seats, 0, secrecy.random_choice, "random",
                                     MOST_COMMANDS)
    quick = first.game.outcome(first.states[-1]) is not None and len(first.states) < 200
    count = MATCHES if quick else 1
    random_ones = [first] + [secrecy.match_from_setup(name, seats, seed, secrecy.random_choice,
                                                      "random", MOST_COMMANDS)
                             for seed in range(1, count)]
    novel = [secrecy.match_from_setup(name, seats, seed, secrecy.novelty, "novel",
                                      MOST_COMMANDS) for seed in range(count)]
    bots = [_bot_match(name, seats, seed) for seed in range(MATCHES)] if quick else []
    return tuple(random_ones + novel + bots)


def _prepared_problems(name: str, seats: int) -> list:
    """The prepared positions' first PREPARED_VERSIONS versions, for every audience: the
    rare rule they put in reach is played there."""
    return [problem for match in PREPARED.get(name, lambda seats: [])(seats)
            for problem in secrecy.check_match(match, range(min(PREPARED_VERSIONS,
                                                                 len(match.states))))]


def _versions(match: secrecy.Match, seed: int) -> list:
    """Every version of the match, in a seeded order (decisions first: there every channel is
    compared; in the middle of a batch, views only)."""
    versions = list(range(len(match.states)))
    random.Random(f"{match.label}-order-{seed}").shuffle(versions)
    return sorted(versions, key=lambda i: (i + 1) not in match.commands)


def check_budgeted(matches, seconds: float, least: int, first_only: bool = False,
                   quick: bool = True) -> tuple:
    """(problems, positions checked): one version of each match in turn, for one member of
    its audience in turn (the spectator, seat 0, seat 1...), until every version is checked,
    or `least` positions are and `seconds` of this process's CPU time have passed (a tenth
    of them in `make check`, tests/depth.py, unless `quick` is False)."""
    seconds = depth.budget(seconds) if quick else seconds
    deadline, problems, checked = depth.clock() + seconds, [], 0
    queues = [(m, _versions(m, 0)) for m in matches]
    while any(q for _, q in queues):
        for match, queue in queues:
            if not queue:
                continue
            index = queue.pop(0)
            seats = secrecy.audience(match.seats)
            problems += secrecy.check_position(match, index, seats[checked % len(seats)])
            checked += 1
            if first_only and problems:
                return problems, checked
        if checked >= least and depth.clock() > deadline:
            break
    return problems, checked


@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_no_seat_can_tell_worlds_that_differ_in_what_it_may_not_see(name, seats):
    game = dict(registered_games())[name]
    problems = secrecy.setup_problems(game, seats, playouts.options_for(game, seats, 0),
                                      range(SETUPS))
    problems += _prepared_problems(name, seats)
    found, checked = check_budgeted(_matches(name, seats), SECONDS, LEAST_VERSIONS)
    problems += found
    assert checked >= min(LEAST_VERSIONS, 1)
    assert problems == [], "\n".join(f"v{v} seat {s}: {p}" for v, s, p in problems[:5])


@pytest.mark.parametrize("name,game", registered_games(), ids=[n for n, _ in registered_games()])
def test_a_game_that_hides_information_supplies_a_sampler_that_redraws(name, game):
    """GameSpec.hides_information is the one place a game says so; its sampler then states
    what is hidden, and must redraw something somewhere (else the check above compares a
    world with itself and proves nothing)."""
    if not game.spec.hides_information:
        return
    assert game.sampler is not None, f"{name} hides information but has no sampler"
    match = secrecy.match_from_setup(name, game.spec.min_players, 0, secrecy.random_choice,
                                     "random", MOST_COMMANDS)
    redrawn = sum(1 for i, state in enumerate(match.states) if state is not None
                  and game.sampler(state, 0, random.Random(i)) != state)
    assert redrawn, f"{name}: its sampler never drew another world"


def leaky_view(game: Game) -> Game:
    """The same game, except that every view also carries the whole engine state."""
    return dataclasses.replace(game, view=lambda state, seat: {
        "view": game.view(state, seat), "leak": repr(state)})


def leaky_redact(game: Game) -> Game:
    """The same game, except that redact hides nothing."""
    return dataclasses.replace(game, redact=lambda event, seat: event)


def counting_redact(game: Game) -> Game:
    """The same game, except that a list a redaction drops leaves its length behind (the
    leak Exile Sun's ShipsCommitted had: an opposing fleet's size before committing)."""
    def redact(event, seat):
        seen = game.redact(event, seat)
        gone = {k: len(v) for k, v in event["data"].items()
                if isinstance(v, list) and k not in seen["data"]}
        return {**seen, "data": {**seen["data"], **{f"{k}_left": n for k, n in gone.items()}}}
    return dataclasses.replace(game, redact=redact)


def leaky_costs(game: Game) -> Game:
    """The same game, except that what /legal says each command costs carries the whole
    engine state."""
    return dataclasses.replace(game, costs=lambda state, seat, commands: [
        {"leak": repr(state)} for _ in commands])


LEAKS = [(make_leaky, name) for make_leaky in (leaky_view, leaky_redact)
         for name in ("exile_sun", "exordium", "exsilium", "nexum")] + [
    (counting_redact, "exile_sun")] + [  # a count its book keeps secret (p10)
    (leaky_costs, name) for name in ("exile_sun", "nexum")]


@pytest.mark.parametrize("make_leaky,name", LEAKS,
                         ids=[f"{name}-{leak.__name__}" for leak, name in LEAKS])
def test_the_check_catches_a_leak(name, make_leaky):
    """A copy of the game with a leak must be caught on the same matches (or setups)."""
    game = dict(registered_games())[name]
    leaky = make_leaky(game)
    seats = game.spec.min_players if name != "nexum" else 2
    problems = secrecy.setup_problems(leaky, seats, playouts.options_for(game, seats, 0),
                                      range(SETUPS))
    matches = [dataclasses.replace(m, game=leaky) for m in _matches(name, seats)]
    if not problems:
        # The whole budget in every run: some leaks show only after many positions, and
        # the search stops at the first one found.
        problems = check_budgeted(matches, SECONDS * 4, LEAST_VERSIONS, first_only=True,
                                  quick=False)[0]
    assert problems, f"{name}: {make_leaky.__name__} was not caught"
