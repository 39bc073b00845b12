"""The heuristic's remembered road counts (heuristics._deposit_steps) answer as a count made
afresh would: over the positions of kept matches (miniatures behind frontiers of 2 and 3,
trapped ones, Newaru about), every legal command's table is judged in the order a bot asks,
with what earlier tables left remembered, and again with nothing remembered. A key that
missed a part of the table the count reads would make the two differ."""
import json
import random
from pathlib import Path

import pytest

from services.bot.arena import kept
from services.bot.policies.base import apply_command, rules_only
from shared.games.api import RuleError
from shared.games.exsilium import GAME, heuristics

KEPT = Path(__file__).parents[2] / "services" / "bot" / "data"


def _positions(name: str, every: int):
    data = json.loads((KEPT / name).read_text())
    positions = list(kept(data))
    return [(state, seat) for state, seat, _ in positions[::every] if seat is not None]


@pytest.mark.parametrize("name", ["exsilium_kept_4101_5.json", "exsilium_kept_1621_6.json"])
def test_remembered_road_counts_equal_fresh_ones(name):
    decide = rules_only(GAME)
    judged = 0
    for number, (state, seat) in enumerate(_positions(name, 45)):
        rng = random.Random(number)
        commands = GAME.legal_commands(state, seat)
        for command in rng.sample(commands, min(40, len(commands))):
            try:
                after = apply_command(GAME, state, seat, command, random.Random(number), decide)
            except RuleError:
                continue
            for judge in range(after.seats):
                warm = heuristics.evaluate(after, judge)
                heuristics._DEPOSIT_STEPS.clear()
                assert heuristics.evaluate(after, judge) == warm, (number, command, judge)
                judged += 1
    assert judged > 100
