"""`make help` lists every target of the Makefile, one line each, with what it does."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _targets() -> list:
    phony = re.search(r"^\.PHONY:(.*)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    return phony.group(1).split()


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_help_lists_every_target_once_with_a_description():
    out = subprocess.run(["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    lines = [line.split(None, 2) for line in out.splitlines() if line.strip()]
    listed = [words[1] for words in lines]
    assert sorted(listed) == sorted(_targets()), out
    assert all(len(words) == 3 and words[0] == "make" for words in lines), out


def test_every_target_is_declared_phony():
    """A target left out of .PHONY would be left out of `make help` too."""
    declared = set(re.findall(r"^([a-z]+):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    assert declared == set(_targets())
