"""The live hub (issue 25, item 6): every stream of a process waits through one blocking
XREAD per Redis node, on one connection per node; each stream reads from its own last id,
so none loses or repeats an entry, whether it subscribed early or late, its key is new, or
the hub's connection was killed meanwhile. On one Redis and on a Redis Cluster (where the
keys spread over the masters: one reader, one connection, per master)."""
from __future__ import annotations

import threading
import time

import pytest

from services.match.api.live_hub import LiveHub

pytestmark = pytest.mark.cluster_too
NAME = "orrery-live-test-"


@pytest.fixture
def hub(redis_client, redis_url, namespace, redis_backend):
    hub = LiveHub(redis_client, redis_url, NAME + namespace, block_seconds=2.0)
    yield hub
    hub.close()


def _connections(redis_client, namespace) -> dict:
    """The hub's connections on each node that has any."""
    counts = {i: sum(1 for c in node.client_list() if c.get("name") == NAME + namespace)
              for i, node in enumerate(_nodes(redis_client))}
    return {i: n for i, n in counts.items() if n}


def _follow(redis_client, hub, key: str, want: int, got: list, seconds: float = 30) -> None:
    """As a stream does: read after its own last id, else wait through the hub."""
    cursor = "0-0"
    deadline = time.monotonic() + seconds
    with hub.subscribe(key) as followed:
        while len(got) < want and time.monotonic() < deadline:
            entries = redis_client.xrange(key, min=f"({cursor}", count=100)
            if entries:
                for entry_id, fields in entries:
                    got.append(int(fields[b"n"]))
                    cursor = entry_id.decode()
                continue
            followed.wait(cursor, 1.0)


def _writer(redis_client, keys: list, per_key: int, pause: float = 0.002) -> None:
    for n in range(per_key):
        for key in keys:
            redis_client.xadd(key, {"n": n})
        time.sleep(pause)


def _kill(redis_client, namespace) -> int:
    """CLIENT KILL the hub's connections; how many were killed."""
    killed = 0
    for node in _nodes(redis_client):
        for c in node.client_list():
            if c.get("name") == NAME + namespace:
                killed += node.client_kill_filter(_id=c["id"])
    return killed


def test_many_streams_on_many_keys_get_every_entry_once_over_one_connection_per_node(
        redis_client, hub, namespace):
    """40 streams on 20 keys (two per key, one of them subscribing late), 60 entries a key
    appended while they wait: each stream gets 0..59 in order, and the hub holds one
    connection per node that has keys, never one per stream."""
    keys = [f"{namespace}hub:{{k{i}}}" for i in range(20)]
    got = {(key, j): [] for key in keys for j in range(2)}
    threads = [threading.Thread(target=_follow, args=(redis_client, hub, key, 60, got[key, j]))
               for key in keys for j in range(2)]
    for thread in threads[::2]:
        thread.start()
    writer = threading.Thread(target=_writer, args=(redis_client, keys, 60))
    writer.start()
    time.sleep(0.05)
    for thread in threads[1::2]:  # the late ones start from 0-0 all the same
        thread.start()
    held = []
    while writer.is_alive():
        held.append(_connections(redis_client, namespace))
        time.sleep(0.05)
    for thread in threads:
        thread.join(60)
    assert all(values == list(range(60)) for values in got.values()), {
        k: v for k, v in got.items() if v != list(range(60))}
    nodes = {hub._node_of(key) for key in keys}
    assert all(counts and max(counts.values()) == 1 and len(counts) <= len(nodes)
               for counts in held), held
    assert set(hub.readers) == nodes


def test_a_stream_subscribing_to_a_new_key_is_woken_at_once(redis_client, hub, namespace):
    """A key that a running XREAD does not cover is added to it at once (the reader's XREAD
    is unblocked), not at the end of its block (2 s here)."""
    first, second = f"{namespace}hub:{{a}}", f"{namespace}hub:{{a}}:2"  # one node
    woken = threading.Event()
    with hub.subscribe(first) as a:
        waiting_a = threading.Thread(target=a.wait, args=("0-0", 5.0))
        waiting_a.start()
        time.sleep(0.3)  # the reader now blocks on `first` alone
        with hub.subscribe(second) as b:
            def wait_b():
                if b.wait("0-0", 5.0):
                    woken.set()
            waiting_b = threading.Thread(target=wait_b)
            waiting_b.start()
            time.sleep(0.1)
            started = time.monotonic()
            redis_client.xadd(second, {"n": 0})
            assert woken.wait(1.5), "not woken before the reader's block ran out"
            assert time.monotonic() - started < 1.5
        redis_client.xadd(first, {"n": 0})
        waiting_a.join(5)
        waiting_b.join(5)


def test_the_hub_reconnects_and_its_streams_lose_nothing(redis_client, hub, namespace):
    """The hub's connection killed (CLIENT KILL) twice while entries are appended: it
    reconnects, and each stream still gets every entry once."""
    keys = [f"{namespace}hub:{{r{i}}}" for i in range(4)]
    got = {key: [] for key in keys}
    threads = [threading.Thread(target=_follow, args=(redis_client, hub, key, 80, got[key]))
               for key in keys]
    for thread in threads:
        thread.start()
    writer = threading.Thread(target=_writer, args=(redis_client, keys, 80, 0.01))
    writer.start()
    killed = 0
    for _ in range(2):
        time.sleep(0.2)
        deadline = time.monotonic() + 0.5
        before = killed
        while killed == before and time.monotonic() < deadline:
            killed += _kill(redis_client, namespace)
            time.sleep(0.01)
    writer.join(30)
    for thread in threads:
        thread.join(60)
    assert killed >= 2
    assert all(values == list(range(80)) for values in got.values()), got


def _nodes(redis_client) -> list:
    """A client per master (one Redis: itself)."""
    if hasattr(redis_client, "get_primaries"):
        return [redis_client.get_redis_connection(n) for n in redis_client.get_primaries()]
    return [redis_client]
