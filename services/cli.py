"""`orrery`: operator commands over match logs — export, import, verify, replay.

    orrery export MATCH_ID [-o FILE]        the whole log as NDJSON, unredacted
    orrery import FILE [--match-id ID]      re-create a match from an exported log
    orrery verify FILE|MATCH_ID             re-execute a log; accept it only if it reproduces
    orrery replay MATCH_ID|FILE [--version N] [--seat S]   the match as it stood at N
    orrery archive [--all] [--scan]         move the matches that are due to the archive now
    orrery arena GAME --seats ...           bots against each other in process
    orrery train GAME [-n N]                an evaluation learned from bot matches

Redis and the key namespace are found the way `make run` finds them
(shared/infra/redis_server.py): REDIS_URL if set; else the Redis on 127.0.0.1:6379 if one
answers; else a private redis-server over `make run`'s data (data/redis, or
$ORRERY_DATA_DIR/redis), stopped when the command ends. Keys are prefixed with
ORRERY_NAMESPACE, as for the services.

Matches are read as the services read them: from Redis while live, from the archive
(ORRERY_ARCHIVE_URL, else data/archive.sqlite3) once moved there (shared/eventlog/archive).
`archive` runs the move that beat runs every ORRERY_ARCHIVE_EVERY_SECONDS at once: every
match over for ORRERY_ARCHIVE_AFTER_SECONDS (with --all, every match over, whatever the
delay; with --scan, first marking any match over that was never marked).

`replay` and `verify` read a file when their argument names an existing file, and a match
id otherwise.

Export is an operator tool: it reads the stream straight from Redis and redacts nothing,
so an exported file holds every hidden card of the match. Each line is one logged event,
`{"v", "type", "schema", "data", "at"}`, with "cause" (the command and seat, or the system
command, behind the batch) on each batch's first event, exactly as `GET
/v1/matches/{id}/log` gives it; once the match is over the first line also carries the
match's "seed" (services/match/export.py).

Import and verify re-execute the log (services/match/verify.py): the setup drawn again
from the seed and every recorded cause decided again, and refuse the log at the first event
that differs, writing nothing. A log written before causes were recorded, or exported
without its seed, is checked as far as it can be (every event must replay) and the output
says which events were not re-executed (`"verified": false`; `verify` then exits with 2).
Import writes the whole log at once, each event with its own time, schema version and
cause, only into a match that has no events (the refusal is decided by a Redis script,
not by a check that could race), and keeps the seed, so the copy verifies as the original.

Match ids: a match is imported under the id its MatchCreated names when that id is free
and one the API serves (32 hex digits); otherwise under a fresh id, printed. With
`--match-id`, under that id (refused if taken). The id inside MatchCreated is rewritten
to the id imported under: the log's first event states which match it is, and the fold,
the state cache and snapshots all believe it. The match is not announced on the bus nor
listed under its players.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Optional

from services.match.command_path.chance import SEED_FIELD
from services.match.export import is_over, ndjson, stored_seed, with_seed
from services.match.verify import LogRefused, Verdict, fold_event, verify
from shared.config import Settings
from shared.infra.connect import connect
from shared.eventlog.keys import MATCH_ID, Keys, new_match_id
from shared.eventlog.archive.mover import Mover
from shared.eventlog.archive.reader import ArchivedLog, archived_log
from shared.eventlog.log import EventLog, VersionConflict
from shared.games.replay import MatchState, fold
from shared.infra.redis_server import data_dir, resolve

PAGE = 1000
PARTLY_VERIFIED = 2  # `verify`'s exit code for a log accepted without re-executing it all


class Refused(Exception):
    """The command cannot be done; the message says why, for the operator."""


# -- reading and checking logs ----------------------------------------------------------

def parse_ndjson(lines: Iterable[str], source: str) -> tuple:
    """(logged events, seed or None) from NDJSON text, checked for shape and version order."""
    events, seed = [], None
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
        schema = event.get("schema", 1)
        if isinstance(schema, bool) or not isinstance(schema, int) or schema < 1:
            raise Refused(f"{source} line {number}: 'schema' must be a version (1, 2, ...)")
        if SEED_FIELD in event:
            if expected != 1 or isinstance(event[SEED_FIELD], bool) \
                    or not isinstance(event[SEED_FIELD], int):
                raise Refused(f"{source} line {number}: only the first line carries the "
                              "seed, an integer")
            seed = event[SEED_FIELD]
        logged = {"v": event["v"], "type": event["type"], "schema": schema,
                  "data": event["data"], "at": event.get("at")}
        if "cause" in event:
            logged["cause"] = event["cause"]
        events.append(logged)
    if not events:
        raise Refused(f"{source} holds no events")
    return events, seed


def replay_checked(events: list, upto: Optional[int] = None) -> MatchState:
    """Fold the log (up to `upto`), refusing a log that does not replay."""
    state = None
    for event in events:
        if upto is not None and state is not None and state.version >= upto:
            break
        try:
            state = fold_event(state, event)
        except LogRefused as refusal:
            raise Refused(str(refusal)) from None
    return state


def verified(events: list, seed: Optional[int]) -> Verdict:
    try:
        return verify(events, seed)
    except LogRefused as refusal:
        raise Refused(f"refused at {refusal}") from None


# -- Redis ------------------------------------------------------------------------------

@contextmanager
def redis_found():
    """A Redis client and the key namespace, found as `make run` finds them."""
    handle = resolve(data_dir() / "redis")
    try:
        settings = Settings.from_env(redis_url=handle.url)
        client = connect(settings.redis_url)
        try:
            yield client, Keys(settings.namespace)
        finally:
            client.close()
    finally:
        handle.stop()


def open_log(redis, keys: Keys) -> ArchivedLog:
    """The match log as the services read it: Redis, then the archive."""
    return archived_log(redis, keys, Settings.from_env())


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


def stored(redis, keys: Keys, match_id: str) -> tuple:
    """A stored match's (events, seed): the seed whenever one is stored (verify), which
    export only shows once the match is over."""
    log = open_log(redis, keys)
    return read_all(log, match_id), stored_seed(log, match_id)


# -- commands ---------------------------------------------------------------------------

def export(args) -> None:
    with redis_found() as (redis, keys):
        events, seed = stored(redis, keys, args.match_id)
    over = is_over(fold(events))
    text = "".join(ndjson(with_seed(events, seed if over else None)))
    if args.output and args.output != "-":
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


def _read_file(path: str) -> tuple:
    try:
        with open(path, encoding="utf-8") as handle:
            return parse_ndjson(handle, path)
    except OSError as error:
        raise Refused(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise Refused(f"{path} is not UTF-8 text") from None


def import_(args) -> None:
    events, seed = _read_file(args.file)
    verdict = verified(events, seed)
    if args.match_id is not None and not MATCH_ID.match(args.match_id):
        raise Refused(f"match id {args.match_id!r} is not one the API serves "
                      "(32 lowercase hex digits)")
    named = events[0]["data"].get("match_id")
    with redis_found() as (redis, keys):
        log = open_log(redis, keys)  # refuses an id the archive holds, as Redis would
        match_id = args.match_id or (named if isinstance(named, str) and MATCH_ID.match(named)
                                     else new_match_id())
        while True:
            try:
                version = log.restore(match_id, _named(events, match_id))
                break
            except VersionConflict as conflict:
                if args.match_id is not None:
                    raise Refused(f"match {match_id!r} already exists (at version "
                                  f"{conflict.current}); nothing was imported") from None
                match_id = new_match_id()  # the file's id is taken: a fresh one
        if seed is not None:
            redis.hsetnx(keys.meta(match_id), SEED_FIELD, seed)
    out = {"match_id": match_id, "version": version, **verdict.as_json()}
    if match_id != named:
        out["imported_from"] = named
    print(json.dumps(out))


def _named(events: list, match_id: str) -> list:
    first = events[0]
    return [{**first, "data": {**first["data"], "match_id": match_id}}, *events[1:]]


def verify_(args) -> int:
    if os.path.isfile(args.log):
        events, seed = _read_file(args.log)
    else:
        with redis_found() as (redis, keys):
            events, seed = stored(redis, keys, args.log)
    verdict = verified(events, seed)
    print(json.dumps({"match_id": verdict.state.match_id, **verdict.as_json()}))
    return 0 if verdict.complete else PARTLY_VERIFIED


def replay(args) -> None:
    source = args.match
    if os.path.isfile(source):
        events, _ = _read_file(source)
        replay_checked(events)  # a file is checked whole (folded; `verify` re-executes it)
    else:
        with redis_found() as (redis, keys):
            events = read_all(open_log(redis, keys), source)
    last = len(events)
    version = last if args.version is None else args.version
    if not 1 <= version <= last:
        raise Refused(f"version must be between 1 and {last}, not {version}")
    state = replay_checked(events, upto=version)
    if args.seat is not None and not 0 <= args.seat < len(state.seats):
        raise Refused(f"seat must be between 0 and {len(state.seats) - 1}, not {args.seat}")
    print(json.dumps(describe(state, args.seat), ensure_ascii=False, sort_keys=True))


def archive(args) -> None:
    settings = Settings.from_env()
    with redis_found() as (redis, keys):
        log = open_log(redis, keys)
        mover = Mover(redis, keys, log.archive, settings.archive_after_seconds)
        marked = mover.scan() if args.scan else None
        moved = {"moved": 0, "finished": 0, "left": {}}
        while True:  # every due match, a batch at a time
            report = mover.run(ignore_delay=args.all)
            moved["moved"] += len(report.moved)
            moved["finished"] += len(report.finished)
            moved["left"].update(report.left)
            if not report.moved and not report.finished:
                break
        out = {**moved, "archive": log.archive.counts(keys.namespace)}
    if marked is not None:
        out["marked"] = marked
    print(json.dumps(out))


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
    p = commands.add_parser("import", help="re-create a match from an exported log "
                                           "(re-executed first)")
    p.add_argument("file")
    p.add_argument("--match-id", help="import under this id (default: the log's own id if "
                                      "free, else a fresh one)")
    p.set_defaults(run=import_)
    p = commands.add_parser("verify", help="re-execute a log (a file or a stored match); "
                                           "exit 0 if it reproduces, 1 if not, 2 if only "
                                           "partly checkable")
    p.add_argument("log", metavar="FILE|MATCH_ID")
    p.set_defaults(run=verify_)
    p = commands.add_parser("replay", help="print the match as it stood at a version")
    p.add_argument("match", metavar="MATCH_ID|FILE")
    p.add_argument("--version", type=int, help="version to show (default: the latest)")
    p.add_argument("--seat", type=int, help="whose view (default: a spectator's)")
    p.set_defaults(run=replay)
    p = commands.add_parser("archive", help="move the matches that are due from Redis to "
                                            "the archive now")
    p.add_argument("--all", action="store_true",
                   help="every match that is over, whatever ORRERY_ARCHIVE_AFTER_SECONDS says")
    p.add_argument("--scan", action="store_true",
                   help="first mark every match in Redis that is over (reads every log)")
    p.set_defaults(run=archive)
    commands.add_parser("arena", add_help=False,
                        help="play bots against each other in-process (orrery arena -h)")
    commands.add_parser("train", add_help=False,
                        help="fit a game's evaluation on bot matches (orrery train -h)")
    return top


def main(argv: Optional[list] = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["arena"]:  # the arena owns its arguments (services/bot/arena.py)
        from services.bot import arena
        return arena.main(argv[1:])
    if argv[:1] == ["train"]:  # so does training (services/bot/train.py)
        from services.bot import train
        return train.main(argv[1:])
    args = parser().parse_args(argv)
    try:
        return args.run(args) or 0
    except Refused as refusal:
        print(f"orrery {args.command}: {refusal}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
