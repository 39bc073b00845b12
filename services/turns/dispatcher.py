"""The turns dispatcher: bus "matches" -> the "your turn" projection, kept in this process.

Read in the consumer group "turns" with the generic loop (shared/eventlog/consumer.py), a
batch at a time: the projection is written from the announcements themselves (they carry
who must act, each seat's deadline and the version its turn began), in two pipelined round
trips per batch (services/turns/projection.py), with no Celery task and no log read. An
announcement that changes no one's turn costs its share of those round trips; only a
player's webhooks make tasks (a signed POST may wait and be retried). A repeated or late
announcement projects nothing older than what was projected, and notifies nobody twice.
A broker outage, like a Redis one, leaves the batch pending.

    python -m services.turns.dispatcher
"""
from __future__ import annotations

import logging
from typing import Optional

from kombu.exceptions import OperationalError

from services.turns.celery_app import WEBHOOK_TASK, app as default_app
from services.turns.context import TurnsContext, build
from services.turns.projection import project
from shared.infra.celery_broker import watch as watch_broker
from shared.eventlog import Delivery
from shared.eventlog.consumer import BusConsumer, Subscription, linger_seconds, serve
from shared.schemas.bus import MATCHES

GROUP = "turns"
log = logging.getLogger(__name__)


class Dispatcher(BusConsumer):
    def __init__(self, ctx: TurnsContext, celery=default_app, name: Optional[str] = None,
                 linger: Optional[float] = None):
        self.ctx = ctx
        self.celery = celery
        super().__init__(ctx.bus, [Subscription(MATCHES, GROUP, self._project_one,
                                                handle_batch=self._project)],
                         name=name, transient=(OperationalError,), linger=linger)

    def _project(self, deliveries: list) -> None:
        announced = [d.message for d in deliveries]
        for webhook in project(self.ctx.redis, self.ctx.keys, announced):
            self.celery.send_task(WEBHOOK_TASK, args=(webhook.player_id, webhook.webhook_id,
                                                      webhook.body),
                                  queue=self.ctx.settings.queue)

    def _project_one(self, delivery: Delivery) -> None:
        self._project([delivery])


# "Your turn" is news for a person, not a program: after a batch the dispatcher waits this
# long for the next appends to gather (a lone announcement is still projected at once), so
# under load it projects several moves per round trip (issue 15: its CPU per move).
LINGER_MS = 40


def main() -> None:
    watch_broker(default_app)
    serve(Dispatcher(build(default_app.turns_settings),
                     linger=linger_seconds("ORRERY_TURNS_LINGER_MS", LINGER_MS)),
          "turns dispatcher")


if __name__ == "__main__":
    main()
