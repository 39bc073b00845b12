"""The archive's log (shared/eventlog/archive): the event log contract holds for it as for
the Redis log, and a match moved to the archive reads back exactly as it read from Redis,
on one Redis and on a Redis Cluster (one slot per match: the move's script touches only
the match's keys)."""
from __future__ import annotations

import functools
import random

import pytest

from shared.eventlog import Keys
from shared.eventlog.archive.mover import Mover, mark_over
from shared.eventlog.archive.reader import ArchivedLog
from shared.eventlog.archive.stores import open_archive
from shared.eventlog.keys import new_match_id
from shared.games.registry import get_game
from shared.games.replay import apply, match_created
from shared.infra.connect import connect
from tests.eventlog.contract import EventLogContract

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)


def open_archived_log(url: str, namespace: str, archive_url: str) -> ArchivedLog:
    """An archive-backed log with its own connection (picklable through functools.partial)."""
    return ArchivedLog(connect(url), Keys(namespace), open_archive(archive_url))


@pytest.fixture
def archive_url(tmp_path):
    return f"sqlite:///{tmp_path / 'archive.sqlite3'}"


class TestArchivedEventLog(EventLogContract):
    @pytest.fixture
    def log_factory(self, redis_url, namespace, archive_url):
        return functools.partial(open_archived_log, redis_url, namespace, archive_url)


def tictactoe(match_id: str, seed: int) -> list:
    """Batches (events, cause) of a random tic-tac-toe match played to its end."""
    game, rng = get_game("tictactoe"), random.Random(seed)
    setup = game.setup(game.spec.resolve_options({}), 2, rng)
    created = match_created(match_id, "tictactoe", [{"player_id": "a"}, {"player_id": "b"}],
                            game.spec.resolve_options({}), setup=len(setup))
    batches, state = [([created, *setup], {"setup": {}})], None
    for event in batches[0][0]:
        state = apply(state, event)
    while game.outcome(state.game_state) is None:
        seat = next(iter(game.to_act(state.game_state)))
        command = rng.choice(game.legal_commands(state.game_state, seat))
        events = game.decide(state.game_state, seat, command, rng)
        batches.append((events, {"seat": seat, "command": command}))
        for event in events:
            state = apply(state, event)
    return batches


def test_a_moved_match_reads_back_as_it_read_from_redis(redis_client, namespace,
                                                         archive_url):
    log = ArchivedLog(redis_client, Keys(namespace), open_archive(archive_url))
    match_ids = [new_match_id() for _ in range(3)]
    for seed, match_id in enumerate(match_ids):
        version = 0
        for i, (events, cause) in enumerate(tictactoe(match_id, seed)):
            version = log.append(match_id, events, version, command_id=f"c{i}",
                                 cause=cause).version
        redis_client.hset(log.keys.meta(match_id), "seed", seed)
        mark_over(redis_client, log.keys, match_id)
    before = {m: (log.read(m), log.read(m, from_version=2, limit=3), log.version(m),
                  log.command_result(m, "c1"), log.meta(m)) for m in match_ids}
    report = Mover(redis_client, log.keys, log.archive, after_seconds=0).run()
    assert sorted(report.moved) == sorted(match_ids)
    for match_id in match_ids:
        assert log.where(match_id) == "archive"
        assert not redis_client.exists(log.keys.events(match_id), log.keys.meta(match_id),
                                       log.keys.command_results(match_id))
        assert (log.read(match_id), log.read(match_id, from_version=2, limit=3),
                log.version(match_id), log.command_result(match_id, "c1"),
                log.meta(match_id)) == before[match_id]
    assert log.read_many(match_ids) == [before[m][0] for m in match_ids]
    open_archive(archive_url).forget(namespace)
