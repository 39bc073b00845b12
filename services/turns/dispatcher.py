"""The turns dispatcher: bus "matches" -> one `project(match_id)` task per announcement.

Read in the consumer group "turns" with the generic loop (shared/eventlog/consumer.py); a
broker outage, like a Redis one, leaves the entry pending. The task re-reads the log, so
a repeated announcement, or one handled late, projects the same truth.

    python -m services.turns.dispatcher
"""
from __future__ import annotations

from typing import Optional

from kombu.exceptions import OperationalError

from services.turns.celery_app import PROJECT_TASK, app as default_app
from services.turns.context import TurnsContext, build
from shared.eventlog import Delivery
from shared.eventlog.consumer import BusConsumer, Subscription, serve
from shared.schemas.bus import MATCHES

GROUP = "turns"


class Dispatcher(BusConsumer):
    def __init__(self, ctx: TurnsContext, celery=default_app, name: Optional[str] = None):
        self.ctx = ctx
        self.celery = celery
        super().__init__(ctx.bus, [Subscription(MATCHES, GROUP, self._project)], name=name,
                         transient=(OperationalError,))

    def _project(self, delivery: Delivery) -> None:
        match_id = delivery.message.get("match_id") if isinstance(delivery.message, dict) else None
        if isinstance(match_id, str):
            self.celery.send_task(PROJECT_TASK, args=(match_id,),
                                  queue=self.ctx.settings.queue)


def main() -> None:
    serve(Dispatcher(build(default_app.turns_settings)), "turns dispatcher")


if __name__ == "__main__":
    main()
