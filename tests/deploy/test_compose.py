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
    services = {n: s for n, s in _compose()["services"].items() if n != "redis"}
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
