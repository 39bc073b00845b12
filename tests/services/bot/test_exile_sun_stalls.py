"""An Exile Sun match where the bot that led stood still until the cycle limit, replayed
from its log (tests/services/bot/data; kept by `orrery arena --keep`): level 2 against level
1, seed 5301 match 9. From cycle 8 level 1 held no planet, and from cycle 26 its last fleet
was a group of 2 Scouts, while level 2 held all four planets and 6 public VP (9 in all):
the match could end only by 10 VP, which no command brought nearer, or by taking that last
fleet (p14, "a player has no fleets left"), which the heuristic counted as two ships. It
now counts a match that ends when the cycle does by the seats' ranks, and draws fleets
towards the last fleets of a seat that holds no planet."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from services.bot import arena, policies
from services.bot.policies.base import apply_command
from shared.games.exile_sun import heuristics
from shared.games.exile_sun.state import BUILD, MOVE, replace
from shared.games.registry import get_game

KEPT = "exile_sun_kept_5301_9.json"


def _kept():
    return json.loads((Path(__file__).with_name("data") / KEPT).read_text())


def _first_table_of_cycle(cycle):
    """The kept match at the first command of `cycle`: (game, table, level 2's seat)."""
    data = _kept()
    for table, _, _ in arena.kept(data):
        if table.cycle == cycle:
            return get_game(data["game"]), table, data["seat_of"][0]
    raise AssertionError(f"the kept match never reached cycle {cycle}")


def test_the_kept_match_replays_to_the_cycle_limit_with_level_2_ahead():
    data = _kept()
    bot = data["seat_of"][0]
    *_, (final, _, _) = arena.kept(data)
    result = get_game("exile_sun").outcome(final)
    assert result["reason"] == "cycle_limit"
    assert result["scores"][bot] == 9 and result["scores"][1 - bot] == 4
    assert result["ranks"][bot] == 1


@pytest.mark.parametrize("policy, level", [("greedy", 1), ("greedy", 2), ("mcts", 1)])
def test_the_leader_takes_the_last_fleet_and_ends_the_match_in_the_cycle(policy, level):
    """Played on from cycle 27 (the other seat at random), the bot ends the match in that
    cycle by taking the last Scouts, first by VP; before, greedy and the levels moved their
    fleets about and left them."""
    game, table, bot = _first_table_of_cycle(27)
    rng, other, chance = random.Random(1), random.Random(2), random.Random(3)
    options = {"seconds": None} if policy == "mcts" else {}
    while game.outcome(table) is None and table.cycle == 27:
        chosen = []
        for seat in game.to_act(table):
            if seat == bot:
                chosen.append((seat, policies.choose(game, table, seat, rng, policy, level,
                                                     **options).command))
            else:
                chosen.append((seat, other.choice(game.legal_commands(table, seat))))
        for seat, command in chosen:
            table = apply_command(game, table, seat, command, chance)
    result = game.outcome(table)
    assert result is not None and result["reason"] == "no_fleets"
    assert result["ranks"][bot] == 1


def test_a_seat_without_a_fleet_after_the_build_ends_the_match_by_the_ranks():
    """After the Build no fleet is deployed before the cycle ends, so a seat left with none
    ends the match then: worth ENDING to the seat ranked first and against the other. In the
    Build, when fleets are still deployed, it is not yet an ending."""
    game, table, bot = _first_table_of_cycle(27)
    rival = 1 - bot
    gone = tuple(f for f in table.fleets if f.owner != rival or f.kind == "decoy")
    for phase, expected in ((MOVE, heuristics.ENDING), (BUILD, 0.0)):
        bare = replace(table, phase=phase, fleets=gone)
        left = heuristics._fleets_left(bare)
        assert heuristics._ending(bare, bot, left) == expected
        assert heuristics._ending(bare, rival, left) == -expected / 2
