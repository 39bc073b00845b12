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


class Children:
    """`metric.labels(*values)`, remembered per values: a labelled child never changes
    once made, and prometheus_client's `labels` checks and locks on every call (a few
    per request on the command path, ~3% of its CPU in issue 15's profile). At most
    `limit` are kept (label values come from small fixed sets; a client's odd method
    name beyond that is simply asked for again)."""

    def __init__(self, metric, limit: int = 1024):
        self._metric, self._limit, self._made = metric, limit, {}

    def __call__(self, *values):
        try:
            return self._made[values]
        except KeyError:
            child = self._metric.labels(*values)
            if len(self._made) < self._limit:
                self._made[values] = child
            return child


def install(app: Flask, requests: Counter, seconds: Optional[Histogram] = None) -> None:
    """Count every request in `requests` (method, route, status) and time it in `seconds`
    (route), when given."""
    counted = Children(requests)
    timed = Children(seconds) if seconds is not None else None

    @app.before_request
    def _start_timer():
        g.metrics_started = time.perf_counter()

    @app.after_request
    def _count(response):
        rule = route()
        counted(request.method, rule, str(response.status_code)).inc()
        started = g.get("metrics_started")
        if timed is not None and started is not None:
            timed(rule).observe(time.perf_counter() - started)
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
