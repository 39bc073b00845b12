"""Match logs as the match service records them, for any registered game: MatchCreated and
the setup drawn from the match's seed, then random legal commands, each decided by the
service's own decision function (services/match/command_path/decisions.py) from the match's seed, appended to a real Redis with its cause and schema
versions, and the seed kept in the match's meta hash, as the service keeps it. Some
matches end by a resignation or an abort, so platform causes are recorded too.
"""
from __future__ import annotations

import functools
import random
import uuid

from services.match.command_path import decisions
from services.match.command_path.chance import SEED_FIELD, setup_rng
from shared.eventlog import EventLog
from shared.games.registry import games
from shared.games.replay import fold, match_created, stamped
from tests.contract.playouts import MAX_COMMANDS, options_for


def endings(seed: int) -> str:
    """How the match with this seed ends: mostly by play, sometimes otherwise."""
    return ("play", "play", "play", "resign", "abort")[seed % 5]


def record(event_log: EventLog, name: str, seats: int, seed: int) -> str:
    """A whole match of `name` written to `event_log`; returns its id."""
    game = games()[name]
    match_id = uuid.uuid4().hex
    options = options_for(game, seats, seed)
    seated = [{"player_id": f"player-{i}", "name": f"P{i}"} for i in range(seats)]
    setup = game.setup(options, seats, setup_rng(seed))
    created = match_created(match_id, name, seated, options, setup=len(setup))
    written = event_log.append(match_id, stamped(game, [created] + setup), 0,
                               cause=decisions.setup_cause("player-0"))
    event_log.redis.hset(event_log.keys.meta(match_id), SEED_FIELD, seed)
    state = fold(written.logged)
    choose, ending = random.Random(f"choose-{seed}"), endings(seed)
    quit_at = choose.randrange(1, 40)
    for turn in range(MAX_COMMANDS):
        if state.status != "active":
            return match_id
        seat = choose.choice(state.to_act())
        command = choose.choice(game.legal_commands(state.game_state, seat))
        if ending == "abort":
            command = {"type": "abort"}
        elif ending == "resign" and turn == quit_at:
            command = {"type": "resign"}
        # A seat out of the match is kept moving by a bot, whose commands come by the bus.
        source = "bus" if state.platform.out[seat] else choose.choice(("http", "bus"))
        cause = decisions.seat_cause(seat, command, source)
        events = decisions.decide(state, cause, lambda: seed)
        written = event_log.append(match_id, stamped(game, events), state.version,
                                   cause=cause)
        state = fold(written.logged, start=state)
    raise AssertionError(f"{name} (seed {seed}) did not end within {MAX_COMMANDS} commands")


@functools.lru_cache(maxsize=None)
def recorded_lines(redis_url: str, name: str, seats: int, seed: int) -> tuple:
    """The exported lines of a recorded match (kept for the session: Exsilium is slow to
    play), each a JSON text, recorded under a namespace of its own and then deleted."""
    from services.match.export import is_over, ndjson, with_seed
    from shared.eventlog import Keys
    from shared.infra.connect import connect
    client = connect(redis_url)
    keys = Keys(f"test-recorded-{uuid.uuid4().hex[:12]}:")
    try:
        log = EventLog(client, keys)
        match_id = record(log, name, seats, seed)
        events = log.read(match_id)
        assert is_over(fold(events))
        return tuple(ndjson(with_seed(events, seed)))
    finally:
        stale = list(client.scan_iter(match=f"{keys.namespace}*"))
        if stale:
            client.delete(*stale)
        client.close()
