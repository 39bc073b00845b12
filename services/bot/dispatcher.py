"""The bot dispatcher: bus "bot-matches" (the announcements of matches a bot plays in) ->
one Celery task per bot seat that must act, bus "rejections" -> another attempt at a
bot turn whose command was refused (refusals.py), and bus "analysis-requests" -> the
post-game analysis task of a finished match (analysis.py). Matches without a bot never reach
it but for their analysis.

It reads the topic through the consumer group "bot-dispatcher" (so several dispatchers share
the work, and entries a dead dispatcher left unacknowledged are claimed by another after
`claim_idle_ms`), enqueues each bot turn under a deterministic task id, and acknowledges the
entry only after enqueuing. A crash between the two enqueues the turn twice; the task is
idempotent, so the bot still moves once.

    python -m services.bot.dispatcher
"""
from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time

from services.bot.celery_app import ANALYSE_TASK, MOVE_TASK, app as default_app
from services.bot.context import BotContext, build
from services.bot.due import DueTurns
from services.bot.refusals import next_attempt
from shared.infra.celery_broker import watch as watch_broker
from shared.eventlog.consumer import BATCH, consumer_name, linger_seconds
from shared.infra.heartbeat import Heartbeat
from shared.schemas.bus import ANALYSIS_REQUESTS, BOT_MATCHES, REJECTIONS

GROUP = "bot-dispatcher"
log = logging.getLogger("orrery.bot.dispatcher")


def task_id(match_id: str, version: int, seat: int, attempt: int = 0) -> str:
    """The one task id for a bot's turn (and attempt): the same however often it is
    announced."""
    return f"bot:{match_id}:{version}:{seat}" + (f":{attempt}" if attempt else "")


def bot_turns(message: dict) -> list:
    """The bot seats an announcement says must act now (none once the match is over)."""
    if message.get("status") != "active":
        return []
    seats = message.get("seats") or []
    return [seat for seat in message.get("to_act") or []
            if 0 <= seat < len(seats) and (seats[seat] or {}).get("bot")]


class Dispatcher:
    def __init__(self, ctx: BotContext, celery=default_app, consumer: str | None = None):
        self.ctx = ctx
        self.celery = celery
        self.consumer = consumer or consumer_name()
        ctx.bus.ensure_group(BOT_MATCHES, GROUP)
        ctx.bus.ensure_group(REJECTIONS, GROUP)
        ctx.bus.ensure_group(ANALYSIS_REQUESTS, GROUP)
        self.due = DueTurns(ctx.redis, ctx.keys.namespace)
        self._next_resend = 0.0

    def handle(self, message: dict) -> list:
        """Enqueue the bot turns of one announcement; return the task ids enqueued."""
        seats = bot_turns(message)
        match_id, version = message.get("match_id"), message.get("version")
        if isinstance(match_id, str) and isinstance(version, int):
            self.due.record(match_id, version, seats)
        if not seats:
            return []
        if self.ctx.log.version(match_id) > version:
            return []  # already moved on: a later announcement brings the turn that is due
        return self._send(match_id, version, seats)

    def _send(self, match_id: str, version: int, seats: list) -> list:
        ids = []
        for seat in seats:
            tid = task_id(match_id, version, seat)
            self.celery.send_task(MOVE_TASK, args=(match_id, seat, version), task_id=tid,
                                  queue=self.ctx.settings.queue)
            ids.append(tid)
        return ids

    def resend_late(self) -> list:
        """Send again the bot turns still due long after they were sent (due.py)."""
        ids = []
        for match_id, version, seats in self.due.late():
            current = self.ctx.log.version(match_id)
            if current != version:
                # Moved on: the announcement of that clears the record, unless no bot
                # plays the match any more (then none comes): clear what is older.
                self.due.record(match_id, current - 1, [])
                continue
            log.warning("bot turn of match %s at version %s still due; sent again",
                        match_id, version)
            ids += self._send(match_id, version, seats)
        return ids

    def retry(self, rejection: dict) -> list:
        """Enqueue the next attempt at a bot turn whose command was refused; return the
        task ids enqueued (none when no attempt is due)."""
        attempt = next_attempt(rejection)
        if attempt is None:
            return []
        match_id, seat, version, number = attempt
        tid = task_id(match_id, version, seat, number)
        self.celery.send_task(MOVE_TASK, args=(match_id, seat, version, number), task_id=tid,
                              queue=self.ctx.settings.queue)
        return [tid]

    def analyse(self, request: dict) -> list:
        """Enqueue the analysis of the finished match a request names (one task id per
        match: the task keeps what is stored, so a repeated request costs nothing)."""
        match_id = request.get("match_id")
        if not isinstance(match_id, str):
            return []
        tid = f"analysis:{match_id}"
        self.celery.send_task(ANALYSE_TASK, args=(match_id,), task_id=tid,
                              queue=self.ctx.settings.queue)
        return [tid]

    def poll(self, block_ms: int = 1000) -> int:
        """Handle one batch from the bus (claimed or new): refusals and analysis requests
        first, without waiting, then announcements; return how many entries."""
        handled = 0
        for topic, handle, wait in ((REJECTIONS, self.retry, None),
                                    (ANALYSIS_REQUESTS, self.analyse, None),
                                    (BOT_MATCHES, self.handle, block_ms)):
            deliveries = self.ctx.bus.consume(topic, GROUP, self.consumer, count=BATCH,
                                              block_ms=None if handled else wait,
                                              claim_idle_ms=self.ctx.settings.claim_idle_ms)
            done = []
            try:
                for delivery in deliveries:
                    for tid in handle(delivery.message):
                        log.info("enqueued %s%s", tid, " (claimed)" if delivery.claimed else "")
                    done.append(delivery)
            finally:
                self.ctx.bus.ack_all(done, GROUP)  # one round trip for the batch
            handled += len(deliveries)
        if time.monotonic() >= self._next_resend:
            self._next_resend = time.monotonic() + 1.0
            self.resend_late()
        return handled

    def run(self, stop: threading.Event) -> None:
        """Poll until `stop` is set; after a batch that was not full, linger a little so
        the announcements of the next appends arrive together (shared/eventlog/consumer.py)."""
        linger = linger_seconds()
        heartbeat = Heartbeat(self.ctx.redis, self.ctx.keys.process(self.consumer))
        while not stop.is_set():
            try:
                if 0 < self.poll() < BATCH and linger:
                    stop.wait(linger)
            except Exception:  # Redis hiccup: log, wait, go on; unacked entries stay pending
                log.exception("dispatcher poll failed")
                stop.wait(1.0)
            heartbeat.beat()  # after every pass, an outage's too (shared/infra/heartbeat.py)


def main() -> int:
    logging.basicConfig(level=os.environ.get("ORRERY_LOG_LEVEL", "INFO"),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    dispatcher = Dispatcher(build(default_app.bot_settings))
    watch_broker(default_app)
    log.info("bot dispatcher %s reading %s", dispatcher.consumer, BOT_MATCHES)
    dispatcher.run(stop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
