"""A table judged once however many commands come to it (policies/base.py, `state_key` and
`Judgments`): commands given one key must have come to equal tables, and a bot that judges
each distinct table once must choose what it chose judging every command."""
from __future__ import annotations

import random

import pytest

from services.bot import arena, policies
from services.bot.policies import base
from services.bot.policies.base import apply_command, rules_only, state_key
from shared.games.api import RuleError
from shared.games.registry import get_game

GAMES = ("exordium", "exsilium", "exile_sun", "nexum")


def _positions(name, seed, steps):
    """(table, seat to act) along a random playout of `name`."""
    game = get_game(name)
    server, table = arena._set_up(game, 2, seed, 0, None)
    players = random.Random(seed)
    for _ in range(steps):
        if game.outcome(table) is not None:
            return
        seats = game.to_act(table)
        for seat in seats:
            yield table, seat
        chosen = [(seat, players.choice(game.legal_commands(table, seat))) for seat in seats]
        for seat, command in chosen:
            table = apply_command(game, table, seat, command, server)


@pytest.mark.parametrize("name", GAMES)
def test_commands_given_one_key_came_to_equal_tables(name):
    game = get_game(name)
    keyed = 0
    for table, seat in _positions(name, 5, 40):
        seen = {}
        for command in game.legal_commands(table, seat):
            try:
                after = apply_command(game, table, seat, command, random.Random(0),
                                      rules_only(game))
            except RuleError:  # a command this table refuses is not judged
                continue
            key = state_key(after, table)
            if key is None:
                continue
            keyed += 1
            if key in seen:
                assert seen[key] == after, (name, command)
            else:
                seen[key] = after
    assert keyed


def test_an_exsilium_bot_judging_each_table_once_chooses_as_before(monkeypatch):
    """Positions of a random Exsilium playout: greedy and the turn rollout of level 2
    (uncapped) choose the same commands with a seed, with fewer judgements, as when every
    command's table is judged again."""
    game = get_game("exsilium")
    positions = [(t, s) for n, (t, s) in enumerate(_positions("exsilium", 9, 120))
                 if n % 10 == 0 and len(game.legal_commands(t, s)) > 5]
    assert len(positions) >= 4

    def play(policy, level):
        picked, judged = [], 0
        for table, seat in positions:
            options = {"seconds": None} if policy == "mcts" else {}
            choice = policies.choose(game, table, seat, random.Random(7), policy, level,
                                     seats=2, **options)
            picked.append(choice.command)
            judged += choice.iterations
        return picked, judged

    memo = {spec: play(*spec) for spec in (("greedy", 1), ("mcts", 2))}
    monkeypatch.setattr(base, "state_key", lambda after, parent: None)
    for spec, (picked, judged) in memo.items():
        again, judged_again = play(*spec)
        assert picked == again, spec
        if spec[0] == "mcts":  # its iterations count the heuristic's judgements
            assert judged < judged_again, spec
