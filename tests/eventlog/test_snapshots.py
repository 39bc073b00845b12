"""Snapshots are a cache (STYLE #7): a match rebuilt from a snapshot equals the fold from
scratch at every version, deleting every snapshot changes no result, and a snapshot written
by other engine code (another stamp) is never used; stamps are per game."""
from __future__ import annotations

import dataclasses
import shutil
import uuid

import pytest

from shared.eventlog.snapshots import (GAMES_DIR, SnapshotStore, code_digest, game_code_stamp,
                                       package_of)
from shared.eventlog.store import MatchNotFound, MatchStore
from shared.games.replay import fold
from tests.contract.playouts import play, positions, registered_games

GAMES = [name for name, _ in registered_games()]
ALL_VERSIONS_UP_TO = 200  # every version of a log this long is checked; of a longer one,
SAMPLED_VERSIONS = 15     # a seeded sample per snapshot point


def _logged_match(event_log, name, seed=3):
    match_id = uuid.uuid4().hex
    game = dict(registered_games())[name]
    playout = play(name, game.spec.min_players, seed, match_id=match_id)
    event_log.append(match_id, playout.events, 0)
    return match_id, playout


def _scratch(event_log, match_id, version):
    return fold(event_log.read(match_id, to_version=version))


@pytest.mark.parametrize("name", GAMES)
def test_from_snapshot_equals_from_scratch_at_every_version(event_log, redis_client, keys,
                                                            name):
    """Long for the long games (Exsilium's and Nexum's playouts are long): a cold load
    and a fold from scratch at every sampled version, for five snapshot positions."""
    match_id, playout = _logged_match(event_log, name)
    last = len(playout.events)
    snapshots = SnapshotStore(redis_client, keys, code_stamp="this-code")
    for snapshot_at in sorted({1, 2, last // 2, last - 1, last}):
        snapshots.delete(match_id)
        snapshots.save(match_id, _scratch(event_log, match_id, snapshot_at))
        for index in positions(last, SAMPLED_VERSIONS, snapshot_at, ALL_VERSIONS_UP_TO):
            version = index + 1
            store = MatchStore(event_log, snapshots, snapshot_every=0)  # cold cache
            scratch = _scratch(event_log, match_id, version)
            # the log adds times ("at") the playout did not have; the game is the same
            assert scratch.version == version
            assert scratch.game_state == playout.states[version - 1].game_state
            assert store.load(match_id, version) == scratch, (snapshot_at, version)
        assert MatchStore(event_log, snapshots, snapshot_every=0).load(match_id) == \
            _scratch(event_log, match_id, last)


@pytest.mark.cluster_too  # cheap; the playouts above are Redis-blind
def test_the_snapshot_is_really_read(event_log, redis_client, keys):
    """Guards the test above: a doctored snapshot under the right stamp is what is loaded,
    so agreeing with the fold there means the snapshot path was taken and was right."""
    match_id, playout = _logged_match(event_log, "tictactoe")
    snapshots = SnapshotStore(redis_client, keys, code_stamp="this-code")
    doctored = dataclasses.replace(playout.states[4], match_id="doctored")
    snapshots.save(match_id, doctored)
    store = MatchStore(event_log, snapshots, snapshot_every=0)
    assert store.load(match_id, 5) == doctored
    assert store.load(match_id, 4) == _scratch(event_log, match_id, 4)  # later: not used


@pytest.mark.parametrize("name", GAMES)
def test_deleting_every_snapshot_changes_no_result(event_log, redis_client, keys, name):
    """Long for the long games: three whole playouts, loaded at every sampled version with
    and without their snapshots."""
    match_ids = [_logged_match(event_log, name, seed)[0] for seed in range(3)]
    snapshots = SnapshotStore(redis_client, keys, code_stamp="this-code")
    writer = MatchStore(event_log, snapshots, snapshot_every=2)
    for match_id in match_ids:
        state = None
        for event in event_log.read(match_id):  # every state in turn, as a service keeps them
            state = fold([event], start=state)
            writer.remember(state)

    def every_result():
        store = MatchStore(event_log, snapshots, snapshot_every=0)
        return {(m, v): store.load(m, v) for m in match_ids
                for v in [*(i + 1 for i in positions(event_log.version(m), SAMPLED_VERSIONS, 0,
                                                     ALL_VERSIONS_UP_TO)), None]}

    with_snapshots = every_result()
    assert all(redis_client.exists(keys.snapshot(m)) for m in match_ids)
    for match_id in match_ids:
        snapshots.delete(match_id)
    assert not any(redis_client.exists(keys.snapshot(m)) for m in match_ids)
    assert every_result() == with_snapshots


@pytest.mark.cluster_too  # cheap; the playouts above are Redis-blind
def test_a_snapshot_from_other_code_is_ignored(event_log, redis_client, keys):
    match_id, playout = _logged_match(event_log, "tictactoe")
    other = SnapshotStore(redis_client, keys, code_stamp="other-code")
    other.save(match_id, dataclasses.replace(playout.states[5], match_id="from-other-code"))
    mine = SnapshotStore(redis_client, keys, code_stamp="this-code")
    assert mine.load(match_id) is None
    store = MatchStore(event_log, mine, snapshot_every=0)
    for version in range(1, len(playout.events) + 1):
        assert store.load(match_id, version) == _scratch(event_log, match_id, version)
        assert store.load(match_id, version).match_id == match_id


@pytest.mark.cluster_too  # cheap; the playouts above are Redis-blind
def test_an_unreadable_snapshot_is_a_miss(event_log, redis_client, keys):
    match_id, playout = _logged_match(event_log, "tictactoe")
    snapshots = SnapshotStore(redis_client, keys, code_stamp="this-code")
    snapshots.save(match_id, playout.states[3])
    redis_client.hset(keys.snapshot(match_id), "state", b"not a pickle")
    assert MatchStore(event_log, snapshots, snapshot_every=0).load(match_id) == \
        _scratch(event_log, match_id, len(playout.events))


@pytest.mark.cluster_too  # cheap; the playouts above are Redis-blind
def test_a_missing_match_is_not_found(event_log, redis_client, keys):
    store = MatchStore(event_log, SnapshotStore(redis_client, keys), snapshot_every=0)
    with pytest.raises(MatchNotFound):
        store.load("no-such-match")


# ---- stamps are per game (issue 9): one game's code changing leaves the others' valid ----

def test_a_game_stamp_digests_its_package_and_the_fold_s_shared_code(tmp_path):
    games_dir = tmp_path / "games"
    shutil.copytree(GAMES_DIR, games_dir, ignore=shutil.ignore_patterns("__pycache__"))
    names = [name for name, _ in registered_games()]
    packages = {name: games_dir / package_of(name).name for name in names}

    def stamps():
        return {name: code_digest(packages[name], games_dir) for name in names}

    before = stamps()
    assert before == {name: game_code_stamp(name) for name in names}  # the copy is the code
    assert len(set(before.values())) == len(names)
    edited = packages["tictactoe"] / "rules.py"
    edited.write_text(edited.read_text() + "\n# a change to tic-tac-toe only\n")
    after = stamps()
    assert after["tictactoe"] != before["tictactoe"]
    assert {n: s for n, s in after.items() if n != "tictactoe"} == \
        {n: s for n, s in before.items() if n != "tictactoe"}
    for shared in ("kit/vocabulary.py", "replay.py", "platform.py", "api.py"):
        path = games_dir / shared
        path.write_text(path.read_text() + "\n# a change every fold runs through\n")
        changed = stamps()
        assert all(changed[n] != after[n] for n in names), shared
        after = changed
    unrelated = games_dir / "registry.py"  # not run by a fold once the game is found
    unrelated.write_text(unrelated.read_text() + "\n# a new game registered\n")
    assert stamps() == after


def test_changing_one_game_s_code_leaves_other_games_snapshots_valid(event_log, redis_client,
                                                                     keys):
    played = {name: _logged_match(event_log, name) for name in ("exordium", "tictactoe")}
    today = {name: game_code_stamp(name) for name in played}
    writer = SnapshotStore(redis_client, keys)
    for match_id, playout in played.values():
        writer.save(match_id, playout.states[2])
    tictactoe_changed = SnapshotStore(
        redis_client, keys,
        stamp_of=lambda name: today[name] + ("-edited" if name == "tictactoe" else ""))
    exordium_id, exordium = played["exordium"]
    assert tictactoe_changed.load(exordium_id) == writer.load(exordium_id)
    assert tictactoe_changed.load(exordium_id).version == 3
    assert tictactoe_changed.load(played["tictactoe"][0]) is None
