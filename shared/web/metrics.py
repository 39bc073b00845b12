"""Prometheus helpers for an HTTP service: count (and time) every request, expose the text.

Under gunicorn each worker is a process, so when PROMETHEUS_MULTIPROC_DIR is set the
metrics are written to files there and /metrics aggregates every worker's (the directory
must be emptied of *.db files before the server starts; deploy/gunicorn*.conf.py do it,
so each service needs a directory of its own).
"""
from __future__ import annotations

import os
import time
from typing import Optional

from flask import Flask, g, request
from prometheus_client import (CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter,
                               Histogram, generate_latest, multiprocess)


def route() -> str:
    """The request's rule, not its path: one label per route, whatever ids the paths carry."""
    return request.url_rule.rule if request.url_rule is not None else "unmatched"


def install(app: Flask, requests: Counter, seconds: Optional[Histogram] = None) -> None:
    """Count every request in `requests` (method, route, status) and time it in `seconds`
    (route), when given."""

    @app.before_request
    def _start_timer():
        g.metrics_started = time.perf_counter()

    @app.after_request
    def _count(response):
        rule = route()
        requests.labels(request.method, rule, str(response.status_code)).inc()
        started = g.get("metrics_started")
        if seconds is not None and started is not None:
            seconds.labels(rule).observe(time.perf_counter() - started)
        return response


def exposition(*extra: CollectorRegistry) -> tuple:
    """The metrics text and its content type: the process's metrics (across workers in
    multiprocess mode), then those of the `extra` registries (e.g. gauges read from Redis)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        base = CollectorRegistry()
        multiprocess.MultiProcessCollector(base)
    else:
        base = REGISTRY
    return b"".join(generate_latest(r) for r in (base, *extra)), CONTENT_TYPE_LATEST
