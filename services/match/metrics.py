"""Prometheus metrics of the match service (shared/web/metrics.py counts requests and
exposes them)."""
from __future__ import annotations

from prometheus_client import Counter, Histogram

from shared.web.metrics import Children

REQUESTS = Counter("orrery_match_http_requests_total", "HTTP requests answered.",
                   ["method", "route", "status"])
REQUEST_SECONDS = Histogram("orrery_match_http_request_seconds", "Time to answer a request.",
                            ["route"])
COMMAND_SECONDS = Histogram("orrery_match_command_seconds",
                            "Time to decide, append and announce one command.",
                            buckets=(.002, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5))
APPENDS = Counter("orrery_match_appends_total", "Appends to match logs.", ["kind"])
CONFLICTS = Counter("orrery_match_version_conflicts_total",
                    "Appends refused because the log had moved.", ["retried"])
DUPLICATES = Counter("orrery_match_duplicate_commands_total",
                     "Commands whose id had been seen; the first answer was returned.")
COMMANDS = Counter("orrery_match_commands_total", "Commands handled, by outcome.",
                   ["source", "outcome"])
# The labelled children the command path counts in, remembered (shared/web/metrics.py).
COMMANDS_BY, APPENDS_BY = Children(COMMANDS), Children(APPENDS)
CONFLICTS_BY = Children(CONFLICTS)
