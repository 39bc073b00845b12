"""A golden playthrough: a seeded 2-seat IHX match (60 random legal commands) whose every
event and the view of each seat and of a spectator every 10 commands are kept in
golden/ihx_2p.json. A change of rules shows up here as a diff to review; regenerate with
`python -m tests.games.nexum.test_golden` once the change is meant."""
from __future__ import annotations

import json
import random
from pathlib import Path

from shared.games.nexum import GAME

GOLDEN = Path(__file__).with_name("golden") / "ihx_2p.json"
COMMANDS, EVERY = 60, 10


def playthrough() -> dict:
    options = GAME.spec.resolve_options({"sector": "ihx", "ai": "1"})
    state, events = None, GAME.setup(options, 2, random.Random("golden-setup"))
    for event in events:
        state = GAME.evolve(state, event)
    choose, chance = random.Random("golden-choose"), random.Random("golden-chance")
    steps = []
    for index in range(COMMANDS):
        if GAME.outcome(state) is not None:
            break
        seat = choose.choice(list(GAME.to_act(state)))
        command = choose.choice(GAME.legal_commands(state, seat))
        produced = GAME.decide(state, seat, command, chance)
        for event in produced:
            state = GAME.evolve(state, event)
        step = {"seat": seat, "command": command, "events": produced}
        if index % EVERY == EVERY - 1:
            step["views"] = {str(s): GAME.view(state, s) for s in (None, 0, 1)}
        steps.append(step)
    return json.loads(json.dumps({"setup": events, "steps": steps}))


def test_the_golden_playthrough_is_unchanged():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    played = playthrough()
    assert played["setup"] == golden["setup"]
    for index, (now, then) in enumerate(zip(played["steps"], golden["steps"])):
        assert now == then, f"step {index} differs"
    assert len(played["steps"]) == len(golden["steps"])


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(playthrough(), indent=0, sort_keys=True), encoding="utf-8")
