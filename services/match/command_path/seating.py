"""Which seat a caller speaks for: from the token, optionally narrowed by `?seat=N`."""
from __future__ import annotations

from typing import Optional

from shared.games.replay import MatchState
from shared.web.errors import Forbidden, InvalidRequest, Unauthenticated


def seats_of(state: MatchState, player_id: Optional[str]) -> list:
    """The seats `player_id` holds in this match (none for a spectator)."""
    if player_id is None:
        return []
    return [i for i, seat in enumerate(state.seats) if seat.get("player_id") == player_id]


def _check_range(state: MatchState, seat: int) -> None:
    if not 0 <= seat < len(state.seats):
        raise InvalidRequest({"seat": [f"This match has seats 0 to {len(state.seats) - 1}."]})


def viewing_seat(state: MatchState, player_id: Optional[str],
                 requested: Optional[int]) -> Optional[int]:
    """The seat whose view the caller gets; None is the spectator's view."""
    if requested is None:
        held = seats_of(state, player_id)
        return held[0] if held else None
    _check_range(state, requested)
    if state.status == "finished":  # once over, every view is public
        return requested
    if player_id is None:
        raise Unauthenticated("Seeing a seat's view needs that seat's player token.")
    if requested not in seats_of(state, player_id):
        raise Forbidden(f"Seat {requested} is not yours.")
    return requested


def acting_seat(state: MatchState, player_id: Optional[str], requested: Optional[int]) -> int:
    """The seat the caller acts for: theirs, preferring one that must act now."""
    if player_id is None:
        raise Unauthenticated("Acting in a match needs a player token.")
    held = seats_of(state, player_id)
    if requested is not None:
        _check_range(state, requested)
        if requested not in held:
            raise Forbidden(f"Seat {requested} is not yours.")
        return requested
    if not held:
        raise Forbidden("You hold no seat in this match.")
    to_act = state.to_act()
    return next((seat for seat in held if seat in to_act), held[0])
