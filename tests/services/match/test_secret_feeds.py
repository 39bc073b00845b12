"""Twin matches over the match API: what a seat is sent is the same, byte for byte, in two
matches that differ only in what it may not see (tests/contract/secrecy.py's method, through
the real routes: GET /v1/matches/{id}, /legal, /events, /live, /replay).

Both twins are created with the same seed and one player at every seat, so their setups are
the same. The watched seat sends the same commands in both; the other seat plays a command
at random in the first twin and, in the second, another of its choices that differs from it
only in what the watched seat may not see (a face-down fleet of another value, other Ship
cards of the same hand, other tactics), found with the engine. Then every feed the watched
seat and a spectator read must be identical once the match id and the wall-clock stamps
("at") are set aside.
"""
from __future__ import annotations

import random
import re
import uuid

from services.match.command_path import decisions
from shared.games.replay import apply
from tests.contract import secrecy
from tests.services.match.conftest import new_match

WATCHED = 1          # the seat whose feeds are compared (seat 0 chooses differently)
COMMANDS = 140       # per twin: Exile Sun's first battles come within them
LONG_ENOUGH = 30     # commands: a plan this long ends at a reveal rather than taking it back
CANDIDATES = 6       # other choices tried for the other seat at each of its turns
SEED = 2
PLAN_SEED = 5        # its plan reaches a battle the other seat commits to first
REPLAYS = 40         # versions whose /replay is compared (a seeded sample, and the last)
AT = re.compile(rb'"at": ?"[^"]*"')


def _state(ctx, match_id):
    return ctx.store.load(match_id)


def _after(state, seat, command):
    """The match after `seat` sends `command`, decided as the service decides it."""
    events = decisions.decide(state, decisions.seat_cause(seat, command, "http"), lambda: SEED)
    for event in events:
        state = apply(state, event)
    return state


def _alike_after(game, first, second, actor, command, choice) -> bool:
    return game.view(_after(first, actor, command).game_state, WATCHED) == \
        game.view(_after(second, actor, choice).game_state, WATCHED)


def _distance(one: dict, other: dict) -> int:
    return sum(one.get(key) != other.get(key) for key in set(one) | set(other))


def _twin_choice(game, first, second, actor, command, rng):
    """A choice of `actor` in the second twin that the watched seat cannot tell from
    `command` in the first (preferably another one), or None."""
    choices = game.legal_commands(second.game_state, actor)
    # The nearest first: the same kind of command where it differs least (the same space,
    # another face-down token), the likeliest to be a secret difference.
    others = sorted((c for c in choices if c != command),
                    key=lambda c: (_distance(c, command), rng.random()))[:CANDIDATES]
    for choice in others + ([command] if command in choices else []):
        views = [game.view(_after(m, actor, c).game_state, WATCHED)
                 for m, c in ((first, command), (second, choice))]
        if views[0] == views[1] and (choice == command or secrecy.secret_choice(
                game, (first.game_state, actor, command), (second.game_state, actor, choice),
                WATCHED, str(rng.random()), rng)):
            return choice
    return None


def _send(client, player, match_id, seat, command):
    response = client.post(f"/v1/matches/{match_id}/commands?seat={seat}", headers=player.headers,
                           json={"command": command, "command_id": uuid.uuid4().hex})
    assert response.status_code == 200, response.get_json()


def _same(first: bytes, second: bytes, ids) -> None:
    normal = [AT.sub(b'"at":""', text.replace(match_id.encode(), b"<match>"))
              for text, match_id in zip((first, second), ids)]
    assert normal[0] == normal[1]


def _feeds(client, player, match_id, seat, version) -> list:
    """Every feed `seat` (None: a spectator) reads of the match, as bytes."""
    headers = player.headers if seat is not None else {}
    query = f"seat={seat}" if seat is not None else ""
    paths = [f"?{query}", f"/events?from=0&limit=1000&{query}", f"/live?from=0&{query}"]
    if seat is not None:
        paths.append(f"/legal?{query}")
    sampled = random.Random(version).sample(range(1, version), min(REPLAYS, version - 1))
    paths += [f"/replay?version={v}&{query}" for v in sorted(sampled) + [version]]
    return [client.get(f"/v1/matches/{match_id}{path}", headers=headers).data
            for path in paths]


def _plan(first, second, rng) -> list:
    """[(actor, command in the first twin, command in the second)], worked out on the engine
    with the service's own decisions and the twins' seed. The first twin plays at random; the
    other seat's choices in the second differ where they can; a difference that a reveal
    shows the watched seat early (budgets are revealed together) is taken back, and from
    there the second twin plays as the first; once the plan is LONG_ENOUGH, it ends just
    before the next reveal instead (a battle's Ship cards), so the twins still differ."""
    game, trail = first.engine, [first]
    steps = []
    for _ in range(COMMANDS):
        state = trail[-1]
        if state.status != "active" or not state.to_act():
            break
        actor = sorted(state.to_act())[0]
        command = rng.choice(game.legal_commands(state.game_state, actor))
        steps.append((actor, command))
        trail.append(_after(state, actor, command))
    forced, choices = set(), []
    k, seconds = 0, [second]
    while k < len(steps):
        actor, command = steps[k]
        mine = seconds[k]
        choice = command if actor == WATCHED or k in forced else \
            _twin_choice(game, trail[k], mine, actor, command, rng)
        if choice is not None and _alike_after(game, trail[k], mine, actor, command, choice):
            del choices[k:], seconds[k + 1:]
            choices.append(choice)
            seconds.append(_after(mine, actor, choice))
            k += 1
            continue
        differing = [j for j in range(k) if choices[j] != steps[j][1] and j not in forced]
        if not differing or (k >= LONG_ENOUGH and any(
                choices[j] != steps[j][1] for j in range(k))):
            break  # the twins stay alike up to here: the plan ends before what reveals them
        k = differing[-1]
        forced.add(k)
    return [(actor, command, choice) for (actor, command), choice in zip(steps, choices[:k])]


def test_twin_matches_send_the_watched_seat_and_spectators_the_same_bytes(app, client, ctx, ana):
    """Exile Sun: its battles hold the secret most easily leaked (p10, a fleet's size)."""
    app.config.update(SSE_MAX_SECONDS=0.2, SSE_HEARTBEAT_SECONDS=1)
    twins = [new_match(client, ana, [ana, ana], game="exile_sun", seed=SEED) for _ in range(2)]
    plan = _plan(*(_state(ctx, m) for m in twins), random.Random(PLAN_SEED))
    for actor, command, choice in plan:
        _send(client, ana, twins[0], actor, command)
        _send(client, ana, twins[1], actor, choice)
    differed = sum(command != choice for _, command, choice in plan)
    first, second = (_state(ctx, m) for m in twins)
    assert first.version == second.version > 40
    assert differed and first.game_state != second.game_state  # the twins are not one match
    # the other seat committed fleets of different sizes while the watched seat had not
    # chosen its own Ship cards (the secret of Exile Sun p.10)
    committed = [[len(e["data"]["cards"]) for e in ctx.log.read(match_id)
                  if e["type"] == "ShipsCommitted" and e["data"]["seat"] != WATCHED]
                 for match_id in twins]
    assert committed[0] and committed[0] != committed[1]
    for seat in (WATCHED, None):
        for a, b in zip(_feeds(client, ana, twins[0], seat, first.version),
                        _feeds(client, ana, twins[1], seat, second.version)):
            _same(a, b, twins)
