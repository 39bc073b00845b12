"""Cross-game contract: every registered game, every seat count its spec allows.

The games come from `shared.games.registry.games()` at collection time, so a game added to
the registry is covered without touching this file. Random playouts are seeded, so a
failure names a seed that reproduces it (`tests.contract.playouts.play(name, seats, seed)`).
"""
from __future__ import annotations

import json
import random

import pytest

from shared.games.api import IllegalCommand, NotYourTurn, RuleError
from shared.games.replay import MATCH_CREATED, apply, fold
from tests.contract.playouts import (game_seat_params, play, played, positions,
                                     registered_games, seeds, snapshot)

# Random matches per game and seat count: quick games get them all; a slow game gets what
# fits in each test's time budget (playouts.seeds), and checks a sample of the positions of
# a long match, so adding games keeps the suite's run time bounded. The budgets (CPU seconds
# a test, the second argument of seeds) are sized so that make test stays within 12 minutes
# on a 2-core machine.
PLAYOUTS = 200            # checks at every command of every playout
FULL_CHECK_PLAYOUTS = 40  # of which, every legal command of every version goes to decide
POSITIONS = 300           # at most this many positions per playout for per-version checks
PARAMS = game_seat_params()
IDS = [f"{name}-{n}p" for name, n in PARAMS]


def roundtrip(value):
    return json.loads(json.dumps(value))


def _accepts_every_legal_command(game, state, seat, most=64):
    """decide accepts each legal command (a seeded sample of `most` when there are more)."""
    commands = game.legal_commands(state, seat)
    if len(commands) > most:
        commands = random.Random(len(commands)).sample(commands, most)
    for command in commands:
        try:
            produced = game.decide(state, seat, command, random.Random(0))
        except RuleError as refusal:
            raise AssertionError(f"legal command {command} refused: {refusal.rule}") from None
        assert produced, f"legal command {command} produced no event"


def test_registry_has_the_known_games():
    names = [name for name, _ in registered_games()]
    assert "tictactoe" in names
    for name, game in registered_games():
        assert game.spec.name == name
        assert 1 <= game.spec.min_players <= game.spec.max_players


@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_random_playouts_end_with_an_outcome(name, seats):
    """Hundreds of seeded random matches: someone acts until there is an outcome."""
    for seed in seeds(PLAYOUTS, 2):
        playout = played(name, seats, seed)
        game = playout.game
        for index in positions(len(playout.commands), POSITIONS, seed):
            version, seat, command = playout.commands[index]
            state = playout.states[version - 1].game_state
            acting = game.to_act(state)
            assert game.outcome(state) is None
            assert acting, f"seed {seed} v{version}: no outcome and no seat to act"
            assert set(acting) <= set(range(seats))
            for other in range(seats):
                commands = game.legal_commands(state, other)
                if other in acting:
                    assert commands, f"seed {seed} v{version}: seat {other} to act, no command"
                else:
                    assert commands == [], f"seed {seed}: seat {other} not to act has commands"
                if seed < FULL_CHECK_PLAYOUTS and other in acting:
                    _accepts_every_legal_command(game, state, other)
        final = playout.final.game_state
        result = game.outcome(final)
        assert result is not None and game.to_act(final) == ()
        assert all(game.legal_commands(final, s) == [] for s in range(seats))
        assert len(result["ranks"]) == seats
        assert playout.final.status == "finished"


@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_playouts_are_deterministic(name, seats):
    for seed in seeds(20, 1):
        first, second = play(name, seats, seed), play(name, seats, seed)
        assert first.events == second.events
        assert first.final == second.final


@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_fold_of_the_log_equals_the_live_state_at_every_version(name, seats):
    """Replay (shared.games.replay.fold) from MatchCreated, through JSON as the log stores
    events, gives the state the match had live, at every version."""
    for seed in seeds(30, 1):
        playout = played(name, seats, seed)
        assert playout.events[0]["type"] == MATCH_CREATED
        logged = [{"v": v, "at": None, **roundtrip(e)} for v, e in enumerate(playout.events, 1)]
        live = snapshot(playout.states)
        folded = None  # fold is a left fold: its state after v events is fold(events[:v])
        for version, event in enumerate(logged, 1):
            folded = apply(folded, event)
            assert folded.version == version
            assert folded == live[version - 1], f"seed {seed}: fold differs at v{version}"
        for version in random.Random(seed).sample(range(1, len(logged) + 1),
                                                  min(5, len(logged))):
            assert fold(logged, upto=version) == live[version - 1]
            assert fold(logged[:version]) == live[version - 1]
            assert fold(logged[version:], start=fold(logged, upto=version)) == live[-1]
        # evolve must not change earlier states in place: they are still what they were
        assert playout.states == live


@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_events_views_and_commands_round_trip_json(name, seats):
    for seed in seeds(30, 1):
        playout = played(name, seats, seed)
        game = playout.game
        for event in playout.events:
            assert roundtrip(event) == event, f"event does not survive JSON: {event}"
            for seat in [None, *range(seats)]:
                redacted = game.redact(event, seat) if event["type"] != MATCH_CREATED else event
                assert roundtrip(redacted) == redacted
        for index in positions(len(playout.states) - 1, POSITIONS, seed):
            state = playout.states[index + 1]
            for seat in [None, *range(seats)]:
                view = game.view(state.game_state, seat)
                assert roundtrip(view) == view, f"view for {seat} does not survive JSON"
                commands = game.legal_commands(state.game_state, seat) if seat is not None else []
                assert roundtrip(commands) == commands
            result = game.outcome(state.game_state)
            assert roundtrip(result) == result


