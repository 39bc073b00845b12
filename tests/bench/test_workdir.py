"""A bench's folder (a private Redis's files, a stack's logs) goes when the bench exits."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MAKE_ONE = ("from bench.common import workdir; d = workdir('probe'); "
            "(d / 'redis.log').write_text('x'); print(d)")


def _bench(keep: bool) -> Path:
    env = {k: v for k, v in os.environ.items() if k != "ORRERY_KEEP_BENCH_DIRS"}
    env["PYTHONPATH"] = str(ROOT)
    if keep:
        env["ORRERY_KEEP_BENCH_DIRS"] = "1"
    done = subprocess.run([sys.executable, "-c", MAKE_ONE], env=env, capture_output=True,
                          text=True, check=True, cwd=ROOT)
    return Path(done.stdout.strip())


def test_the_folder_is_removed_at_exit():
    folder = _bench(keep=False)
    assert folder.name.startswith("orrery-bench-probe-")
    assert not folder.exists()


def test_kept_when_asked_for_the_logs():
    folder = _bench(keep=True)
    try:
        assert (folder / "redis.log").read_text() == "x"
    finally:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()
