"""Invitations: seating another player makes a match that waits for them.

A player who creates a match with other players' seats invites them (MatchCreated lists the
invited seats and nothing of the game is drawn yet). Each invited player answers with
`POST /v1/matches/{id}/accept` or `/decline`: the last acceptance is appended together with
the game's setup (drawn from the match's seed, exactly as creation would have drawn it), so
the match starts in one append; one refusal ends it with status "declined".

Answers are idempotent: accepting again, or declining a match already declined, appends
nothing and answers as the first time did. Deciding is pure over the folded state.
"""
from __future__ import annotations

from typing import Callable

from shared.games import platform
from shared.games.replay import MatchState
from shared.web.errors import ApiError, Forbidden


class InvitationClosed(ApiError):
    """The match no longer waits for answers (it started, or someone declined)."""

    status, code = 409, "invitation_closed"


def _seats_of(state: MatchState, player_id: str) -> list:
    seats = [i for i, seat in enumerate(state.seats) if seat.get("player_id") == player_id]
    if not seats:
        raise Forbidden("You hold no seat in this match.")
    return seats


def decide_accept(state: MatchState, player_id: str, setup: Callable[[], list]) -> list:
    """The player's seats accept; when nobody else is left to answer, the game's `setup()`
    events follow in the same append. [] when there is nothing left to accept."""
    seats = _seats_of(state, player_id)
    facts = state.platform
    if facts.declined_by is not None:
        raise InvitationClosed(f"Seat {facts.declined_by}'s player declined this match.")
    mine = sorted(set(seats) & facts.invited)
    if not mine:
        return []  # accepted before, or never invited: the answer stands
    accepted = {"type": platform.INVITATION_ACCEPTED,
                "data": {"player_id": player_id, "seats": mine}}
    return [accepted] + (setup() if facts.invited <= set(mine) else [])


def decide_decline(state: MatchState, player_id: str) -> list:
    """Any seated player may decline (the creator withdraws the invitation this way) while
    the match waits for answers. [] when it was declined already."""
    seats = _seats_of(state, player_id)
    facts = state.platform
    if facts.declined_by is not None:
        return []
    if not facts.invited:
        raise InvitationClosed("The match has started; resign instead "
                               "(POST a {\"type\": \"resign\"} command).")
    return [{"type": platform.INVITATION_DECLINED,
             "data": {"player_id": player_id, "seats": seats}}]
