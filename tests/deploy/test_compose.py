"""docker-compose.yml runs Redis (AOF, noeviction) and the services from one image."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def _compose():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_redis_service_persists_and_never_evicts():
    conf = (ROOT / "deploy" / "redis.conf").read_text().split("\n")
    assert "appendonly yes" in conf
    assert "maxmemory-policy noeviction" in conf
    assert "redis" in _compose()["services"]


def test_every_orrery_service_uses_the_one_image_from_deploy():
    services = _orrery_services()
    assert "match-api" in services
    for name, service in services.items():
        assert service["build"]["dockerfile"] == "deploy/Dockerfile", name
        assert service["image"] == "orrery:latest", name
        assert service["environment"]["REDIS_URL"].startswith("redis://redis:"), name


def test_compose_config_validates_when_a_compose_tool_is_installed():
    for cmd in (["docker", "compose"], ["docker-compose"]):
        if shutil.which(cmd[0]) is None:
            continue
        if subprocess.run(cmd + ["version"], capture_output=True).returncode != 0:
            continue  # a docker client without the compose plugin
        env = {**os.environ, "ORRERY_SECRET": "a-secret-for-validating-the-file"}
        run = subprocess.run(cmd + ["-f", str(ROOT / "docker-compose.yml"), "config", "-q"],
                             capture_output=True, text=True, cwd=ROOT, env=env)
        assert run.returncode == 0, run.stderr
        return
    pytest.skip("neither `docker compose` nor `docker-compose` is installed")


def test_no_service_gets_a_default_secret():
    """Issue 14: compose defaulted ORRERY_SECRET to `change-me`, so anyone could forge any
    player's token there. Now compose refuses to run without one (`${VAR:?message}`)."""
    text = (ROOT / "docker-compose.yml").read_text()
    values = re.findall(r"ORRERY_SECRET:\s*(\S.*)", text)
    assert values and all(v.startswith("${ORRERY_SECRET:?") for v in values), values


def _orrery_services():
    return {n: s for n, s in _compose()["services"].items() if n not in ("redis", "proxy")}


def test_every_orrery_service_scales_with_docker_compose_scale():
    """Issue 17: `--scale` starts replicas only of a service that binds no host port and
    names no container; the proxy alone publishes ports."""
    for name, service in _orrery_services().items():
        assert "ports" not in service and "container_name" not in service, name
    proxy = _compose()["services"]["proxy"]
    assert sorted(proxy["ports"]) == ["8000:8000", "8001:8001"]


def test_the_proxy_spreads_requests_over_every_api_replica_and_streams_live_routes():
    conf = (ROOT / "deploy" / "proxy.conf").read_text()
    proxy = _compose()["services"]["proxy"]
    assert "./deploy/proxy.conf:/etc/nginx/conf.d/default.conf:ro" in proxy["volumes"]
    # Resolved at request time, so every replica's address is used, as replicas change.
    assert re.search(r"resolver 127\.0\.0\.11 valid=\d+s", conf)
    for service, port in (("match-api", 8000), ("matchmaking-api", 8001)):
        variable = re.search(rf"set \$(\w+) {service};", conf).group(1)
        assert f"proxy_pass http://${variable}:{port};" in conf
        assert str(port) in _orrery_services()[service]["expose"]
    assert "proxy_buffering off;" in conf  # SSE messages pass at once
    timeout = int(re.search(r"proxy_read_timeout (\d+)s;", conf).group(1))
    assert timeout > 15  # longer than the live routes' heartbeat


def test_the_proxy_caps_slow_and_greedy_clients_and_the_apis_leave_it_to_the_proxy():
    """Behind the proxy every connection has the proxy's address: the proxy caps each
    client and bounds bodies; the APIs' own per-client cap is off (shared/web/gunicorn_worker.py)."""
    conf = (ROOT / "deploy" / "proxy.conf").read_text()
    assert re.search(r"client_body_timeout \d+s;", conf)
    assert re.search(r"limit_conn per_client \d+;", conf)
    for service in ("match-api", "matchmaking-api"):
        assert _orrery_services()[service]["environment"]["ORRERY_CONNECTIONS_PER_CLIENT"] == "0"

