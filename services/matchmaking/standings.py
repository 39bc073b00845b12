"""Standings on Redis: ratings, reliability and leaderboards, kept from match results.

A result is applied once per match (its stored result is the idempotency key), under a
per-game lock. Results are applied in finishing order; one that arrives after a later one
was applied makes the game's standings be recomputed from the stored results, so that the
standings never depend on delivery order and equal a rebuild from the logs
(services/matchmaking/rebuild.py).
"""
from __future__ import annotations

import json
import time
import uuid
from dataclasses import asdict
from typing import Iterable, Optional

from services.matchmaking import ratings
from services.matchmaking.keys import MatchmakingKeys
from services.matchmaking.ratings import Standing
from services.matchmaking.results import MatchResult, SeatResult

LOCK_SECONDS = 30


class StandingsBusy(Exception):
    """Another worker holds the game's standings; try again shortly."""


def _text(value):
    return value.decode() if isinstance(value, bytes) else value


def result_json(result: MatchResult) -> str:
    return json.dumps(asdict(result), separators=(",", ":"), sort_keys=True)


def result_from_json(text) -> MatchResult:
    data = json.loads(text)
    return MatchResult(**{**data, "seats": tuple(SeatResult(**s) for s in data["seats"])})


def standing_fields(standing: Standing) -> dict:
    return {"player_id": standing.player_id, "name": standing.name, "mu": repr(standing.mu),
            "sigma": repr(standing.sigma), "rated_matches": standing.rated_matches,
            "matches": standing.matches, "penalty": repr(standing.penalty)}


def standing_from_fields(raw: dict) -> Standing:
    get = {_text(k): _text(v) for k, v in raw.items()}
    return Standing(player_id=get["player_id"], name=get["name"], mu=float(get["mu"]),
                    sigma=float(get["sigma"]), rated_matches=int(get["rated_matches"]),
                    matches=int(get["matches"]), penalty=float(get["penalty"]))


