"""Verifying a match log: re-execute its setup and every recorded command, and accept the
log only if that reproduces it exactly.

A log records what produced each batch of its events (its cause, on the batch's first
event: services/match/command_path/decisions.py) and, once the match is over, its export carries the
match's seed. From the seed the setup is drawn again (chance.setup_rng) and every cause is
decided again on the match as folded so far, with the generator the match service used
(chance.decision_rng(seed, version)). The first event that differs (changed, added or
removed) refuses the whole log, with its version and why.

A log, or the start of one, written before causes were recorded, and a log exported
without its seed (a match not over), cannot be re-executed: it is folded, every event
checked to replay, and the verdict says which versions were not re-executed and why.
Stored events are compared in today's shape (the game's upcasters: shared/games/replay.py),
so a log written before an event's shape changed still verifies. A game whose setup names
the edition of its rules and authored components (an `edition` in its first event's data)
re-executes only logs of that edition: another is refused at its setup, saying so.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import zip_longest
from typing import Optional

from services.match.command_path import decisions
from services.match.command_path.chance import setup_rng
from shared.games.api import InvalidOptions
from shared.games.platform import MATCH_CREATED, is_platform
from shared.games.registry import UnknownGame, get_game
from shared.games.replay import MatchState, apply, current
from shared.web.errors import ApiError


class LogRefused(Exception):
    """The log is not one the match service could have written; `version` is the first
    event that shows it."""

    def __init__(self, version: int, why: str):
        super().__init__(f"event v{version}: {why}")
        self.version = version
        self.why = why


@dataclass(frozen=True)
class Verdict:
    """An accepted log: the match it folds to and how much of it was re-executed."""

    state: MatchState
    re_executed: int       # events reproduced by re-executing their causes
    not_re_executed: str   # why the others were only folded ("" when none were)

    @property
    def complete(self) -> bool:
        return not self.not_re_executed

    def as_json(self) -> dict:
        versions = self.state.version
        return {"verified": self.complete, "re_executed": self.re_executed,
                "version": versions,
                **({"not_re_executed": self.not_re_executed} if self.not_re_executed else {})}


def verify(events: list, seed: Optional[int]) -> Verdict:
    """Check `events` (logged: v, type, schema, data, at, cause on batch starts; versions in
    order) against re-execution from `seed`; raise LogRefused at the first difference."""
    state, reproduced, unrecorded = None, 0, 0
    for cause, batch in batches(events):
        if cause is not None and seed is not None:
            produced = _produce(state, cause, seed, batch)
            game = state.engine if state is not None else get_game(batch[0]["data"]["game"])
            _compare(batch, produced, cause, game)
            reproduced += len(batch)
        elif cause is None:
            unrecorded += len(batch)
        for event in batch:
            state = fold_event(state, event)
    return Verdict(state, reproduced, _why_not(len(events) - reproduced, unrecorded, seed))


def _why_not(left: int, unrecorded: int, seed: Optional[int]) -> str:
    if not left:
        return ""
    if unrecorded:
        return (f"{unrecorded} event(s) at the start of the log were written before the "
                "commands behind them were recorded: folded, not re-executed")
    return ("the log carries no seed (it is exported with one once the match is over): "
            "folded, not re-executed")


def batches(events: list) -> list:
    """(cause, events) per batch: a batch starts at each event recording a cause; events
    before the first cause (a log written before causes were recorded) form one batch
    whose cause is None."""
    out = []
    for event in events:
        if "cause" in event or not out:
            out.append((event.get("cause"), []))
        out[-1][1].append(event)
    return out


def fold_event(state: Optional[MatchState], event: dict) -> MatchState:
    """Fold one logged event, refusing an event that does not replay."""
    version = event["v"]
    if (event["type"] == MATCH_CREATED) != (version == 1):
        raise LogRefused(version, f"({event['type']}) a log starts with {MATCH_CREATED}, "
                                  "and has it only there")
    try:
        if state is not None and not is_platform(event["type"]) \
                and not state.engine.vocabulary.accepts(event["type"]):
            raise LogRefused(version, f"has the unknown event type {event['type']!r}: "
                                      f"{state.game} has no such event")
        return apply(state, event)
    except LogRefused:
        raise
    except UnknownGame as error:
        raise LogRefused(version, f"names a game this server does not host: {error}") from None
    except KeyError as error:
        raise LogRefused(version, f"({event['type']}) does not replay: missing {error}") from None
    except Exception as error:  # noqa: BLE001 - any failure means the log is not valid
        raise LogRefused(version, f"({event['type']}) does not replay: "
                                  f"{type(error).__name__}: {error}") from None


# -- re-execution -----------------------------------------------------------------------

def _produce(state: Optional[MatchState], cause: dict, seed: int, batch: list) -> list:
    """The events `cause` produces on `state` with the match's seed."""
    version = batch[0]["v"]
    if not isinstance(cause, dict):
        raise LogRefused(version, f"the recorded cause {cause!r} is not an object")
    if "setup" in cause:
        return _setup(state, seed, batch)
    problem = _cause_problem(cause, state)
    if problem:
        raise LogRefused(version, f"the recorded cause {_json(cause)} {problem}")
    try:
        return decisions.decide(state, cause, lambda: seed)
    except ApiError as refusal:
        raise LogRefused(version, f"re-executing {describe(cause)} is refused "
                                  f"({refusal.code}): {refusal.message}") from None
    except Exception as error:  # noqa: BLE001 - a cause the engine cannot even take
        raise LogRefused(version, f"re-executing {describe(cause)} fails: "
                                  f"{type(error).__name__}: {error}") from None


