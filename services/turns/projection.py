"""The "your turn" projection: per player, the matches where they must act, by deadline.

It is kept from the announcements alone (shared/messages/announcements.py: who must act, each seat's
deadline and the version its turn began), in the turns dispatcher's own process: no task,
no log read. `entries` is the policy, pure: from an announcement, each human player's entry
— must they act (their seat is to act, the match is active, no bot plays it for them), the
score that orders their list (the deadline, or the match's creation time when it has no
clock) and the turn it stands for (seat and the version the turn began). `project` is the
effect, for a batch of announcements in two round trips: first each match's version guard
(guard.lua, on the match's slot: a later version projected already makes an announcement
stale, and the same version again is no news), then every entry (entry.lua, on the player's
slot: writes it, and when the turn is new adds the note to the player's feed and returns
their webhooks) and the deadlines, pipelined. Every script touches one hash slot.

`services.turns.rebuild` projects announcements built from the logs: the same keys.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import redis as redis_lib

from services.turns import notify
from shared.messages.announcements import announcement
from shared.eventlog.store import MatchNotFound
from shared.games import clock as clocks

_HERE = Path(__file__).parent
_GUARD = (_HERE / "guard.lua").read_text()
_ENTRY = (_HERE / "entry.lua").read_text()


@dataclass(frozen=True)
class Entry:
    player_id: str
    must_act: bool
    score: float
    marker: str            # "<seat>:<since version>": the turn this entry stands for
    data: dict             # what GET /v1/players/me/matches shows


def entries(announced: dict) -> list:
    """Each human player's entry for this match (one per player, their first seat to act)."""
    to_act, active = set(announced["to_act"]), announced["status"] == "active"
    created = announced.get("created_at") or 0.0
    by_player: dict = {}
    for seat in announced["seats"]:
        player_id = seat.get("player_id")
        if player_id is None:
            continue
        must = (active and seat["seat"] in to_act and not seat.get("taken_over")
                and seat.get("out") is None)
        entry = _entry(announced, player_id, seat, must, created)
        known = by_player.get(player_id)
        if known is None or (entry.must_act and (not known.must_act or entry.score < known.score)):
            by_player[player_id] = entry
    return list(by_player.values())


def _entry(announced: dict, player_id: str, seat: dict, must: bool, created: float) -> Entry:
    index, deadline = seat["seat"], seat.get("deadline")
    since = seat.get("turn_began_at_version")
    data = {"match_id": announced["match_id"], "game": announced["game"], "seat": index,
            "version": announced["version"], "deadline": clocks.iso(deadline),
            "turn_began_at_version": since}
    return Entry(player_id, must, deadline if deadline is not None else created,
                 f"{index}:{since}", data)


def next_deadline(announced: dict) -> Optional[float]:
    """The earliest deadline of the match's seats, None when no clock runs."""
    if announced["status"] != "active":
        return None
    present = [s["deadline"] for s in announced["seats"] if s.get("deadline") is not None]
    return min(present) if present else None


@dataclass(frozen=True)
class Webhook:
    """A "your turn" note to POST to one of the player's webhooks (by id: the delivery
    reads its URL and secret, so a webhook dropped meanwhile gets nothing)."""

    player_id: str
    webhook_id: str
    body: str


class _Script:
    """A Lua script called by its hash inside pipelines. redis-py's own Script, given a
    pipeline, asks SCRIPT EXISTS before every execute (a round trip per batch); this one
    loads the script once per client and again only when Redis says it lost it (NOSCRIPT:
    a restart), whereupon the caller runs the failed calls again."""

    def __init__(self, redis, source: str):
        self.redis, self.source = redis, source
        self.sha = redis.script_load(source)

    def queue(self, pipe, keys: list, args: list) -> None:
        pipe.evalsha(self.sha, len(keys), *keys, *args)

    def reload(self) -> None:
        self.sha = self.redis.script_load(self.source)


_SCRIPTS: dict = {}


def _scripts(redis) -> tuple:
    """The loaded scripts for this client."""
    found = _SCRIPTS.get(id(redis))
    if found is None:
        found = _SCRIPTS[id(redis)] = (_Script(redis, _GUARD), _Script(redis, _ENTRY))
    return found


