"""Write the golden Exordium playthrough: python -m tests.games.exordium.make_golden"""
import json
import random
from pathlib import Path

from shared.games.exordium import GAME

SEED = 2025
PATH = Path(__file__).parent / "golden" / "playthrough.json"


def _views(state):
    return {str(seat): GAME.view(state, seat) for seat in (0, 1)}


def build(seed=SEED):
    """A seeded match between random players: each step's command, events and both views."""
    rng, policy = random.Random(seed), random.Random(seed + 1)
    setup = GAME.setup({}, 2, rng)
    state = None
    for event in setup:
        state = GAME.evolve(state, event)
    steps = [{"seat": None, "command": None, "events": setup, "views": _views(state)}]
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        command = policy.choice(GAME.legal_commands(state, seat))
        caused = GAME.decide(state, seat, command, rng)
        for event in caused:
            state = GAME.evolve(state, event)
        steps.append({"seat": seat, "command": command, "events": caused,
                      "views": _views(state)})
    return {"game": "exordium", "seed": seed, "steps": steps, "outcome": GAME.outcome(state)}


def render(seed=SEED):
    """The golden file's text."""
    return json.dumps(build(seed), indent=1, sort_keys=True) + "\n"


def main():
    PATH.parent.mkdir(exist_ok=True)
    PATH.write_text(render())
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