def _cause_problem(cause: dict, state: Optional[MatchState]) -> str:
    if state is None:
        return "comes before the match was created"
    if "reply" in cause:
        if cause["reply"] not in ("accept", "decline") \
                or not isinstance(cause.get("player_id"), str):
            return "is not an answer to an invitation"
        return ""
    if "system" in cause:
        now = cause.get("now")
        if not isinstance(cause["system"], dict) or isinstance(now, bool) \
                or not isinstance(now, (int, float)):
            return "is not a system command with its time"
        return ""
    seat = cause.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        return "names no seat of this match"
    if not isinstance(cause.get("command"), dict) or not isinstance(cause.get("source"), str):
        return "is not a seat's command with its source"
    return ""


def _setup(state: Optional[MatchState], seed: int, batch: list) -> list:
    """MatchCreated as logged (what was asked for: checked to be a match its game accepts)
    and the setup the game draws from the seed for it — unless players are invited: then
    the setup comes with the last acceptance (a reply cause)."""
    version = batch[0]["v"]
    if state is not None:
        raise LogRefused(version, "a second setup, after the match was created")
    created = batch[0]
    if created["type"] != MATCH_CREATED:
        raise LogRefused(version, f"({created['type']}) a log starts with {MATCH_CREATED}")
    data = created["data"]
    try:
        game = get_game(data["game"])
        seats, options = len(data["seats"]), data["options"]
        if not game.spec.min_players <= seats <= game.spec.max_players:
            raise LogRefused(version, f"{game.spec.title} is not played by {seats} seats")
        if game.spec.resolve_options(options) != options:
            raise LogRefused(version, f"the options {_json(options)} are not all of "
                                      f"{game.spec.title}'s options, resolved")
        setup = game.setup(options, seats, setup_rng(seed))
    except (UnknownGame, InvalidOptions, KeyError, TypeError, AttributeError) as error:
        raise LogRefused(version, f"MatchCreated is not a match this server can set up: "
                                  f"{type(error).__name__}: {error}") from None
    if "setup" in data:
        created = {**created, "data": {**data, "setup": len(setup)}}
    return [created] + ([] if data.get("invited") else setup)


def _compare(batch: list, produced: list, cause: dict, game) -> None:
    """Refuse at the first event where the batch and its re-execution differ (stored
    events in today's shape: `game`'s upcasters)."""
    for logged, made in zip_longest(batch, produced):
        if logged is None:
            raise LogRefused(batch[-1]["v"] + 1,
                             f"re-executing {describe(cause)} also produces {made['type']} "
                             f"{_json(made['data'])}, which the log lacks")
        if made is None:
            raise LogRefused(logged["v"], f"the log has {logged['type']} "
                                          f"{_json(logged['data'])}, which re-executing "
                                          f"{describe(cause)} does not produce")
        stored = _today(logged, game)
        _same_edition(stored, made, game)
        if (stored["type"], stored["data"]) != (made["type"], _plain(made["data"])):
            raise LogRefused(logged["v"], f"the log has {logged['type']} "
                                          f"{_json(stored['data'])}, but re-executing "
                                          f"{describe(cause)} produces {made['type']} "
                                          f"{_json(made['data'])}")


def _same_edition(logged: dict, made: dict, game) -> None:
    """A game that writes the edition of its rules and authored components into its setup
    (an `edition` in the event's data) is re-executed only under that edition: a log set up
    under another one folds as it was played, but today's rules would not decide its events
    again, and the verdict says so rather than naming the first event that differs."""
    if made["type"] != logged["type"] or "edition" not in made["data"]:
        return
    was, now = logged["data"].get("edition", 1), made["data"]["edition"]
    if was != now:
        raise LogRefused(logged["v"], f"the match was set up under edition {was} of "
                                      f"{game.spec.title}'s rules and components, and this "
                                      f"server plays edition {now}: its log folds as it was "
                                      "played, but cannot be re-executed")


def _today(event: dict, game) -> dict:
    if is_platform(event["type"]):
        return event
    try:
        return current(game, event)
    except ValueError as error:
        raise LogRefused(event["v"], str(error)) from None


def describe(cause: dict) -> str:
    if "setup" in cause:
        return "the match's setup"
    if "system" in cause:
        return f"the platform's {_json(cause['system'])} at {cause.get('now')}"
    if "reply" in cause:
        return f"{cause.get('player_id')}'s answer to the invitation ({cause['reply']})"
    return f"seat {cause.get('seat')}'s command {_json(cause.get('command'))}"


def _plain(value):
    """`value` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def _json(value) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)