def _execute(redis, pipe, scripted: list, scripts: tuple) -> list:
    """Run `pipe`; when Redis lost the scripts, load them and run again only the script
    calls (`scripted`: (position, script, keys, args)), whose every call failed alike, so
    the other commands of the pipeline never run twice. (A Redis Cluster's pipelines,
    shared/infra/cluster_client.py, load missing scripts on each master themselves.)"""
    if not isinstance(pipe, redis_lib.client.Pipeline):
        return pipe.execute()
    replies = pipe.execute(raise_on_error=False)
    lost = [i for i, (at, *_rest) in enumerate(scripted)
            if isinstance(replies[at], redis_lib.exceptions.NoScriptError)]
    if lost:
        for script in scripts:
            script.reload()
        again = redis.pipeline(transaction=False)
        for index in lost:
            _, script, keys, args = scripted[index]
            script.queue(again, keys, args)
        for index, reply in zip(lost, again.execute()):
            replies[scripted[index][0]] = reply
    for reply in replies:
        if isinstance(reply, Exception):
            raise reply
    return replies


def latest(announcements) -> list:
    """The latest announcement of each match among `announcements` (a batch from the bus):
    an earlier one is superseded, its turn already over."""
    by_match: dict = {}
    for announced in announcements:
        known = by_match.get(announced["match_id"])
        if known is None or announced["version"] >= known["version"]:
            by_match[announced["match_id"]] = announced
    return list(by_match.values())


def project(redis, keys, announcements, notify_players: bool = True) -> list:
    """Project a batch of announcements; return the webhook deliveries of the new turns.

    Everything is computed before anything is written, so a malformed announcement fails
    the batch with nothing written (the consumer then handles each alone)."""
    batch = [(announced, entries(announced), next_deadline(announced))
             for announced in latest(announcements)]
    if not batch:
        return []
    scripts = guard, entry_script = _scripts(redis)
    pipe, scripted = redis.pipeline(transaction=False), []
    for at, (announced, _, _) in enumerate(batch):
        over = "a" if announced["status"] == "active" else "o"
        arguments = [keys.turn_version(announced["match_id"])], [announced["version"], over]
        guard.queue(pipe, *arguments)
        scripted.append((at, guard, *arguments))
    guarded = _execute(redis, pipe, scripted, scripts)
    pipe, scripted = redis.pipeline(transaction=False), []
    calls = []
    for (announced, rows, deadline), (stale, was_active) in zip(batch, guarded):
        if not stale:
            calls += _write(pipe, scripted, keys, entry_script, announced, rows, deadline,
                            notify_players and was_active != -1,
                            notify_players and was_active == 1)
    replies = _execute(redis, pipe, scripted, scripts)
    return [Webhook(player_id, hook.decode() if isinstance(hook, bytes) else hook, body)
            for index, player_id, body in calls
            for new, *hooks in [replies[index]] if new for hook in hooks]


def _write(pipe, scripted: list, keys, entry_script, announced: dict, rows: list, deadline,
           fresh: bool, was_active: bool) -> list:
    """Queue one match's writes on `pipe` (its script calls also in `scripted`); return (its
    place in the pipeline, player_id, note) per entry script call. `fresh`: notify new
    turns (not a repeated version); `was_active`: the match was projected active before (so
    its end is news)."""
    match_id = announced["match_id"]
    if deadline is None:
        pipe.zrem(keys.deadlines(match_id), match_id)
    else:
        pipe.zadd(keys.deadlines(match_id), {match_id: deadline})
    if was_active and announced["status"] != "active":
        for row in rows:
            pipe.xadd(keys.player_feed(row.player_id),
                      {"m": notify.text(notify.match_over(announced, row.player_id))},
                      maxlen=notify.FEED_MAXLEN, approximate=True)
    calls = []
    for row in rows:
        note = notify.text(notify.your_turn(row)) if fresh and row.must_act else ""
        calls.append((len(pipe), row.player_id, note))
        arguments = ([keys.player_to_act(row.player_id), keys.player_turns(row.player_id),
                      keys.player_feed(row.player_id), keys.player_webhooks(row.player_id)],
                     [match_id, "1" if row.must_act else "0", repr(row.score), row.marker,
                      json.dumps(row.data, separators=(",", ":")),
                      "1" if note else "0", note, notify.FEED_MAXLEN])
        scripted.append((len(pipe), entry_script, *arguments))
        entry_script.queue(pipe, *arguments)
    return calls


def project_match(ctx, match_id: str, notify_players: bool = True) -> list:
    """Project one match from its log, as its announcement would (the rebuild; tests)."""
    try:
        state = ctx.store.load(match_id)
    except MatchNotFound:
        return []
    return project(ctx.redis, ctx.keys, [announcement(state)], notify_players)
