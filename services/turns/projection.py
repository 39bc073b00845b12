"""The "your turn" projection: per player, the matches where they must act, by deadline.

`entries` is the policy, pure: from a folded match, each human player's entry — must they
act (their seat is to act, the match is active, no bot plays it for them), the score that
orders their list (the deadline, or the match's creation time when it has no clock) and the
turn it stands for (seat and the version the turn began). `project` is the effect: one
script call that writes every player's entry unless a later version was projected already,
and says whose turn is new, so a repeated or late announcement notifies nobody twice.

A task re-reads the log rather than trusting the announcement (STYLE.md #11), so tasks run
out of order still converge; `services.turns.rebuild` writes the same keys from the logs.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from shared.games import clock as clocks
from shared.games import platform
from shared.games.replay import MatchState

_SCRIPT = (Path(__file__).parent / "project.lua").read_text()


@dataclass(frozen=True)
class Entry:
    player_id: str
    must_act: bool
    score: float
    marker: str            # "<seat>:<since version>": the turn this entry stands for
    data: dict             # what GET /v1/players/me/matches shows


def entries(state: MatchState) -> list:
    """Each human player's entry for this match (one per player, their first seat to act)."""
    facts, to_act = state.platform, set(state.to_act())
    deadlines = state.deadlines()
    created = clocks.timestamp(state.created_at) or 0.0
    by_player: dict = {}
    for seat, seated in enumerate(state.seats):
        player_id = seated.get("player_id")
        if player_id is None:
            continue
        must = (seat in to_act and not platform.taken_over(facts, seat)
                and facts.out[seat] is None)
        entry = _entry(state, player_id, seat, must, deadlines[seat], created)
        known = by_player.get(player_id)
        if known is None or (entry.must_act and (not known.must_act or entry.score < known.score)):
            by_player[player_id] = entry
    return list(by_player.values())


def _entry(state, player_id, seat, must, deadline, created) -> Entry:
    since = state.platform.since[seat]
    data = {"match_id": state.match_id, "game": state.game, "seat": seat,
            "version": state.version, "deadline": clocks.iso(deadline),
            "turn_began_at_version": since}
    return Entry(player_id, must, deadline if deadline is not None else created,
                 f"{seat}:{since}", data)


def next_deadline(state: MatchState) -> Optional[float]:
    """The earliest deadline of the match's seats, None when no clock runs."""
    if state.status != "active":
        return None
    present = [d for d in state.deadlines() if d is not None]
    return min(present) if present else None


_SCRIPTS: dict = {}


def _script(redis):
    """The registered script for this client (registering hashes the source every time)."""
    script = _SCRIPTS.get(id(redis))
    if script is None:
        script = _SCRIPTS[id(redis)] = redis.register_script(_SCRIPT)
    return script


@dataclass(frozen=True)
class Projected:
    stale: bool
    new_turns: list        # entries whose turn is new (to notify)
    ended: bool            # the match is over now and was active when last projected
    entries: list


def project(redis, keys, state: MatchState) -> Projected:
    """Write the match's entries and next deadline; see the module docstring."""
    rows = entries(state)
    deadline = next_deadline(state)
    over = state.status != "active"
    keys_ = [keys.turn_versions(), keys.deadlines()]
    args = [state.match_id, state.version, "o" if over else "a",
            "" if deadline is None else repr(deadline), len(rows)]
    for row in rows:
        keys_ += [keys.player_to_act(row.player_id), keys.player_turns(row.player_id)]
        args += ["1" if row.must_act and not over else "0", repr(row.score), row.marker,
                 json.dumps(row.data, separators=(",", ":"))]  # = notifications.turn_value
    reply = _script(redis)(keys=keys_, args=args)
    stale, was_active, *new = [int(x) for x in reply]
    return Projected(stale=bool(stale), new_turns=[rows[i - 1] for i in new],
                     ended=over and was_active == 1, entries=rows)
