"""What the operator console shows, read where it lives: the match logs, the bus streams'
consumer groups, the Celery queues and the process heartbeats in Redis, and this service's
own /metrics. Nothing is kept here: every reading is taken when asked for.

A log inspector gives any match's events as stored (hidden information included: the
operator sees everything, players never reach this) and the match after a version as each
seat and a spectator see it.
"""
from __future__ import annotations

import json
import time
from typing import Optional

from prometheus_client.parser import text_string_to_metric_families

from shared.web import metrics as web_metrics

MATCHES_SCANNED = 400     # match logs looked at per reading (a SCAN; the console is no index)
KEYS_SCANNED = 2000


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _scan(redis, pattern: str, limit: int, kind: Optional[str] = None) -> list:
    found = []
    for key in redis.scan_iter(match=pattern, count=500, _type=kind):
        found.append(_text(key))
        if len(found) >= limit:
            break
    return found


def live_matches(ctx, now: float) -> list:
    """Matches still in play (status active or invited), oldest first, with their ages."""
    out = []
    prefix = f"{ctx.keys.namespace}match:{{"
    for key in _scan(ctx.redis, f"{prefix}*}}:events", MATCHES_SCANNED):
        match_id = key[len(prefix):].split("}", 1)[0]
        try:
            state = ctx.store.load(match_id)
        except Exception:   # a log that does not fold is the inspector's to show, not this list's
            continue
        if state.status not in ("active", "invited"):
            continue
        created = state.platform.created_at
        last = state.platform.last_at
        out.append({"match_id": match_id, "game": state.game, "status": state.status,
                    "version": state.version, "to_act": list(state.to_act()),
                    "age_seconds": round(now - created, 1) if created else None,
                    "idle_seconds": round(now - last, 1) if last else None})
    return sorted(out, key=lambda m: -(m["age_seconds"] or 0))


def bus_lag(ctx) -> list:
    """Per bus stream (topic partition) and consumer group: entries not yet delivered (lag)
    and delivered but not acknowledged (pending)."""
    out = []
    prefix = f"{ctx.keys.namespace}orrery:bus:"
    for key in sorted(_scan(ctx.redis, f"{prefix}*", KEYS_SCANNED, kind="stream")):
        topic, partition = (key[len(prefix):].split(":") + ["", ""])[:2]
        length = ctx.redis.xlen(key)
        groups = ctx.redis.xinfo_groups(key)
        if not groups:   # nobody reads this topic yet: all of it waits
            out.append({"topic": topic, "partition": partition, "group": None, "length": length,
                        "lag": length, "pending": 0, "consumers": 0})
        for group in groups:
            lag = group.get("lag")
            out.append({"topic": topic, "partition": partition, "group": _text(group["name"]),
                        "length": length, "lag": lag, "pending": group.get("pending", 0),
                        "consumers": group.get("consumers", 0)})
    return out


def queue_depths(ctx) -> list:
    """Celery queues (Redis lists under the namespace) and how many tasks wait in each."""
    ns = ctx.keys.namespace
    out = []
    for key in sorted(_scan(ctx.redis, f"{ns}*", KEYS_SCANNED, kind="list")):
        out.append({"queue": key[len(ns):], "depth": ctx.redis.llen(key)})
    return out


def heartbeats(ctx, now: float) -> list:
    """Every process whose heartbeat key is alive, and how long ago it last beat."""
    out = []
    for key in sorted(_scan(ctx.redis, ctx.keys.processes(), KEYS_SCANNED)):
        raw = ctx.redis.get(key)
        if raw is None:
            continue
        try:
            beat = json.loads(raw)
        except ValueError:
            continue
        name = key[len(ctx.keys.process("")):]
        out.append({"process": name, "pid": beat.get("pid"), "beats": beat.get("beats"),
                    "seconds_ago": round(now - float(beat.get("at", now)), 1)})
    return out


def from_metrics(text: str) -> dict:
    """From the Prometheus text: requests refused by the rate limit (status 429) by route,
    and the command path's answer time percentiles (from its histogram buckets)."""
    limited, buckets, count = {}, [], 0.0
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name.endswith("_http_requests_total") and sample.labels.get("status") == "429":
                route = sample.labels.get("route", "?")
                limited[route] = limited.get(route, 0) + int(sample.value)
            elif sample.name == "orrery_match_command_seconds_bucket":
                buckets.append((float(sample.labels["le"]), sample.value))
            elif sample.name == "orrery_match_command_seconds_count":
                count += sample.value
    return {"rate_limited": limited, "command_seconds": _percentiles(sorted(buckets), count)}


def _percentiles(buckets: list, count: float) -> dict:
    """p50/p95/p99 as the upper bound of the first bucket holding that share (Prometheus'
    buckets are cumulative)."""
    out = {}
    if not count:
        return out
    merged = {}
    for bound, value in buckets:
        merged[bound] = merged.get(bound, 0.0) + value
    for name, share in (("p50", .5), ("p95", .95), ("p99", .99)):
        out[name] = next((bound for bound, value in sorted(merged.items()) if value >= share * count), None)
    return out


def overview(ctx) -> dict:
    now = time.time()
    text, _ = web_metrics.exposition()
    return {"at": now, "matches": live_matches(ctx, now), "bus": bus_lag(ctx),
            "queues": queue_depths(ctx), "processes": heartbeats(ctx, now),
            **from_metrics(text.decode())}


EVENTS_PAGE = 500


def inspect(ctx, match_id: str, version: Optional[int], after: int = 0) -> dict:
    """A match's stored events after `after` (at most EVENTS_PAGE; hidden data and causes
    included) and the match after `version` (the last when None) as every seat and a
    spectator see it."""
    from services.match.queries import load_match, match_view
    state = load_match(ctx, match_id)
    at = state if version is None or version >= state.version else load_match(ctx, match_id, version)
    events = ctx.log.read(match_id, from_version=after, limit=EVENTS_PAGE)
    views = {"spectator": match_view(at, None)}
    for seat in range(len(at.seats)):
        views[f"seat {seat + 1}"] = match_view(at, seat)
    return {"match_id": match_id, "game": state.game, "status": state.status,
            "version": state.version, "at_version": at.version, "events": events, "views": views}
