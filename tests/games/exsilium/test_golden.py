"""Golden playthrough of a seeded 2-player match: each step's command, the events it
caused and every seat's view -- both players and the spectator -- at every step
(STYLE.md 14). The match is cut after STEPS commands to keep the file reviewable (< 300 KB).
Regenerate with: python -m tests.games.exsilium.test_golden"""
import json
import random
from pathlib import Path

from shared.games.exsilium import GAME
from shared.games.exsilium.evolve import fold

GOLDEN = Path(__file__).with_name("golden") / "two_players_seed_7.json"


STEPS = 20


def build(seed=7, max_rounds=3, steps_max=STEPS):
    rng = random.Random(seed)
    events = GAME.setup({"max_rounds": max_rounds}, 2, rng)
    state = fold(None, events)
    steps = [{"command": None, "seat": None, "events": events,
              "views": {str(v): GAME.view(state, v) for v in (None, 0, 1)}}]
    while GAME.outcome(state) is None and len(steps) <= steps_max:
        seat = rng.choice(GAME.to_act(state))
        command = rng.choice(GAME.legal_commands(state, seat))
        new = GAME.decide(state, seat, command, rng)
        state = fold(state, new)
        steps.append({"command": command, "seat": seat, "events": new,
                      "views": {str(v): GAME.view(state, v) for v in (None, 0, 1)}})
    return json.loads(json.dumps(steps))


def test_golden_playthrough_is_reproduced():
    """A seeded 2-player match replays to the recorded commands, events and views."""
    assert build() == json.loads(GOLDEN.read_text())


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(build(), indent=0, sort_keys=True))