class Standings:
    def __init__(self, redis, keys: MatchmakingKeys):
        self.redis = redis
        self.keys = keys

    # --- reading -------------------------------------------------------------------

    def get(self, game: str, player_id: str) -> Standing:
        """The player's standing in `game` (a fresh one if they have none)."""
        raw = self.redis.hgetall(self.keys.standing(game, player_id))
        return standing_from_fields(raw) if raw else Standing(player_id)

    def known(self, game: str, player_id: str) -> bool:
        return bool(self.redis.exists(self.keys.standing(game, player_id)))

    def leaderboard(self, game: str, limit: int = 100, offset: int = 0) -> list:
        """(rank, standing) from the best, for players with at least one rated match."""
        ids = [_text(p) for p in self.redis.zrevrange(self.keys.leaderboard(game),
                                                       offset, offset + limit - 1)]
        pipe = self.redis.pipeline(transaction=False)
        for player_id in ids:
            pipe.hgetall(self.keys.standing(game, player_id))
        return [(offset + i + 1, standing_from_fields(raw))
                for i, raw in enumerate(pipe.execute()) if raw]

    # --- applying ------------------------------------------------------------------

    def apply(self, result: MatchResult) -> str:
        """Apply a finished match once: "applied", "recomputed" or "duplicate"."""
        return self.apply_many([result])[0]

    def apply_many(self, results: list) -> list:
        """Apply finished matches, each once, in their finishing order; what `apply` says of
        each. A batch from the bus (entries of several partitions, so not in finishing
        order) is sorted first and applied under one lock per game in a few round trips,
        rather than one match at a time: that would find most of them out of order and
        recompute the whole game each time."""
        said: dict = {}
        by_game: dict = {}
        for result in results:
            by_game.setdefault(result.game, {})[result.match_id] = result
        for game, batch in by_game.items():
            ordered = sorted(batch.values(), key=lambda r: r.order_key)
            lock = self._locked(game)
            # The lock is taken in the same round trip as the reads it guards: they run
            # after it on the game's slot, and every writer holds it, so what they read is
            # what the writes below replace (a refused lock discards them and tries again).
            players = sorted({s.player_id for r in ordered for s in r.humans})
            read = lock.acquire(lambda pipe: self._queue_reads(pipe, game, ordered, players))
            try:
                said.update(self._apply_game(game, ordered, players, read))
            finally:
                lock.release()
        return [said[result.match_id] for result in results]

    def _queue_reads(self, pipe, game: str, ordered: list, players: list) -> None:
        for result in ordered:
            pipe.exists(self.keys.result(game, result.match_id))
        pipe.zrange(self.keys.results(game), -1, -1)
        for player_id in players:
            pipe.hgetall(self.keys.standing(game, player_id))

    def _apply_game(self, game: str, ordered: list, players: list, read: list) -> dict:
        """Under the game's lock: apply `ordered` (finishing order, one per match), given
        what `_queue_reads` read."""
        known, last, raws = read[:len(ordered)], read[len(ordered)], read[len(ordered) + 1:]
        said = {r.match_id: "duplicate" for r, seen in zip(ordered, known) if seen}
        fresh = [r for r, seen in zip(ordered, known) if not seen]
        if not fresh:
            return said
        if last and _text(last[0]) > fresh[0].order_key:
            pipe = self.redis.pipeline(transaction=True)
            for result in fresh:
                self._store_result(pipe, result)
            pipe.execute()
            self.write_all(game, ratings.replay(self.results(game)), results=None)
            return {**said, **{r.match_id: "recomputed" for r in fresh}}
        table = {p: standing_from_fields(raw) if raw else Standing(p)
                 for p, raw in zip(players, raws)}
        changed: dict = {}
        for result in fresh:
            step = ratings.apply_result(table, result)
            table.update(step)
            changed.update(step)
        pipe = self.redis.pipeline(transaction=True)
        for standing in changed.values():
            self._write_standing(pipe, game, standing)
        for result in fresh:
            self._store_result(pipe, result)
        pipe.execute()
        return {**said, **{r.match_id: "applied" for r in fresh}}

    def replace(self, game: str, results: list) -> None:
        """Make the game's standings those `results` give (the rebuild), under its lock."""
        with self._locked(game):
            self.write_all(game, ratings.replay(results), results=results)

    def results(self, game: str) -> list:
        """Every stored result of `game`, in the order they apply."""
        members = [_text(m) for m in self.redis.zrange(self.keys.results(game), 0, -1)]
        pipe = self.redis.pipeline(transaction=False)
        for member in members:
            pipe.get(self.keys.result(game, member.rsplit("|", 1)[1]))
        return [result_from_json(raw) for raw in pipe.execute() if raw]

    def write_all(self, game: str, table: dict, results: Optional[Iterable[MatchResult]]) -> None:
        """Replace the game's standings with `table` (and its results, when given)."""
        doomed = [k for k in self.redis.scan_iter(match=self.keys.game_pattern(game), count=1000)
                  if _text(k) != self.keys.standings_lock(game)
                  and (results is not None or self._is_standing_key(game, _text(k)))]
        pipe = self.redis.pipeline(transaction=True)
        for key in doomed:
            pipe.delete(key)
        for standing in sorted(table.values(), key=lambda s: s.player_id):
            self._write_standing(pipe, game, standing)
        for result in results or ():
            self._store_result(pipe, result)
        pipe.execute()

    def _is_standing_key(self, game: str, key: str) -> bool:
        return key == self.keys.leaderboard(game) or key.startswith(
            self.keys.standing(game, ""))

    def _write_standing(self, pipe, game: str, standing: Standing) -> None:
        pipe.hset(self.keys.standing(game, standing.player_id), mapping=standing_fields(standing))
        if standing.rated_matches:
            pipe.zadd(self.keys.leaderboard(game), {standing.player_id: standing.rating})

    def _store_result(self, pipe, result: MatchResult) -> None:
        pipe.set(self.keys.result(result.game, result.match_id), result_json(result))
        pipe.zadd(self.keys.results(result.game), {result.order_key: 0})

    def _locked(self, game: str):
        return _Lock(self.redis, self.keys.standings_lock(game))


class _Lock:
    """A short Redis lock (SET NX PX) released only by its holder."""

    _RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"

    def __init__(self, redis, key: str, wait: float = 10.0):
        self.redis, self.key, self.wait = redis, key, wait
        self.token = uuid.uuid4().hex

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()
        return False

    def acquire(self, queue_reads=None) -> list:
        """Take the lock, waiting up to `wait`; with `queue_reads(pipeline)`, in the same
        round trip as those reads, whose replies it returns."""
        deadline = time.monotonic() + self.wait
        while True:
            pipe = self.redis.pipeline(transaction=False)
            pipe.set(self.key, self.token, nx=True, px=LOCK_SECONDS * 1000)
            if queue_reads is not None:
                queue_reads(pipe)
            taken, *replies = pipe.execute()
            if taken:
                return replies
            if time.monotonic() > deadline:
                raise StandingsBusy(self.key)
            time.sleep(0.01)

    def release(self) -> None:
        self.redis.eval(self._RELEASE, 1, self.key, self.token)
