"""Legal commands: a perft-like count from fixed positions, and agreement with decide."""
import json
import random

from shared.games.api import RuleError
from shared.games.exordium import GAME
from shared.games.exordium.actions import TARGET_KEY
from shared.games.exordium.board import CELLS
from shared.games.exordium.commands import play_action_card as card_command
from shared.games.exordium.components import ACTION_CARDS
from shared.games.exordium.state import resource_count
from shared.games.exordium.evolve import fold
from tests.games.exordium.helpers import YELLOW, given, holds, table


def _perft(state, depth):
    """The number of command sequences of `depth` from `state`."""
    if depth == 0 or not GAME.to_act(state):
        return 1
    seat = GAME.to_act(state)[0]
    return sum(_perft(fold(state, GAME.decide(state, seat, cmd, None)), depth - 1)
               for cmd in GAME.legal_commands(state, seat))


def test_first_turn_count():
    """TURN: yellow at d4 — Red: 4 Explores + 1 Extract; Blue: Extract, Examine; Green: 1 + 4."""
    assert _perft(given(table()), 1) == 12


def test_count_with_both_actions_in_either_order():
    """TURN: 2 red Resources — Red: 5 + 1 single, 5x2 explore-extract, 1x5 extract-explore."""
    start = given(table())
    state = given(table(), holds(start, YELLOW, "e4", "d3"))
    assert _perft(state, 1) == 21 + 2 + 6


def test_perft_depth_2_purple_answers_with_the_two_cards_left():
    """TURN: purple at b2 (4 Explores, 1 Extract, Examine) plays one of the 2 face-up cards.

    After yellow's Red (5 ways): Blue 2 + Green 5; after Blue (2): Red 5 + Green 5;
    after Green (5): Red 5 + Blue 2 — 5*7 + 2*10 + 5*7 = 90.
    """
    assert _perft(given(table()), 2) == 90


def test_perft_depth_3_through_the_end_of_the_first_round():
    """A regression count over the first round (depths 1 and 2 are checked by hand above)."""
    assert _perft(given(table()), 3) == 364


def test_every_legal_command_is_accepted_and_legal_commands_are_distinct():
    """decide accepts everything legal_commands lists, along random games."""
    rng = random.Random(11)
    state = fold(None, GAME.setup({}, 2, rng))
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        commands = GAME.legal_commands(state, seat)
        assert len({repr(c) for c in commands}) == len(commands) > 0
        for command in commands:
            GAME.decide(state, seat, command, rng)
        state = fold(state, GAME.decide(state, seat, rng.choice(commands), rng))


def _written(action, key, targets):
    """Every way to write `action` in a command: without a target, or with any cell."""
    if key is None:
        return [{"action": action}]
    return [{"action": action}] + [{"action": action, key: cell} for cell in targets]


_END_OF_TURN = {"ActionCardFlipped", "ActionCardsRefreshed", "GameEnded"}


def _accepted(state, seat, command):
    """The events decide gives for `command`, or None when it refuses it."""
    try:
        return GAME.decide(state, seat, command, None)
    except RuleError:
        return None


def _actions_only(caused):
    return [event for event in caused if event["type"] not in _END_OF_TURN]


def _brute_force(state, seat):
    """Every well-formed command, checked one Action at a time by decide on folded states:
    the reference legal_commands is held to (it lists them from the state, folding nothing).
    A two-Action command is accepted when the card allows both, the first Action alone is
    accepted, and the second alone is accepted once the first's events are folded; decide
    must then accept the whole command with the same events."""
    if state.phase == "setup":
        return [c for c in ({"type": "choose_start", "cell": cell} for cell in CELLS)
                if _accepted(state, seat, c) is not None]
    accepted = []
    for card, names in ACTION_CARDS.items():
        singles = {name: _written(name, TARGET_KEY[name], CELLS) for name in names}
        accepted += [card_command(card, a) for name in names for a in singles[name]
                     if _accepted(state, seat, card_command(card, a)) is not None]
        if resource_count(state.players[seat], card) < 2:
            continue
        for first, second in (names, names[::-1]):
            for a in singles[first]:
                caused = _accepted(state, seat, card_command(card, a))
                if caused is None:
                    continue
                now = fold(state, _actions_only(caused))
                for b in singles[second]:
                    then = _accepted(now, seat, card_command(card, b))
                    if then is None:
                        continue
                    both = GAME.decide(state, seat, card_command(card, a, b), None)
                    assert _actions_only(both) == _actions_only(caused) + _actions_only(then)
                    accepted.append(card_command(card, a, b))
    return accepted


def _canonical(commands):
    return sorted(json.dumps(c, sort_keys=True) for c in commands)


def test_legal_commands_are_exactly_those_a_brute_force_reference_accepts():
    """TURN: the listed commands are every command the rules allow and nothing else, from
    random positions of random games (set up included)."""
    rng = random.Random(5)
    checked = 0
    for _ in range(6):
        state = fold(None, GAME.setup({}, 2, rng))
        ply = 0
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            commands = GAME.legal_commands(state, seat)
            if ply % 3 == 0 or state.phase == "setup":
                assert _canonical(commands) == _canonical(_brute_force(state, seat))
                assert GAME.legal_commands(state, 1 - seat) == []
                checked += 1
            state = fold(state, GAME.decide(state, seat, rng.choice(commands), rng))
            ply += 1
    assert checked > 40
