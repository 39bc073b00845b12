"""How far the randomised tests go: in full for `make test` (CI, and a plain `pytest`), a
tenth of each time budget for `make check`.

The contract tests play seeded random matches of every game for as long as a budget per
test allows (tests/contract/playouts.seeds; the secrecy check's versions beyond the ones
every run checks), so a slow game never makes the suite unbounded and a fast one gets
hundreds of matches. `make check` is the loop run after every change: it sets
ORRERY_TEST_DEPTH=quick, where every test still runs, on the same first seeds and at least
the counts it always checks, but each budget is a tenth, so the slow games stop after their
first matches. `make test` leaves the variable unset: the full budgets run before every
merge, and nothing is checked less there.

Budgets are counted in the CPU time of the test's own process (`clock`), not on the wall:
`make test` runs several workers per core, and the machine may be busy with other work, so
a wall-clock budget would buy less checking the busier the machine; a CPU budget buys the
same checking however busy it is, and on an idle core lasts as long as on the wall.
"""
from __future__ import annotations

import os
import time

DEPTHS = {"full": 1.0, "quick": 0.1}  # the share of each time budget a run spends

_depth = os.environ.get("ORRERY_TEST_DEPTH", "full")
if _depth not in DEPTHS:
    raise ValueError(f"ORRERY_TEST_DEPTH={_depth!r}: expected one of {sorted(DEPTHS)}")
SHARE = DEPTHS[_depth]


def budget(seconds: float) -> float:
    """The part of a test's time budget this run spends (all of it unless quick)."""
    return seconds * SHARE


def clock() -> float:
    """What budgets are counted on: this process's CPU time, in seconds."""
    return time.process_time()
