"""The `orrery` CLI run in-process on the test's Redis and namespace."""
from __future__ import annotations

import pytest

from services.cli import main


@pytest.fixture
def orrery(redis_url, namespace, monkeypatch, capsys):
    """Run the CLI: (exit code, stdout, stderr)."""
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("ORRERY_NAMESPACE", namespace)

    def run(*argv):
        capsys.readouterr()
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err
    return run


def keys_of(redis_client, namespace):
    return sorted(redis_client.scan_iter(match=f"{namespace}*"))