def _near_misses(command):
    """Well-formed commands near a legal one: same keys and JSON types, other values."""
    yield {**command, "type": str(command.get("type", "")) + "-x"}
    yield {"type": "no-such-command"}
    for key, value in command.items():
        if key == "type":
            continue
        yield {k: v for k, v in command.items() if k != key}
        if isinstance(value, bool):
            yield {**command, key: not value}
        elif isinstance(value, int):
            for other in (-1, value + 100, 10 ** 9):
                yield {**command, key: other}
        elif isinstance(value, str):
            for other in ("", "nowhere", value + "x"):
                yield {**command, key: other}
        elif isinstance(value, list):
            yield {**command, key: []}
            yield {**command, key: value + value}


def _malformed(command):
    """Commands of the wrong shape: JSON values of the wrong type anywhere."""
    yield {}
    yield {"type": None}
    yield {"type": []}
    for key in command:
        for strange in (None, [], {}, 2.5, True, {"nested": [1]}):
            if strange != command[key] or type(strange) is not type(command[key]):
                yield {**command, key: strange}


def _check_refused(name, game, playout, mutations):
    seats = playout.seats
    for index in positions(len(playout.commands), POSITIONS // 3, playout.seed):
        version, seat, command = playout.commands[index]
        state = playout.states[version - 1].game_state
        before = snapshot(state)
        legal = game.legal_commands(state, seat)
        for other in set(range(seats)) - set(game.to_act(state)):
            with pytest.raises(NotYourTurn):
                game.decide(state, other, command, random.Random(1))
        for wrong in mutations(command):
            if wrong in legal:
                continue
            try:
                produced = game.decide(state, seat, wrong, random.Random(1))
            except (IllegalCommand, NotYourTurn) as refusal:
                assert refusal.rule and isinstance(refusal.rule, str)
            except Exception as error:  # noqa: BLE001 - any other error is the bug
                raise AssertionError(
                    f"{name} seed {playout.seed} v{version}: {wrong!r} raised "
                    f"{type(error).__name__}: {error} instead of IllegalCommand") from None
            else:
                raise AssertionError(f"{name} seed {playout.seed} v{version}: illegal "
                                     f"{wrong!r} accepted, giving {produced}")
        assert state == before, "decide changed the state it was given"


@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_illegal_commands_raise_and_never_mutate_state(name, seats):
    """A well-formed command the rules forbid raises IllegalCommand (or NotYourTurn for a
    seat not to act) and leaves the state as it was; so does any command after the end."""
    for seed in seeds(15, 1):
        playout = played(name, seats, seed)
        _check_refused(name, playout.game, playout, _near_misses)
        final = playout.final.game_state
        for seat in range(seats):
            with pytest.raises((NotYourTurn, IllegalCommand)):
                playout.game.decide(final, seat, playout.commands[-1][2], random.Random(1))


@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_malformed_commands_are_refused_as_illegal(name, seats):
    """Commands also reach `decide` from the bus (bots), not only through the HTTP schema,
    so a command of the wrong shape must be refused with IllegalCommand, never crash it."""
    for seed in seeds(5, 1):
        playout = played(name, seats, seed)
        _check_refused(name, playout.game, playout, _malformed)


def _never_crashes(name, game, state, seat, command, where):
    """decide either accepts the command or refuses it with a RuleError; nothing else."""
    try:
        game.decide(state, seat, command, random.Random(1))
    except RuleError as refusal:
        assert refusal.rule and isinstance(refusal.rule, str)
    except Exception as error:  # noqa: BLE001 - any other error is the bug
        raise AssertionError(f"{name} {where}: {command!r} raised "
                             f"{type(error).__name__}: {error}") from None


@pytest.mark.parametrize("name,seats", PARAMS, ids=IDS)
def test_commands_legal_elsewhere_are_refused_cleanly(name, seats):
    """Bots search over determinized states (the sampler redraws what a seat cannot see), so
    they send commands that were legal in a world that is not this one; and clients send
    commands that were legal a move ago. `decide` must refuse those with a rule, not crash."""
    for seed in seeds(5, 1):
        playout = played(name, seats, seed)
        game = playout.game
        played_commands = [command for _, _, command in playout.commands]
        rng = random.Random(seed)
        for index in positions(len(playout.commands), POSITIONS // 3, playout.seed):
            version, seat, _ = playout.commands[index]
            state = playout.states[version - 1].game_state
            before = snapshot(state)
            where = f"seed {playout.seed} v{version}"
            for command in rng.sample(played_commands, min(8, len(played_commands))):
                _never_crashes(name, game, state, seat, command, where)
            if game.sampler is not None:
                other_world = game.sampler(state, seat, random.Random(index))
                for command in game.legal_commands(other_world, seat)[:32]:
                    _never_crashes(name, game, state, seat, command, where + " (sampled)")
            assert state == before, "decide changed the state it was given"
