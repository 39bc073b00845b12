"""Prometheus metrics: HTTP counters, and per pool the waiting tickets and wait times.

Pool figures are read from Redis at scrape time, so every API worker reports the same
numbers whichever process paired the tickets.
"""
from __future__ import annotations

import json
import time

from prometheus_client import CollectorRegistry, Counter
from prometheus_client.core import GaugeMetricFamily

from shared.web import metrics as web_metrics

QUANTILES = (0.5, 0.9, 0.99)
REQUESTS = Counter("orrery_matchmaking_http_requests_total", "HTTP requests answered.",
                   ["method", "route", "status"])


def percentile(values: list, q: float) -> float:
    """The nearest-rank q-quantile of `values` (0 when empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered) + 0.5)) - 1))]


class PoolCollector:
    """Per pool: how many tickets wait, how long they have waited, how long matches took."""

    def __init__(self, ctx):
        self.ctx = ctx

    def collect(self):
        waiting = GaugeMetricFamily("orrery_matchmaking_waiting_tickets",
                                    "Tickets waiting in the pool.", labels=["pool"])
        ages = GaugeMetricFamily("orrery_matchmaking_waiting_seconds",
                                 "How long the pool's waiting tickets have waited.",
                                 labels=["pool", "quantile"])
        waits = GaugeMetricFamily("orrery_matchmaking_time_to_match_seconds",
                                  "Ticket to match, over the pool's last 1000 matched tickets.",
                                  labels=["pool", "quantile"])
        now = time.time()
        for pool in self.ctx.pools.pools():
            entries = self.ctx.redis.hvals(self.ctx.keys.waiting(pool))
            waited = [now - json.loads(e)[3] for e in entries]
            recent = self.ctx.pools.recent_waits(pool)
            waiting.add_metric([pool], len(entries))
            for q in QUANTILES:
                ages.add_metric([pool, str(q)], percentile(waited, q))
                waits.add_metric([pool, str(q)], percentile(recent, q))
        yield from (waiting, ages, waits)


def exposition(ctx) -> tuple:
    """The metrics text: process counters (across gunicorn workers) and pool gauges."""
    pools = CollectorRegistry(auto_describe=False)
    pools.register(PoolCollector(ctx))
    return web_metrics.exposition(pools)
