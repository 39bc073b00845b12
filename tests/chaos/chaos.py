"""The chaos harness: load (players against bots, clocks running out), probes that time
each kind of work, and the kill -9 round over every process kind of `make run` and Redis.
Used by tests/chaos/test_chaos.py and bench/recovery.py."""
from __future__ import annotations

import collections
import random
import threading
import time

import requests

from tests.chaos.stack import Player, Stack, wait_for

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


def bot_reply_time(player: Player) -> float:
    """Seconds from a player's move to the bot's answer in a new match."""
    match_id = player.new_match()
    started = time.monotonic()
    assert player.move(match_id, player.call("get", f"/v1/matches/{match_id}").json()["version"], 4)
    wait_for(lambda: 0 in player.call("get", f"/v1/matches/{match_id}").json()["to_act"], 60,
             "the bot's answer")
    return time.monotonic() - started


def deadline_time(player: Player) -> float:
    """Seconds from a 1 s deadline passing to its forfeit in the log."""
    match_id = player.new_match(FORFEIT_CLOCK)
    due = time.monotonic() + 1
    wait_for(lambda: player.call("get", f"/v1/matches/{match_id}").json()["status"] == "finished",
             60, "the deadline to be handled")
    return time.monotonic() - due


def ticket_time(player: Player) -> float:
    """Seconds from a ticket (bots allowed after 1 s) to its match."""
    started = time.monotonic()
    body = {"game": "tictactoe", "players": 2, "mode": "casual", "allow_bots": True,
            "max_wait_seconds": 1}
    answer = player.call("post", "/v1/tickets", base=player.stack.mm, json=body)
    # A retry after a lost answer finds the ticket its first attempt made.
    assert answer.status_code == 201 or answer.json().get("error") == "already_waiting", answer.text
    ticket = answer.json()["ticket_id"]
    wait_for(lambda: player.call("get", f"/v1/tickets/{ticket}", base=player.stack.mm)
             .json()["match_id"], 60, "the ticket's match")
    return time.monotonic() - started - 1


def probe_time(kind: str, player: Player) -> float:
    if kind in CLOCK_PATH:
        return deadline_time(player)
    if kind in MATCHMAKING:
        return ticket_time(player)
    return bot_reply_time(player)




def kill_each_and_redis(stack: Stack, prober: Player) -> dict:
    """kill -9 every process kind in turn, then Redis; per kind (seconds): restarted by the
    launcher, its kind of work served again (from the kill), the probe's own latency."""
    recovery = {}
    for kind in BOT_PATH + CLOCK_PATH + MATCHMAKING:
        time.sleep(0.5)  # under load
        _, killed_at = stack.kill(kind)
        restarted = wait_for(lambda: stack.restarted_after(kind, killed_at), 60,
                             f"{kind} to be restarted")
        probe = probe_time(kind, prober)
        recovery[kind] = (restarted - killed_at, time.monotonic() - killed_at, probe)
    stack.kill_redis()
    killed_at = time.monotonic()
    time.sleep(1.0)
    stack.start_redis()
    wait_for(lambda: requests.get(stack.api + "/readyz", timeout=2).ok, 60,
             "the API to see Redis again")
    probe = bot_reply_time(prober)
    recovery["redis"] = (None, time.monotonic() - killed_at, probe)
    return recovery
