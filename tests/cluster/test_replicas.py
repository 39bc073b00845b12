"""Issue 17: two replicas of every process `make run` starts (two launchers, each on ports of
its own, one Redis, one namespace, one secret) serve one set of matches: players spread
their requests over both match APIs, a live stream on one API sees the commands sent to
the other and the bots' answers, and every consumer group has a member from each side."""
from __future__ import annotations

import json
import socket
import threading
import uuid

import pytest

from shared.infra.connect import connect
from shared.infra.redis_server import _free_port
from tests.chaos.stack import Player, Stack, wait_for

pytestmark = pytest.mark.timeout(600)


@pytest.fixture
def stacks(redis_url, tmp_path):
    namespace = f"replicas-{uuid.uuid4().hex[:8]}:"
    secret = "replicas-" + uuid.uuid4().hex
    pair = []
    try:
        for side in ("a", "b"):
            (tmp_path / side).mkdir()
            stack = Stack(tmp_path / side, api_port=_free_port(), mm_port=_free_port())
            stack.env.update(REDIS_URL=redis_url, ORRERY_NAMESPACE=namespace,
                             ORRERY_SECRET=secret)
            stack.namespace = namespace
            stack.start()
            pair.append(stack)
        yield pair
    finally:
        for stack in pair:
            stack.stop()
        client = connect(redis_url)
        keys = list(client.scan_iter(match=f"{namespace}*", count=1000))
        if keys:
            client.delete(*keys)
        client.close()


def _follow(player: Player, base: str, match_id: str, seen: list, done: threading.Event):
    """Read the match's live stream on `base` until the match ends."""
    with player.http.get(f"{base}/v1/matches/{match_id}/live?from=0", stream=True,
                         timeout=30) as answer:
        for line in answer.iter_lines(decode_unicode=True):
            if line.startswith("data:"):
                seen.append(json.loads(line[5:]))
                if seen[-1]["type"] in ("MatchEnded", "MatchFinished") or done.is_set():
                    return


def _play_across(player: Player, apis: list, match_id: str) -> list:
    """Play the match to its end, each command to the next API in turn; the commands'
    versions sent to each API."""
    sent = {api: [] for api in apis}
    turn = 0
    while True:
        match = player.call("get", f"/v1/matches/{match_id}").json()
        if match["status"] != "active":
            return sent
        if 0 not in match["to_act"]:
            continue
        api = apis[turn % len(apis)]
        legal = player.call("get", f"/v1/matches/{match_id}/legal", base=api).json()
        answer = player.call("post", f"/v1/matches/{match_id}/commands", base=api, json={
            "command": legal["commands"][0], "command_id": uuid.uuid4().hex,
            "expected_version": match["version"]})
        assert answer.status_code == 200, answer.text
        sent[api].append(answer.json()["version"])
        turn += 1


def test_two_replicas_of_every_service_serve_one_set_of_matches(stacks, redis_url):
    """Long (half a minute and more on busy cores): its setup starts make run's whole stack
    twice, one after the other, and each waits until it is ready."""
    a, b = stacks
    apis = [a.api, b.api]
    player = Player(a, "ana")  # registered on one API, her token good on both
    for _ in range(2):
        match_id = player.new_match()
        seen, done = [], threading.Event()
        reader = threading.Thread(target=_follow, args=(player, b.api, match_id, seen, done),
                                  daemon=True)
        reader.start()
        sent = _play_across(player, apis, match_id)
        assert sent[a.api] and sent[b.api]
        final = player.call("get", f"/v1/matches/{match_id}", base=b.api).json()
        assert final["status"] == "finished"
        wait_for(lambda: seen and seen[-1]["v"] == final["version"], 30,
                 "the live stream on the other API to reach the end")
        done.set()
        versions = [event["v"] for event in seen]
        assert versions == list(range(1, final["version"] + 1))  # every event, once, in order
        assert set(sent[a.api]) <= set(versions)  # commands sent to A, seen live on B
    client = connect(redis_url)
    groups = {}
    for key in client.scan_iter(match=f"{a.namespace}orrery:bus:*", count=1000):
        for group in client.xinfo_groups(key):
            members = {c["name"] for c in client.xinfo_consumers(key, group["name"])}
            groups.setdefault((key.decode().split(":")[-3], group["name"].decode()),
                              set()).update(members)
    client.close()
    # Which side's process took which entries is up to Redis (whichever consumer of a
    # group asks first); with a few dozen announcements both sides take part.
    # A process's consumer name is its kind and its launcher's (ORRERY_INSTANCE_NAME,
    # services/launcher.py), so each side's members end with their launcher's.
    sides = [f"@{socket.gethostname()}-{stack.launcher.pid}".encode() for stack in (a, b)]

    def of(side, members):
        return {member for member in members if member.endswith(side)}
    print("\nconsumer group members by side:", {
        f"{topic}/{group}": [len(of(side, members)) for side in sides]
        for (topic, group), members in groups.items()})
    announcements = set().union(*(m for (topic, _), m in groups.items() if topic == "matches"))
    assert all(of(side, announcements) for side in sides), groups
