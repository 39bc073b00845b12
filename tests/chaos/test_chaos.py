"""Chaos (issue 14, item 7): kill -9 each process kind of `make run` under load, and
kill -9 Redis (AOF) mid-load; the launcher heals the stack with no hand touching it.

Afterwards every acknowledged command is in its log exactly once, every bot turn was
played (once: the log's expected version admits one command per version), every deadline
was handled once, and the stack serves a new match, a clocked match and a ticket. Recovery
times are printed (run with -s to see them; `make bench` measures them too).
"""
from __future__ import annotations

import collections
import random
import threading
import time

import pytest

from services.match.commands import command_key
from tests.chaos.stack import Player, Stack, wait_for

pytestmark = pytest.mark.timeout(900)

# What each process kind's recovery is judged by: the work that needs it done again.
BOT_PATH = ("match-api", "match-consumer", "bot-dispatcher", "bot-worker")
CLOCK_PATH = ("turns-dispatcher", "turns-worker", "turns-beat")
MATCHMAKING = ("matchmaking-api", "matchmaking-loop", "matchmaking-dispatcher",
               "matchmaking-worker")
FORFEIT_CLOCK = {"per_move_seconds": 1, "on_timeout": "forfeit"}


class Load:
    """Players playing tic-tac-toe against random bots, and matches whose player never
    moves (their clock runs out), until stopped; every acknowledged command recorded."""

    def __init__(self, stack: Stack, players: int = 2):
        self.stack = stack
        self.players = [Player(stack, f"p{i}") for i in range(players)]
        self.acked = collections.defaultdict(list)  # match id -> acknowledged command ids
        self.clocked: list = []
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._play, args=(p, i), daemon=True)
                        for i, p in enumerate(self.players)]

    def start(self):
        for thread in self.threads:
            thread.start()

    def finish(self):
        self.stop.set()
        for thread in self.threads:
            thread.join(120)

    def _play(self, player: Player, index: int):
        rng = random.Random(index)
        while not self.stop.is_set():
            if index == 0 and rng.random() < 0.3:
                self.clocked.append(player.new_match(FORFEIT_CLOCK))
            match_id = player.new_match()
            self._play_match(player, match_id, rng)

    def _play_match(self, player: Player, match_id: str, rng: random.Random):
        while not self.stop.is_set():
            match = player.call("get", f"/v1/matches/{match_id}").json()
            if match["status"] != "active":
                return
            if 0 not in match["to_act"]:
                time.sleep(0.05)
                continue
            legal = player.call("get", f"/v1/matches/{match_id}/legal").json()["commands"]
            command_id = player.move(match_id, match["version"], rng.choice(legal)["cell"])
            if command_id:
                self.acked[match_id].append(command_id)


def _bot_reply_time(player: Player) -> float:
    """Seconds from a player's move to the bot's answer in a new match."""
    match_id = player.new_match()
    started = time.monotonic()
    assert player.move(match_id, player.call("get", f"/v1/matches/{match_id}").json()["version"], 4)
    wait_for(lambda: 0 in player.call("get", f"/v1/matches/{match_id}").json()["to_act"], 60,
             "the bot's answer")
    return time.monotonic() - started


def _deadline_time(player: Player) -> float:
    """Seconds from a 1 s deadline passing to its forfeit in the log."""
    match_id = player.new_match(FORFEIT_CLOCK)
    due = time.monotonic() + 1
    wait_for(lambda: player.call("get", f"/v1/matches/{match_id}").json()["status"] == "finished",
             60, "the deadline to be handled")
    return time.monotonic() - due


