"""A private Redis Cluster on loopback, started from the machine's `redis-server`.

Tests and benchmarks use it to run Orrery on the engine it scales out on: three masters,
a replica each, in a temporary directory, stopped (and the directory removed) afterwards.
A short node timeout makes a replica take over a killed master within a few seconds.
"""
from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from shared.infra.redis_server import redis_server_binary

NODE_TIMEOUT_MS = 1000  # a master silent this long is failed over to its replica


@dataclass
class ClusterNode:
    port: int
    process: subprocess.Popen

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """Stop the node at once, as a crash would (SIGKILL: nothing flushed, no goodbye)."""
        if self.alive():
            self.process.kill()
            self.process.wait(timeout=10)


@dataclass
class RedisCluster:
    """A running cluster: its nodes (masters first as created) and its temporary home."""

    directory: Path
    nodes: list = field(default_factory=list)

    @property
    def url(self) -> str:
        """A URL naming one node: every Orrery service given it finds the whole cluster."""
        return f"redis://{self.nodes[0].address}/0"

    def restart(self, node: ClusterNode) -> None:
        """Start a stopped node again from its own directory (its nodes.conf): it rejoins
        the cluster, as the replica of whichever node took over its slots."""
        index = self.nodes.index(node)
        self.nodes[index] = _start_node(self.directory, node.port, fresh=False)
        _wait(lambda: "PONG" in _cli(node.port, "ping", timeout=2), f"{node.address} back", 10)

    def node(self, port: int) -> Optional[ClusterNode]:
        return next((n for n in self.nodes if n.port == port), None)

    def stop(self) -> None:
        for node in self.nodes:
            if node.alive():
                node.process.terminate()
        for node in self.nodes:
            try:
                node.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                node.process.kill()
        shutil.rmtree(self.directory, ignore_errors=True)


def _port_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _free_ports(count: int) -> list:
    """Ports free for a node and for its cluster bus (port + 10000)."""
    ports = []
    while len(ports) < count:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port < 55000 and port not in ports and _port_free(port + 10000):
            ports.append(port)
    return ports


def _cli(port: int, *args: str, timeout: float = 30) -> str:
    return subprocess.run(["redis-cli", "-p", str(port), *args], capture_output=True,
                          text=True, timeout=timeout, check=True).stdout


def _start_node(directory: Path, port: int, fresh: bool = True) -> ClusterNode:
    home = directory / str(port)
    home.mkdir(exist_ok=not fresh)
    process = subprocess.Popen(
        [redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1",
         "--dir", str(home), "--cluster-enabled", "yes",
         "--cluster-config-file", "nodes.conf",
         "--cluster-node-timeout", str(NODE_TIMEOUT_MS),
         # A replica always may take over, however long it has been out of touch.
         "--cluster-replica-validity-factor", "0",
         "--appendonly", "no", "--save", "", "--maxmemory-policy", "noeviction",
         "--daemonize", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return ClusterNode(port, process)


def _wait(check, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            if check():
                return
        except (subprocess.SubprocessError, OSError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"Redis Cluster: {what} not within {seconds} s")
        time.sleep(0.1)


def _answering(directory: Path, node: ClusterNode, attempts: int = 5) -> ClusterNode:
    """`node` once it answers, or a node started again on another free port when it exited:
    a port found free can be taken by another process (parallel tests start servers too)
    before redis-server binds it."""
    for _ in range(attempts):
        deadline = time.monotonic() + 10
        while node.alive() and time.monotonic() < deadline:
            try:
                if "PONG" in _cli(node.port, "ping", timeout=2):
                    return node
            except (subprocess.SubprocessError, OSError):
                pass
            time.sleep(0.1)
        if node.alive():
            node.kill()  # running but silent: not a lost port
            break
        [port] = _free_ports(1)
        node = _start_node(directory, port)
    raise RuntimeError(f"Redis Cluster: node {node.address} answering not within 10 s")


def cluster_ok(port: int) -> bool:
    """Whether the node on `port` sees every slot served (cluster_state:ok)."""
    return "cluster_state:ok" in _cli(port, "cluster", "info", timeout=5)


def start_cluster(masters: int = 3, replicas: int = 1) -> RedisCluster:
    """Start `masters` masters with `replicas` replicas each and wait until it serves."""
    if shutil.which("redis-cli") is None:
        raise RuntimeError("redis-cli is needed to form a Redis Cluster")
    cluster = RedisCluster(Path(tempfile.mkdtemp(prefix="orrery-redis-cluster-")))
    try:
        for port in _free_ports(masters * (1 + replicas)):
            cluster.nodes.append(_start_node(cluster.directory, port))
        for index in range(len(cluster.nodes)):
            cluster.nodes[index] = _answering(cluster.directory, cluster.nodes[index])
        _cli(cluster.nodes[0].port, "--cluster", "create",
             *[n.address for n in cluster.nodes], "--cluster-replicas", str(replicas),
             "--cluster-yes", timeout=60)
        for node in cluster.nodes:
            _wait(lambda n=node: cluster_ok(n.port), f"{node.address} serving every slot")
        _wait(lambda: _replicas_in_sync(cluster, masters * replicas), "replicas in sync")
    except BaseException:
        cluster.stop()
        raise
    return cluster


def _replicas_in_sync(cluster: RedisCluster, expected: int) -> bool:
    synced = 0
    for node in cluster.nodes:
        info = _cli(node.port, "info", "replication", timeout=5)
        if "role:slave" in info and "master_link_status:up" in info:
            synced += 1
    return synced == expected
