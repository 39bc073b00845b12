"""Every event of every game reads in the game's words, in English and Spanish.

Random matches of every game (at its fewest and most seats) are played with the engines;
their events, as the players, a spectator and the finished log show them, go through the
web client's own formatting code (services/match/web/static/js, run by Node). The test fails
on any event type without words in both languages, on any line showing an identifier
(`movement_management`, `DecksShuffled`, `frigate-3`), a raw key or value, an `→` list or a
missing value, and on any line that throws; and on any creation option or choice of one
without a label in both languages (services/match/web/static/js/options.js).
"""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from services.match.glossary import glossary
from shared.games import platform
from shared.games.registry import games

ROOT = Path(__file__).resolve().parents[3]
STATIC_JS = ROOT / "services" / "match" / "web" / "static" / "js"
HARNESS = Path(__file__).with_name("web_words.mjs")
STEPS = 160
# Option sets that reach events the defaults never do (civilizations, exotic systems).
EXTRA_OPTIONS = {"nexum": [{"civilization_cards": True}], "exsilium": [{"language": "es"}]}


def _node() -> str:
    """Node.js, installed with apt-get when missing (CI machines start without it)."""
    found = shutil.which("node")
    if found:
        return found
    apt = shutil.which("apt-get")
    if apt is None:
        pytest.fail("This test runs the web client's JavaScript with Node.js; install nodejs.")
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + [apt, "update"], check=False, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(sudo + [apt, "install", "-y", "nodejs"], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    return shutil.which("node")


def _play(game, seats: int, seed: int, options: dict, moves: list | None = None) -> list:
    """A random match's events (at most STEPS commands); every few commands, what the seat
    to act sees and may send goes into `moves`."""
    rng = random.Random(seed)
    events = list(game.setup(game.spec.resolve_options(options), seats, rng))
    state = None
    for event in events:
        state = game.evolve(state, event)
    for _ in range(STEPS):
        if game.outcome(state) is not None or not game.to_act(state):
            break
        seat = rng.choice(sorted(game.to_act(state)))
        commands = game.legal_commands(state, seat)
        if not commands:
            break
        if moves is not None and len(events) % 7 == 0:
            shown = rng.sample(commands, min(len(commands), 30))
            moves.append({"view": game.view(state, seat), "seat": seat, "commands": shown,
                          "costs": game.costs(state, seat, shown) if game.costs else None})
        for event in game.decide(state, seat, rng.choice(commands), rng):
            state = game.evolve(state, event)
            events.append(event)
    return events


def _shown(game, events: list, seats: int) -> list:
    """Each event as the log has it and as seat 0 and a spectator see it, once per shape."""
    out, seen = [], set()
    for event in events:
        for seat in (None, 0):
            for shape in (event, game.redact(event, seat)):
                key = json.dumps(shape, sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    out.append({"type": shape["type"], "data": shape["data"]})
    return out


def _platform_events(seats: int) -> list:
    return [{"type": name, "data": {"seat": seats - 1}} for name in sorted(platform.EVENTS)]


def test_every_event_of_every_game_reads_in_words_in_english_and_spanish():
    node = _node()
    sample = {}
    for name, game in sorted(games().items()):
        events, moves = [], []
        for seats in sorted({game.spec.min_players, game.spec.max_players}):
            for options in [{}] + EXTRA_OPTIONS.get(name, []):
                events += _shown(game, _play(game, seats, seats, options, moves), seats)
        seats = game.spec.max_players
        sample[name] = {"events": events + _platform_events(seats), "moves": moves,
                        "types": sorted(game.vocabulary.events), "glossary": glossary(name),
                        "seats": seats,
                        "options": {k: o.as_json() for k, o in game.spec.options.items()}}
    answer = subprocess.run([node, str(HARNESS), str(STATIC_JS)], input=json.dumps({"games": sample}),
                            capture_output=True, text=True, timeout=120)
    assert answer.returncode == 0, answer.stderr
    report = json.loads(answer.stdout)
    assert report["lines"] > 1000   # the matches above reach well past their setup
    assert report["problems"] == [], "\n".join(sorted(set(report["problems"]))[:60])
