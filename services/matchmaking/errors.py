"""The matchmaking service's own error codes; the rest of API.md's table, and the handlers,
are shared/web/errors.py's."""
from __future__ import annotations

from shared.web.errors import ApiError


class AlreadyWaiting(ApiError):
    status, code = 409, "already_waiting"


class TicketClosed(ApiError):
    status, code = 409, "ticket_closed"


class TooManyActiveMatches(ApiError):
    """The player holds as many matches not over as the match service allows
    (ORRERY_MAX_ACTIVE_MATCHES): a ticket would form one more."""

    status, code = 409, "too_many_active_matches"
