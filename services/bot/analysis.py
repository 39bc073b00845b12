"""Post-game analysis: a finished match's log replayed, each seat's command judged by the bot.

For every batch of the log that a seat's command produced (its `cause` names the seat and the
command), the position before it is judged from that seat's view only: the seat's legal
commands, each applied to `SAMPLES` determinizations of what the seat saw (the game's
sampler redraws everything else, as greedy's search does, so no hidden card of another seat
is read), and judged by the bots' evaluation (services/bot/policies/evaluation.py: the
outcome once decided, else the game's evaluation as a win chance for the seat). The
position's `evaluation` is the best command's value, `best_command` that command, and `loss`
what the played command gave up against it. The commands that lost the most (at least
`MISTAKE`) are the mistakes. Platform commands (resign, abort, reclaim) are not judged.
Cost: a few milliseconds a position in Exordium, Nexum and Exile Sun; about 0.14 CPU s in
Exsilium (85 commands a position on average), so a whole Exsilium match is a minute or two
of one bot worker process.

The result is a projection of the log: deterministic (the random draws are seeded by the
match and version), stored under `Keys.analysis` and rebuilt from the log whenever it is
missing. It is computed only for a match that is over (the task refuses one in progress).
"""
from __future__ import annotations

import logging
import random
from typing import Iterable, Optional

from services.bot.policies.base import apply_command, determinize, rules_only
from services.bot.policies.evaluation import scale_for, seat_reward
from shared.games.api import RuleError
from shared.games.replay import apply
from shared.messages.analysis import READY

log = logging.getLogger("orrery.bot")
# MatchState.status of a match that is over: only those are analysed.
OVER = ("finished", "aborted")
SAMPLES = 2          # determinizations a position is judged on (greedy's level 1 uses 2)
MISTAKE = 0.10       # a command that gave up this much win chance is a mistake
MOST_MISTAKES = 10   # listed per match, the largest first


def _positions(events: Iterable[dict]):
    """(state before, seat, command) for every batch a seat's game command produced."""
    state = None
    for event in events:
        cause = event.get("cause")
        if state is not None and state.game_state is not None and isinstance(cause, dict) \
                and isinstance(cause.get("command"), dict) and "seat" in cause \
                and cause["seat"] in state.to_act():
            yield state, cause["seat"], cause["command"]
        state = apply(state, event)


def _value(game, tables, seat, seats, command, rng, scale) -> Optional[float]:
    """The seat's mean reward after `command` over `tables` (None: no table accepts it)."""
    decide = rules_only(game)
    values = []
    for table in tables:
        try:
            after = apply_command(game, table, seat, command, rng, decide)
        except RuleError:
            continue
        values.append(seat_reward(game, after, seat, seats, scale))
    return sum(values) / len(values) if values else None


def judge(game, state, seat: int, seats: int, played: dict, rng, samples: int = SAMPLES):
    """(evaluation, best command, played command's value) of one position, from `seat`'s view."""
    tables = [determinize(game, state, seat, rng) for _ in range(max(1, samples)
                                                                  if game.sampler else 1)]
    scale = scale_for(game)
    legal = game.legal_commands(state, seat)
    if played not in legal:  # a platform command (resign, abort, reclaim): not the game's
        return None
    best, best_value, played_value = None, float("-inf"), None
    for command in legal:
        value = _value(game, tables, seat, seats, command, rng, scale)
        if value is None:
            continue
        if value > best_value + 1e-12:
            best, best_value = command, value
        if command == played:
            played_value = value
    if best is None:
        return None
    if played_value is None:
        played_value = best_value
    return best_value, best, played_value


def analyse(match_id: str, events: list, samples: int = SAMPLES) -> dict:
    """The analysis of a finished match's whole log (see the module docstring)."""
    positions = []
    for state, seat, command in _positions(events):
        game = state.engine
        rng = random.Random(f"orrery-analysis:{match_id}:{state.version}:{seat}")
        try:
            judged = judge(game, state.game_state, seat, len(state.seats), command, rng,
                           samples)
        except Exception:  # one position the bot cannot judge must not lose the others
            log.exception("analysis of match %s: position %s not judged", match_id,
                          state.version)
            continue
        if judged is None:
            continue
        evaluation, best, played_value = judged
        positions.append({"version": state.version, "seat": seat,
                          "evaluation": round(evaluation, 4), "best_command": best,
                          "played_command": command,
                          "loss": round(max(0.0, evaluation - played_value), 4)})
    worst = sorted((p for p in positions if p["loss"] >= MISTAKE),
                   key=lambda p: (-p["loss"], p["version"]))[:MOST_MISTAKES]
    return {"match_id": match_id, "status": READY, "positions": positions,
            "mistakes": [{"version": p["version"], "seat": p["seat"], "loss": p["loss"]}
                         for p in worst]}
