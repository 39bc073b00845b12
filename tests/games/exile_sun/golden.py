"""The golden 3-player Exile Sun playthrough: how it was recorded, and what is checked.

`golden_3p.ndjson` is a whole match exported as the match service exports it (NDJSON, the
seed on the first line, each batch's cause): three greedy bots, recorded through a real
event log with the service's own decision function. `golden_3p_views.json` holds, per
audience (the spectator and each seat), a digest chain of every view and every redacted
event it was shown, taken at the end of each cycle: a change to what any seat sees at any
version shows up as the first cycle whose digest differs.

Record it again (only when a rule or a view changes on purpose, and say so in the commit):

    ORRERY_NAMESPACE=golden .venv/bin/python -m tests.games.exile_sun.golden
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import uuid
from pathlib import Path

HERE = Path(__file__).parent
LOG_FILE = HERE / "golden_3p.ndjson"
VIEWS_FILE = HERE / "golden_3p_views.json"
SEATS, SEED = 3, 20261126


def _canon(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def digests(events: list) -> dict:
    """{audience: [chain digest at the end of cycle 1, 2, ...; and at the end]} for the
    logged `events`, folded one at a time: the views and the redacted events each audience
    was shown."""
    from shared.games.replay import apply
    from shared.games.exile_sun import GAME
    audiences = [None, *range(SEATS)]
    chains = {a: hashlib.sha256() for a in audiences}
    out = {str(a): [] for a in audiences}
    state = None
    for event in events:
        state = apply(state, event)
        game_state = state.game_state
        for a in audiences:
            chain = chains[a]
            if event["type"] != "MatchCreated" and game_state is not None:
                chain.update(_canon(GAME.redact({"type": event["type"], "data": event["data"]},
                                                a)))
                chain.update(_canon(GAME.view(game_state, a)))
        if event["type"] in ("CycleEnded", "GameEnded"):
            for a in audiences:
                out[str(a)].append(chains[a].hexdigest()[:16])
    return out


def record(redis_url: str) -> list:
    """Play and log the match; returns its exported lines."""
    from services.bot.policies import greedy
    from services.match.command_path import decisions
    from services.match.command_path.chance import SEED_FIELD, setup_rng
    from services.match.export import ndjson, with_seed
    from shared.eventlog import EventLog, Keys
    from shared.infra.connect import connect
    from shared.games.exile_sun import GAME
    from shared.games.replay import fold, match_created, stamped

    client = connect(redis_url)
    keys = Keys(f"{os.environ.get('ORRERY_NAMESPACE', 'golden')}-{uuid.uuid4().hex[:8]}:")
    try:
        log = EventLog(client, keys)
        match_id = f"golden-exile-sun-{SEATS}p"
        options = GAME.spec.resolve_options({})
        seated = [{"player_id": f"player-{i}", "name": f"P{i}"} for i in range(SEATS)]
        setup = GAME.setup(options, SEATS, setup_rng(SEED))
        created = match_created(match_id, "exile_sun", seated, options, setup=len(setup))
        written = log.append(match_id, stamped(GAME, [created] + setup), 0,
                             cause=decisions.setup_cause("player-0"))
        client.hset(keys.meta(match_id), SEED_FIELD, SEED)
        state, rng = fold(written.logged), random.Random(SEED)
        while state.status == "active":
            seat = rng.choice(state.to_act())
            command = greedy.choose(GAME, state.game_state, seat, rng, seats=SEATS,
                                    samples=1).command
            cause = decisions.seat_cause(seat, command, "bus")
            events = decisions.decide(state, cause, lambda: SEED)
            written = log.append(match_id, stamped(GAME, events), state.version, cause=cause)
            state = fold(written.logged, start=state)
        return list(ndjson(with_seed(log.read(match_id), SEED)))
    finally:
        stale = list(client.scan_iter(match=f"{keys.namespace}*"))
        if stale:
            client.delete(*stale)
        client.close()


def main() -> None:
    lines = record(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    LOG_FILE.write_text("".join(lines), encoding="utf-8")
    events = [json.loads(line) for line in lines]
    VIEWS_FILE.write_text(json.dumps(digests(events), indent=1) + "\n", encoding="utf-8")
    print(f"{len(events)} events, {LOG_FILE.stat().st_size} bytes")


if __name__ == "__main__":
    main()
