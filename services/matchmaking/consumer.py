"""The dispatcher: the bus's news for matchmaking.

Run with `python -m services.matchmaking.consumer`. From "finished-matches" it takes the
announcements of finished matches (the only ones published there); from "formed-results" it settles the
tickets of a formed group (matched, with the match id). Both are idempotent, so
at-least-once delivery is harmless; a delivery is acknowledged only once handled or handed on.

A finished match that may be rated (two or more different people, one seat each: whether
it is ranked is in its log) goes to a Celery worker (`matchmaking.apply_result`, ratings
deserve a task), written down first so that a task the broker loses is sent again
(services/matchmaking/due.py). Any other finished match only counts towards its players'
matches and conduct, so the dispatcher applies it itself: no task, and its bus entry is
acknowledged only once applied, so nothing can lose it.
"""
from __future__ import annotations

import logging
import time
from typing import Optional

from kombu.exceptions import OperationalError
from marshmallow import ValidationError

from services.matchmaking import context as context_module
from services.matchmaking.due import DueRatings
from services.matchmaking.standings import StandingsBusy
from services.matchmaking.results import result_of
from services.matchmaking.tasks import APPLY_RESULT, make_celery
from shared.infra.celery_broker import watch as watch_broker
from shared.config import Settings
from shared.eventlog import Delivery
from shared.eventlog.consumer import BusConsumer, Subscription, linger_seconds, serve
from shared.schemas.bus import FINISHED_MATCHES, MatchAnnouncementSchema
from shared.schemas.matchmaking import FORMED_RESULTS, FormedResultSchema

GROUP = "matchmaking"
log = logging.getLogger(__name__)
_ANNOUNCEMENT = MatchAnnouncementSchema()
_RESULT = FormedResultSchema()


def finished_match(message) -> Optional[dict]:
    """The announcement, loaded, when it says a match is over, else None (checked before
    the schema: most announcements are of a move, and need nothing)."""
    if not isinstance(message, dict) or message.get("status") != "finished":
        return None
    try:
        announcement = _ANNOUNCEMENT.load(message)
    except ValidationError:
        return None
    return announcement if announcement["status"] == "finished" else None


def may_be_rated(announcement: dict) -> bool:
    """Whether the finished match can change ratings: only between two or more different
    people, each in one seat (services/matchmaking/results.py, `MatchResult.rated`)."""
    players = [seat.get("player_id") for seat in announcement["seats"]
               if seat.get("player_id") is not None]
    return len(players) >= 2 and len(set(players)) == len(players)


class Dispatcher(BusConsumer):
    """Reads "formed-results" and "matches" in the matchmaking group. A broker outage, like
    a Redis one, leaves the delivery pending rather than losing a result."""

    def __init__(self, ctx, celery=None, name: Optional[str] = None,
                 linger: Optional[float] = None):
        self.ctx = ctx
        self.celery = celery or make_celery(ctx.settings)
        self.due = DueRatings(ctx.redis, ctx.keys)
        self._next_resend = 0.0
        super().__init__(ctx.bus, [Subscription(FORMED_RESULTS, GROUP, self._settle),
                                   Subscription(FINISHED_MATCHES, GROUP, self._rate,
                                                handle_batch=self._rate_all)],
                         name=name, transient=(OperationalError, StandingsBusy), linger=linger)

    def run_once(self, block_ms: Optional[int] = 1000) -> int:
        handled = super().run_once(block_ms)
        if time.monotonic() >= self._next_resend:
            self._next_resend = time.monotonic() + 1.0
            self.resend_late()
        return handled

    def resend_late(self) -> list:
        """Send again the ratings still not applied long after they were sent (due.py)."""
        late = self.due.late()
        for game, match_id in late:
            log.warning("match %s (%s) still not rated; sent again", match_id, game)
            self.celery.send_task(APPLY_RESULT, args=[match_id])
        return late

    def _settle(self, delivery: Delivery) -> None:
        try:
            result = _RESULT.load(delivery.message)
        except ValidationError as error:
            log.warning("malformed formed-result dropped: %s", error.messages)
            return
        self.ctx.pools.settle(result)

    def _rate(self, delivery: Delivery) -> None:
        self._rate_all([delivery])

    def _rate_all(self, deliveries: list) -> None:
        """Send the matches that may be rated to a worker; apply the others here, the whole
        batch at once in finishing order (read in one round trip, applied per game under
        one lock: services/matchmaking/standings.py)."""
        here = []
        for delivery in deliveries:
            announcement = finished_match(delivery.message)
            if announcement is None:
                continue
            match_id = announcement["match_id"]
            if may_be_rated(announcement):
                self.due.record(announcement["game"], match_id)
                self.celery.send_task(APPLY_RESULT, args=[match_id])
            else:
                here.append(match_id)
        if here:
            results = [result_of(events) for events in self.ctx.log.read_many(here)]
            self.ctx.standings.apply_many([r for r in results if r is not None])


# Results are not waited for by anyone's screen: after a batch, wait this long for more
# finished matches to gather (a lone one is still handled at once).
LINGER_MS = 50


def main() -> None:
    dispatcher = Dispatcher(context_module.build(Settings.from_env()),
                            linger=linger_seconds("ORRERY_MATCHMAKING_LINGER_MS", LINGER_MS))
    watch_broker(dispatcher.celery)
    serve(dispatcher, "matchmaking dispatcher")


if __name__ == "__main__":
    main()