def _ticket_time(player: Player) -> float:
    """Seconds from a ticket (bots allowed after 1 s) to its match."""
    started = time.monotonic()
    body = {"game": "tictactoe", "players": 2, "mode": "casual", "allow_bots": True,
            "max_wait_seconds": 1}
    answer = player.call("post", "/v1/tickets", base=player.stack.mm, json=body)
    assert answer.status_code == 201, answer.text
    ticket = answer.json()["ticket_id"]
    wait_for(lambda: player.call("get", f"/v1/tickets/{ticket}", base=player.stack.mm)
             .json()["match_id"], 60, "the ticket's match")
    return time.monotonic() - started - 1


def _probe(kind: str, player: Player) -> float:
    if kind in CLOCK_PATH:
        return _deadline_time(player)
    if kind in MATCHMAKING:
        return _ticket_time(player)
    return _bot_reply_time(player)


def _assert_logs_hold(stack: Stack, load: Load, prober: Player) -> None:
    log = stack.log()
    for match_id, command_ids in load.acked.items():
        events = log.read(match_id)
        for command_id in command_ids:
            assert log.command_result(match_id, command_key(0, command_id)) is not None
        marks = [e["data"]["seat"] for e in events if e["type"] == "CellMarked"]
        assert marks.count(0) == len(set(command_ids)), match_id  # each acked once, no other
        assert marks == [i % 2 for i in range(len(marks))], match_id  # every bot turn, once
        match = prober.call("get", f"/v1/matches/{match_id}").json()
        assert not (match["status"] == "active" and 1 in match["to_act"]), (
            f"match {match_id} waits on its bot at version {match['version']}: "
            f"{[e['type'] for e in events]}; see {stack.workdir / 'launcher.log'}")
    for match_id in load.clocked:
        types = [e["type"] for e in log.read(match_id)]
        assert types.count("TurnTimedOut") == 1 and types.count("SeatForfeited") == 1, types


@pytest.fixture
def stack(tmp_path):
    stack = Stack(tmp_path)
    stack.start_redis()
    stack.start()
    yield stack
    stack.stop()


def test_killing_each_process_and_redis_under_load_loses_and_repeats_nothing(stack):
    load = Load(stack)
    prober = Player(stack, "prober")
    baseline = {kind: _probe(kind, prober) for kind in ("match-api", "turns-beat",
                                                        "matchmaking-loop")}
    load.start()
    recovery = {}
    for kind in BOT_PATH + CLOCK_PATH + MATCHMAKING:
        time.sleep(0.5)  # under load
        pid, killed_at = stack.kill(kind)
        restarted = wait_for(lambda: stack.restarted_after(kind, killed_at), 60,
                             f"{kind} to be restarted")
        served = _probe(kind, prober)
        recovery[kind] = (restarted - killed_at, time.monotonic() - killed_at, served)
    # Redis itself: kill -9 mid-load, start it again on its port from its AOF.
    stack.kill_redis()
    killed_at = time.monotonic()
    time.sleep(1.0)
    stack.start_redis()
    wait_for(lambda: __import__("requests").get(stack.api + "/readyz", timeout=2).ok, 60,
             "the API to see Redis again")
    recovery["redis"] = (0.0, time.monotonic() - killed_at, _bot_reply_time(prober))
    load.finish()
    print("\nchaos recovery (kill -9 under load; seconds: restarted by the launcher, "
          "work of that kind served again after the kill, probe latency)")
    for kind, (restart, served, probe) in recovery.items():
        print(f"  {kind:24s} restarted {restart:5.2f}  served again {served:6.2f}  "
              f"probe {probe:5.2f}")
    print("  baseline probes: " + ", ".join(f"{k} {v:.2f}" for k, v in baseline.items()))
    # Let every match in flight settle (bots answer, clocks run out), then judge the logs.
    time.sleep(8)
    _assert_logs_hold(stack, load, prober)
    assert sum(len(ids) for ids in load.acked.values()) > 20 and load.clocked
    # The stack serves again, untouched: a new match, a clocked one, a ticket.
    assert _bot_reply_time(prober) < 10 and _deadline_time(prober) < 10
    assert _ticket_time(prober) < 15
