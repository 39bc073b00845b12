"""`orrery`: operator commands over match logs — export, import, replay.

    orrery export MATCH_ID [-o FILE]        the whole log as NDJSON, unredacted
    orrery import FILE [--match-id ID]      re-create a match from an exported log
    orrery replay MATCH_ID|FILE [--version N] [--seat S]   the match as it stood at N

Redis comes from REDIS_URL (default redis://127.0.0.1:6379/0) and the key namespace from
ORRERY_NAMESPACE, as for the services.

`replay` reads a file when its argument names an existing file, and a match id otherwise.

Export is an operator tool: it reads the stream straight from Redis and redacts nothing,
so an exported file holds every hidden card of the match. Each line is one logged event,
`{"v", "type", "data", "at"}`, exactly as `GET /v1/matches/{id}/log` gives it.

Import checks the file before writing anything: versions 1..n in order, MatchCreated first
and only first, a registered game, and a fold through `shared.games.replay` that succeeds
for every event. It then appends the whole log in one append at expected version 0, so an
existing match is never touched (the refusal is decided by the append script, not by a
check that could race).

Match ids: with `--match-id`, the id inside MatchCreated is rewritten to the new id. The
log's first event states which match it is, and the rest of the platform believes it: the
fold names the state after it, and the state cache and snapshots are keyed by that name.
Keeping the old id under a new key would make the copy answer as the original, and its
snapshots would be written over the original's. So a copy is a new match that says so; its
events are otherwise the same facts. (What is lost is the pointer back to the original
match; if that provenance matters, MatchCreated would need a field for it.) The events'
`at` times become the import time, because the append script stamps one time per append.
Import writes the log only: the match's private seed is never exported, so a match imported
before its end draws its future chance from a new seed (the match service makes one on
first use), and the match is not announced on the bus nor listed under its players.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Iterable, Optional

from shared.config import Settings
from shared.eventlog.connect import connect
from shared.eventlog.keys import Keys
from shared.eventlog.log import EventLog, VersionConflict
from shared.games.registry import UnknownGame
from shared.games.replay import MATCH_CREATED, MatchState, apply

PAGE = 1000
_MATCH_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")


class Refused(Exception):
    """The command cannot be done; the message says why, for the operator."""


# -- reading and checking logs ----------------------------------------------------------

def parse_ndjson(lines: Iterable[str], source: str) -> list:
    """Logged events from NDJSON text, checked for shape and version order."""
    events = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as error:
            raise Refused(f"{source} line {number} is not JSON: {error.msg}") from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str) \
                or not isinstance(event.get("data"), dict) or "v" not in event:
            raise Refused(f"{source} line {number} is not a logged event "
                          '(an object with "v", "type" and "data")')
        expected = len(events) + 1
        if event["v"] != expected or isinstance(event["v"], bool):
            raise Refused(f"{source} line {number}: bad version order, v is {event['v']!r} "
                          f"where {expected} was expected (versions must run 1, 2, 3...)")
        if event.get("at") is not None and not isinstance(event["at"], str):
            raise Refused(f"{source} line {number}: 'at' must be a time string")
        events.append({"v": event["v"], "type": event["type"], "data": event["data"],
                       "at": event.get("at")})
    if not events:
        raise Refused(f"{source} holds no events")
    return events


def replay_checked(events: list, upto: Optional[int] = None) -> MatchState:
    """Fold the log (up to `upto`), refusing a log that does not replay."""
    state = None
    for event in events:
        if upto is not None and state is not None and state.version >= upto:
            break
        if (event["type"] == MATCH_CREATED) != (event["v"] == 1):
            raise Refused(f"event v{event['v']} ({event['type']}): a log starts with "
                          f"{MATCH_CREATED}, and has it only there")
        try:
            state = apply(state, event)
        except UnknownGame as error:
            raise Refused(f"event v1 names a game this server does not host: {error}") from None
        except KeyError as error:
            if error.args == (event["type"],):
                raise Refused(f"event v{event['v']} has the unknown event type "
                              f"{event['type']!r}: {state.game} has no such event") from None
            raise Refused(f"event v{event['v']} ({event['type']}) does not replay: "
                          f"missing {error}") from None
        except Exception as error:  # noqa: BLE001 - any failure means the log is not valid
            raise Refused(f"event v{event['v']} ({event['type']}) does not replay: "
                          f"{type(error).__name__}: {error}") from None
    return state


# -- Redis ------------------------------------------------------------------------------

def open_log() -> EventLog:
    settings = Settings.from_env()
    return EventLog(connect(settings.redis_url), Keys(settings.namespace))


def read_all(log: EventLog, match_id: str) -> list:
    """The whole log of a match, paged; refuse a match that does not exist."""
    events = []
    while True:
        page = log.read(match_id, from_version=len(events), limit=PAGE)
        events += page
        if len(page) < PAGE:
            break
    if not events:
        raise Refused(f"no match {match_id!r} (its log is empty or missing)")
    return events


# -- commands ---------------------------------------------------------------------------

def export(args) -> None:
    events = read_all(open_log(), args.match_id)
    text = "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for e in events)
    if args.output and args.output != "-":
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


def _read_file(path: str) -> list:
    try:
        with open(path, encoding="utf-8") as handle:
            return parse_ndjson(handle, path)
    except OSError as error:
        raise Refused(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise Refused(f"{path} is not UTF-8 text") from None


def import_(args) -> None:
    events = _read_file(args.file)
    replay_checked(events)
    match_id = args.match_id or events[0]["data"].get("match_id")
    if not isinstance(match_id, str) or not _MATCH_ID.match(match_id):
        raise Refused(f"match id {match_id!r} is not valid (letters, digits, '_.:-' only)")
    first = events[0]
    created = {**first, "data": {**first["data"], "match_id": match_id}}
    events = [created, *events[1:]]
    log = open_log()
    try:
        result = log.append(match_id, events, expected_version=0)
    except VersionConflict as conflict:
        raise Refused(f"match {match_id!r} already exists (at version {conflict.current}); "
                      "nothing was imported") from None
    print(json.dumps({"match_id": match_id, "version": result.last_version}))


def replay(args) -> None:
    source = args.match
    if os.path.isfile(source):
        events = _read_file(source)
        replay_checked(events)  # a file is checked whole, as import would
    else:
        events = read_all(open_log(), source)
    last = len(events)
    version = last if args.version is None else args.version
    if not 1 <= version <= last:
        raise Refused(f"version must be between 1 and {last}, not {version}")
    state = replay_checked(events, upto=version)
    if args.seat is not None and not 0 <= args.seat < len(state.seats):
        raise Refused(f"seat must be between 0 and {len(state.seats) - 1}, not {args.seat}")
    print(json.dumps(describe(state, args.seat), ensure_ascii=False, sort_keys=True))


def describe(state: MatchState, seat: Optional[int]) -> dict:
    """The match at its version, as `seat` (None: a spectator) may see it. Status, who acts
    and the outcome are the match's (MatchState: the platform's facts, such as a
    resignation or an abort, as well as the game's)."""
    started = state.game_state is not None  # at version 1 only MatchCreated has happened
    return {"match_id": state.match_id, "game": state.game, "version": state.version,
            "status": state.status, "to_act": list(state.to_act()), "seat": seat,
            "view": state.engine.view(state.game_state, seat) if started else None,
            "outcome": state.outcome}


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="orrery", description=__doc__.split("\n")[0])
    commands = top.add_subparsers(dest="command", required=True)
    p = commands.add_parser("export", help="write a match log as NDJSON (unredacted)")
    p.add_argument("match_id")
    p.add_argument("-o", "--output", help="file to write (default: standard output)")
    p.set_defaults(run=export)
    p = commands.add_parser("import", help="re-create a match from an exported log")
    p.add_argument("file")
    p.add_argument("--match-id", help="import under this id (MatchCreated is rewritten)")
    p.set_defaults(run=import_)
    p = commands.add_parser("replay", help="print the match as it stood at a version")
    p.add_argument("match", metavar="MATCH_ID|FILE")
    p.add_argument("--version", type=int, help="version to show (default: the latest)")
    p.add_argument("--seat", type=int, help="whose view (default: a spectator's)")
    p.set_defaults(run=replay)
    commands.add_parser("arena", add_help=False,
                        help="play bots against each other in-process (orrery arena -h)")
    return top


def main(argv: Optional[list] = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["arena"]:  # the arena owns its arguments (services/bot/arena.py)
        from services.bot import arena
        return arena.main(argv[1:])
    args = parser().parse_args(argv)
    try:
        args.run(args)
    except Refused as refusal:
        print(f"orrery {args.command}: {refusal}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
