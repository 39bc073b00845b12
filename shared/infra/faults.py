"""Pause points for crash tests: a process started with ORRERY_PAUSE_AT=<point> stops for
good when it reaches that point, after writing ORRERY_PAUSE_FILE, so that a test can kill
it (-9) exactly there and check what a crash at that moment loses or repeats. Unset (as in
production) a pause point costs one environment lookup."""
from __future__ import annotations

import os
import time


def pause_point(name: str) -> None:
    if os.environ.get("ORRERY_PAUSE_AT") != name:
        return
    marker = os.environ.get("ORRERY_PAUSE_FILE")
    if marker:
        with open(marker, "w", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()} {name}\n")
    while True:  # until killed: this is where the test's crash happens
        time.sleep(3600)
