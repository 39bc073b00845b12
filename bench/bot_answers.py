"""A person against a bot, as they meet it: `make run`'s whole stack, over HTTP.

    python -m bench.bot_answers [--games exordium,exsilium] [--level 2] [-n 2]

The real launcher starts every process over a private Redis (tests/chaos/stack.py); a player
registers, opens a match against `mcts` at `--level` (seats alternated from one match to
the next) and plays it to its end with a legal command drawn at random from GET /legal (a
new player's play). Each bot answer is timed from the player's acknowledged command (200)
to the first GET that shows the player to act again or the match over (GETs every 20 ms:
the figure includes the bot's thinking, the bus, the dispatcher, Celery and that poll; where
the bot plays several commands in a row, as in an Exsilium turn, it is all of them: the wait
the person meets).
Once the match is over its log is public (`GET /log`), and each of the bot's commands is timed
apart (`per_command`): from the batch of events before it to the batch it caused, both as the
log's appends stamped them (to the millisecond). The first of a turn's commands includes the
bus, the dispatcher and Celery as the turn's answer does; the next ones are the bot's
thinking and the append.
One JSON line per match (how it ended, the bot's answers: p50, p95, max, per turn and per
command) and one per game (every answer of its matches). Exsilium is its two-player
scenario "2".

The goal for these figures: level 2 answers within 1 s at p95 per command on this machine.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import uuid
from datetime import datetime

from bench.common import ANSWER_GOALS, emit, workdir
from tests.chaos.stack import Player, Stack

OPTIONS = {"exsilium": {"scenario": "2"}}
POLL_SECONDS = 0.02
MOST_COMMANDS = 5000  # the player's; a match still going then is reported as unfinished


def _percentile(values: list, q: float):
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


def _summary(answers: list) -> dict:
    return {"answers": len(answers), "p50_s": _percentile(answers, 0.5),
            "p95_s": _percentile(answers, 0.95),
            "max_s": round(max(answers), 3) if answers else None}


def _stamp(event: dict) -> float:
    return datetime.fromisoformat(event["at"].replace("Z", "+00:00")).timestamp()


def command_times(log_lines: list, seat: int) -> list:
    """Seconds from the batch before each of `seat`'s commands to the batch it caused."""
    times, previous = [], None
    for event in log_lines:
        cause = event.get("cause")
        if cause is None:
            continue  # not the first event of a batch
        if previous is not None and cause.get("seat") == seat and "command" in cause:
            times.append(_stamp(event) - previous)
        previous = _stamp(event)
    return times


def play_match(player: Player, game: str, level: int, bot_seat: int, seed: int) -> dict:
    """One match to its end; its figures."""
    rng = random.Random(seed)
    seats = [{"player_id": player.player_id}, {"bot": "mcts", "level": level}]
    if bot_seat == 0:
        seats.reverse()
    me = 1 - bot_seat
    answer = player.call("post", "/v1/matches", json={
        "game": game, "seats": seats, "options": OPTIONS.get(game, {}), "seed": seed})
    assert answer.status_code == 201, answer.text
    match_id = answer.json()["match_id"]
    answers, commands, match = [], 0, None
    waiting_since = time.perf_counter() if bot_seat == 0 else None  # the bot opens
    while commands < MOST_COMMANDS:
        match = player.call("get", f"/v1/matches/{match_id}").json()
        if match["status"] != "active":
            break
        if me not in match["to_act"]:
            time.sleep(POLL_SECONDS)
            continue
        if waiting_since is not None:
            answers.append(time.perf_counter() - waiting_since)
            waiting_since = None
        legal = player.call("get", f"/v1/matches/{match_id}/legal").json()["commands"]
        sent = player.call("post", f"/v1/matches/{match_id}/commands", json={
            "command": rng.choice(legal), "command_id": uuid.uuid4().hex,
            "expected_version": match["version"]})
        commands += 1
        if sent.status_code == 200 and me not in sent.json()["to_act"]:
            waiting_since = time.perf_counter()
    if waiting_since is not None and match is not None and match["status"] == "finished":
        answers.append(time.perf_counter() - waiting_since)  # the bot's winning move
    log = player.call("get", f"/v1/matches/{match_id}/log")
    per_command = (command_times([json.loads(line) for line in log.text.splitlines() if line],
                                 bot_seat) if log.status_code == 200 else [])
    outcome = {key: value for key, value in ((match or {}).get("outcome") or {}).items()
               if key in ("winner", "reason", "decided_by", "scores")}
    return {"bench": "bot_answers", "game": game, "level": level, "bot_seat": bot_seat,
            "seed": seed, "status": match["status"], "player_commands": commands,
            "version": match["version"], "outcome": outcome, **_summary(answers),
            "per_command": _summary(per_command), "_answers": answers,
            "_per_command": per_command}


def run(games: list, level: int, matches: int, seed: int) -> list:
    stack = Stack(workdir("bot-answers"))
    stack.start_redis()
    figures = []
    try:
        stack.start()
        player = Player(stack, "bench-person")
        for game in games:
            every, every_command = [], []
            for index in range(matches):
                figure = play_match(player, game, level, index % 2, seed + index)
                every += figure.pop("_answers")
                every_command += figure.pop("_per_command")
                figures.append(emit(figure))
            figures.append(emit({"bench": "bot_answers", "game": game, "level": level,
                                 "matches": matches, **_summary(every),
                                 "per_command": _summary(every_command),
                                 "goal_p95_s": ANSWER_GOALS.get(level)}))
    finally:
        stack.stop()
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.bot_answers")
    parser.add_argument("--games", default="exordium,exsilium")
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("-n", "--matches", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    run(args.games.split(","), args.level, args.matches, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
