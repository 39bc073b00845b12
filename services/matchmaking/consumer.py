"""The dispatcher: the bus's news for matchmaking.

Run with `python -m services.matchmaking.consumer`. From "matches" it sends every finished
match to Celery (`matchmaking.apply_result`); from "formed-results" it settles the tickets
of a formed group (matched, with the match id). Both are idempotent, so at-least-once
delivery is harmless; a delivery is acknowledged only once handed on.
"""
from __future__ import annotations

import logging
from typing import Optional

from kombu.exceptions import OperationalError
from marshmallow import ValidationError

from services.matchmaking import context as context_module
from services.matchmaking.tasks import APPLY_RESULT, make_celery
from shared.celery_broker import watch as watch_broker
from shared.config import Settings
from shared.eventlog import Delivery
from shared.eventlog.consumer import BusConsumer, Subscription, serve
from shared.schemas.bus import MATCHES, MatchAnnouncementSchema
from shared.schemas.matchmaking import FORMED_RESULTS, FormedResultSchema

GROUP = "matchmaking"
log = logging.getLogger(__name__)
_ANNOUNCEMENT = MatchAnnouncementSchema()
_RESULT = FormedResultSchema()


def finished_match(message) -> Optional[str]:
    """The match id of an announcement that says a match is over, else None (checked
    before the schema: most announcements are of a move, and need nothing)."""
    if not isinstance(message, dict) or message.get("status") != "finished":
        return None
    try:
        announcement = _ANNOUNCEMENT.load(message)
    except ValidationError:
        return None
    return announcement["match_id"] if announcement["status"] == "finished" else None


class Dispatcher(BusConsumer):
    """Reads "formed-results" and "matches" in the matchmaking group. A broker outage, like
    a Redis one, leaves the delivery pending rather than losing a result."""

    def __init__(self, ctx, celery=None, name: Optional[str] = None):
        self.ctx = ctx
        self.celery = celery or make_celery(ctx.settings)
        super().__init__(ctx.bus, [Subscription(FORMED_RESULTS, GROUP, self._settle),
                                   Subscription(MATCHES, GROUP, self._rate)],
                         name=name, transient=(OperationalError,))

    def _settle(self, delivery: Delivery) -> None:
        try:
            result = _RESULT.load(delivery.message)
        except ValidationError as error:
            log.warning("malformed formed-result dropped: %s", error.messages)
            return
        self.ctx.pools.settle(result)

    def _rate(self, delivery: Delivery) -> None:
        match_id = finished_match(delivery.message)
        if match_id is not None:
            self.celery.send_task(APPLY_RESULT, args=[match_id])


def main() -> None:
    dispatcher = Dispatcher(context_module.build(Settings.from_env()))
    watch_broker(dispatcher.celery)
    serve(dispatcher, "matchmaking dispatcher")


if __name__ == "__main__":
    main()
