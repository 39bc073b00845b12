"""Prometheus metrics of the match service.

Under gunicorn each worker is a process, so when PROMETHEUS_MULTIPROC_DIR is set the
metrics are written to files there and /metrics aggregates every worker's (the directory
must be emptied before the server starts; deploy/gunicorn.conf.py does it).
"""
from __future__ import annotations

import os
import time

from flask import Flask, g, request
from prometheus_client import (CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram,
                               generate_latest, multiprocess)

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


def _route() -> str:
    # The rule, not the path: one label per route, whatever ids the paths carry.
    return request.url_rule.rule if request.url_rule is not None else "unmatched"


def install(app: Flask) -> None:
    """Count and time every request."""

    @app.before_request
    def _start_timer():
        g.metrics_started = time.perf_counter()

    @app.after_request
    def _count(response):
        route = _route()
        REQUESTS.labels(request.method, route, str(response.status_code)).inc()
        started = g.get("metrics_started")
        if started is not None:
            REQUEST_SECONDS.labels(route).observe(time.perf_counter() - started)
        return response


def exposition() -> tuple:
    """The metrics text and its content type, across workers in multiprocess mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    from prometheus_client import REGISTRY
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
