"""The golden playthrough: a seeded match, every step's events and both seats' views.

Regenerate after an intended change with `python -m tests.games.exordium.make_golden`
(or ORRERY_REGEN_GOLDEN=1 when running this test), and review the diff.
"""
import json
import os

from shared.games.exordium import GAME
from shared.games.exordium.evolve import fold
from tests.games.exordium import make_golden


def test_golden_playthrough_is_unchanged():
    """Every rule at once: the seeded match replays to the recorded events and views."""
    if os.environ.get("ORRERY_REGEN_GOLDEN"):
        make_golden.main()
    recorded = json.loads(make_golden.PATH.read_text())
    assert json.loads(make_golden.render(recorded["seed"])) == recorded


def test_golden_log_folds_to_the_recorded_final_views():
    """The recorded events alone (no decide, no rng) rebuild the final views and outcome."""
    recorded = json.loads(make_golden.PATH.read_text())
    state = fold(None, [e for step in recorded["steps"] for e in step["events"]])
    assert GAME.view(state, 0) == recorded["steps"][-1]["views"]["0"]
    assert GAME.outcome(state) == recorded["outcome"]
