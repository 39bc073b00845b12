"""Platform facts of a match, folded beside the game's own: who controls each seat, which
seats resigned or forfeited, an abort, vacations, and every seat's clock.

The platform events are the match service's (the game engines never see them):

    MatchCreated     {match_id, game, seats, options, clock, setup?, invited?}   the first
                     event; `invited` lists the seats whose player must accept first
    InvitationAccepted {player_id, seats}            an invited player accepted; the last
                                                     acceptance is followed by the setup
    InvitationDeclined {player_id, seats}            a seated player declined: no match
    TurnTimedOut     {seat, version, policy, deadline}   the seat's time ran out at `version`
    SeatTakenOver    {seat, bot, level, reason}          a bot plays the seat for its player
    SeatReclaimed    {seat}                              the player plays their seat again
    SeatResigned     {seat}                              the seat gave up; it ranks last
    SeatForfeited    {seat}                              lost on time; it ranks last
    MatchAborted     {seat}                              stopped before the first move
    MatchAbandoned   {seat, reason}                      no person left in play: `seat`, the
                                                     last person's, left (`reason`: resignation
                                                     or forfeit) and only bots remain; it ends
                                                     the match (see `outcome`)
    VacationStarted  {player_id, seats, until}           their clocks stop
    VacationEnded    {player_id, seats}                  their clocks run again

Pure: no I/O, no wall clock. Times are the events' logged `at` (see shared/games/clock.py),
so folding the log again gives the same platform state, clocks included.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from shared.games.kit.frozen import replace  # without __init__: run per folded event
from shared.games import bot_levels
from shared.games import clock as clocks
from shared.games.clock import ClockRules

MATCH_CREATED = "MatchCreated"
TURN_TIMED_OUT = "TurnTimedOut"
SEAT_TAKEN_OVER = "SeatTakenOver"
SEAT_RECLAIMED = "SeatReclaimed"
SEAT_RESIGNED = "SeatResigned"
SEAT_FORFEITED = "SeatForfeited"
MATCH_ABORTED = "MatchAborted"
MATCH_ABANDONED = "MatchAbandoned"
VACATION_STARTED = "VacationStarted"
VACATION_ENDED = "VacationEnded"
INVITATION_ACCEPTED = "InvitationAccepted"
INVITATION_DECLINED = "InvitationDeclined"
EVENTS = frozenset({MATCH_CREATED, TURN_TIMED_OUT, SEAT_TAKEN_OVER, SEAT_RECLAIMED,
                    SEAT_RESIGNED, SEAT_FORFEITED, MATCH_ABORTED, MATCH_ABANDONED, VACATION_STARTED,
                    VACATION_ENDED, INVITATION_ACCEPTED, INVITATION_DECLINED})

# Who plays a seat that left a match the others play on (resigned or forfeited with two or
# more seats still in play): the game goes on, and this bot only keeps it moving.
AUTOPILOT = {"bot": "random", "level": 1}
# Who plays for a player who timed out under the `bot` policy: this bot, at the level of
# shared/bot_levels.py nearest the player's rating (`stand_in`).
STAND_IN_BOT = bot_levels.SEARCHING_BOT


@dataclass(frozen=True)
class PlatformState:
    seated: tuple                    # MatchCreated's seats: {player_id, name} | {bot, level}
    rules: Optional[ClockRules]
    controllers: tuple               # per seat: None (as seated) | {bot, level} standing in
    out: tuple                       # per seat: None | "resignation" | "forfeit"
    timeouts: tuple                  # per seat: how many turns it timed out
    bot_played: frozenset = frozenset()  # seats a stand-in bot played after a timeout
    aborted_by: Optional[int] = None
    setup_events: Optional[int] = None   # game events that set the match up (None: unknown)
    created_at: Optional[float] = None
    moved: bool = False              # a game event followed the setup
    acting: tuple = ()               # who had to act after the last event
    since: tuple = ()                # per seat: the version its current turn began, or None
    clocks: Optional[tuple] = None   # per seat SeatClock, when the match has a clock
    vacations: tuple = ()            # per seat: until when its player is away, or None
    last_at: Optional[float] = None
    invited: frozenset = frozenset()  # seats whose player has not accepted yet
    declined_by: Optional[int] = None  # the seat whose player declined the invitation
    game_events: int = 0             # game events folded so far (the setup's included)
    ratings: tuple = ()              # per seat: the player's rating (mu) when matchmaking
                                     # formed the match, or None (unknown, or a bot)
    ranked: bool = False             # matchmaking formed it in ranked mode
    abandoned: bool = False          # MatchAbandoned: no person was left in play


def is_platform(event_type: str) -> bool:
    return event_type in EVENTS


def created(data: dict, at: Optional[str]) -> PlatformState:
    """The platform state MatchCreated starts."""
    seats = tuple(data["seats"])
    n = len(seats)
    rules = ClockRules.of(data.get("clock"))
    when = clocks.timestamp(at)
    return PlatformState(
        seated=seats, rules=rules, controllers=(None,) * n, out=(None,) * n,
        timeouts=(0,) * n, setup_events=data.get("setup"), created_at=when,
        since=(None,) * n, vacations=(None,) * n, last_at=when,
        invited=frozenset(data.get("invited") or ()), ratings=_ratings(data, n),
        ranked=(data.get("matchmaking") or {}).get("mode") == "ranked",
        clocks=None if rules is None else tuple(clocks.new_clock(rules) for _ in seats))


def _ratings(data: dict, seats: int) -> tuple:
    """Each seat's rating as matchmaking recorded it in MatchCreated (None where unknown)."""
    given = (data.get("matchmaking") or {}).get("ratings") or ()
    ratings = [r if isinstance(r, (int, float)) and not isinstance(r, bool) else None
               for r in list(given)[:seats]]
    return tuple(ratings + [None] * (seats - len(ratings)))


def stand_in(state: PlatformState, seat: int, game: Optional[str] = None) -> dict:
    """The bot that plays for `seat`'s player after a timeout: near the player's rating (in
    `game`'s ratings of the levels) when matchmaking recorded it, else at the level a new
    player gets."""
    rating = state.ratings[seat] if seat < len(state.ratings) else None
    return {"bot": STAND_IN_BOT, "level": bot_levels.level_near(rating, game)}


def _at(state: PlatformState, event: dict) -> float:
    """The event's logged time (events folded in memory carry none: the last known time)."""
    when = clocks.timestamp(event.get("at"))
    if when is None:
        return state.last_at or 0.0
    return when


def _set(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _clock(state: PlatformState, seat: int, change) -> PlatformState:
    if state.clocks is None:
        return state
    return replace(state, clocks=_set(state.clocks, seat, change(state.clocks[seat])))


# ---- queries ------------------------------------------------------------------------------

def in_play(state: PlatformState) -> tuple:
    """Seats that have neither resigned nor forfeited."""
    return tuple(i for i, reason in enumerate(state.out) if reason is None)


def ended(state: PlatformState) -> bool:
    """The platform ended the match: declined, aborted, abandoned by every person, or too
    few seats left in play."""
    if state.aborted_by is not None or state.declined_by is not None or state.abandoned:
        return True
    left = state.out.count(None)  # len(in_play(state)), asked several times a command
    return left == 0 or (left == 1 and len(state.seated) > 1)


def is_human(state: PlatformState, seat: int) -> bool:
    return "player_id" in state.seated[seat]


def no_person_left(state: PlatformState, leaving: int) -> bool:
    """Whether `leaving`'s departure leaves only bots in play in a match that would
    otherwise go on: a person sat at it and every seated person is out once `leaving` is.
    (A seat a bot stands in for after a timeout is still its person's: they may reclaim
    it.) Bots would only play each other, for nobody, holding a match's resources."""
    people = [seat for seat in range(len(state.seated)) if is_human(state, seat)]
    if not people or any(state.out[seat] is None for seat in people if seat != leaving):
        return False
    still_playing = [seat for seat in in_play(state) if seat != leaving]
    return len(still_playing) >= 2  # with one seat left the match ends as it always did


def controller(state: PlatformState, seat: int) -> dict:
    """Who plays the seat now: its player, its seated bot, or a bot standing in."""
    standing_in = state.controllers[seat]
    return dict(standing_in) if standing_in is not None else dict(state.seated[seat])


def taken_over(state: PlatformState, seat: int) -> bool:
    return is_human(state, seat) and state.controllers[seat] is not None


def deadline(state: PlatformState, seat: int) -> Optional[float]:
    """When the seat's time runs out; None unless its player must act on a running clock."""
    if state.clocks is None or not is_human(state, seat) or taken_over(state, seat):
        return None
    if state.out[seat] is not None or seat not in state.acting:
        return None
    return state.clocks[seat].deadline(state.rules)


def deadlines(state: PlatformState) -> tuple:
    return tuple(deadline(state, seat) for seat in range(len(state.seated)))


def status(state: PlatformState, engine_outcome: Optional[dict]) -> str:
    if state.declined_by is not None:
        return "declined"
    if state.invited:
        return "invited"
    if state.aborted_by is not None:
        return "aborted"
    if ended(state) or engine_outcome is not None:
        return "finished"
    return "active"


def outcome(state: PlatformState, engine_outcome: Optional[dict]) -> Optional[dict]:
    """The result: the engine's, or one decided by resignation, forfeit or abort. Seats out
    of play rank last; `decided_by` and `bot_played` let ratings treat it fairly."""
    if state.declined_by is not None or state.invited:
        return None  # never played: nobody won or lost
    marks = {"bot_played": sorted(state.bot_played),
             "resigned": [i for i, r in enumerate(state.out) if r == "resignation"],
             "forfeited": [i for i, r in enumerate(state.out) if r == "forfeit"]}
    if state.aborted_by is not None:
        return {"decided_by": "abort", "aborted_by": state.aborted_by, "ranks": None, **marks}
    if ended(state):
        # Seats still in play share first place, those out share last: after the last
        # person left (abandoned), the bots still in play share first, as the one seat
        # left alone does when everyone else resigned.
        playing = set(in_play(state))
        ranks = [1 if seat in playing else (2 if playing else 1)
                 for seat in range(len(state.seated))]
        return {"ranks": ranks, "scores": None, "decided_by": _last_reason(state), **marks,
                **({"abandoned": True} if state.abandoned else {})}
    if engine_outcome is None:
        return None
    if not any(state.out):
        return {**engine_outcome, "decided_by": "play", **marks}
    return {**engine_outcome, "ranks": _ranks_with_out_last(state, engine_outcome["ranks"]),
            "decided_by": _last_reason(state), **marks}


def _last_reason(state: PlatformState) -> str:
    """"forfeit" when any seat lost on time, else "resignation"."""
    return "forfeit" if "forfeit" in state.out else "resignation"


def _ranks_with_out_last(state: PlatformState, ranks: list) -> list:
    """The engine's ranks among the seats still in play, then every seat out shares last."""
    playing = in_play(state)
    order = sorted({ranks[seat] for seat in playing})
    dense = {rank: i + 1 for i, rank in enumerate(order)}
    last = len(order) + 1
    return [dense[ranks[seat]] if state.out[seat] is None else last
            for seat in range(len(state.seated))]


def before_first_move(state: PlatformState) -> bool:
    return not state.moved


# ---- folding ------------------------------------------------------------------------------

def evolve(state: PlatformState, event: dict, version: int) -> PlatformState:
    """Apply one platform event (not MatchCreated) logged as `version`."""
    at = _at(state, event)
    data = event["data"]
    state = replace(state, last_at=at)
    return _APPLY[event["type"]](state, data, at)


def game_event(state: PlatformState, event: dict, version: int) -> PlatformState:
    """Note a game event: past the setup, the match has had its first move. (The setup is
    counted in game events, not versions: invitations put acceptances before it.)"""
    at = _at(state, event)
    seen = state.game_events + 1
    setup_done = (seen > state.setup_events if state.setup_events is not None
                  else state.created_at is not None and at != state.created_at)
    return replace(state, last_at=at, moved=state.moved or setup_done, game_events=seen)


def turns(state: PlatformState, acting: tuple, version: int) -> PlatformState:
    """Start the turns of seats that now must act and end those of seats that acted."""
    acting = tuple(acting)
    if acting == state.acting:
        return state
    at = state.last_at or 0.0
    since, before, now = list(state.since), set(state.acting), set(acting)
    changed = replace(state, acting=acting)
    for seat in sorted(now - before):
        since[seat] = version
        changed = _clock(changed, seat, lambda c: clocks.start_turn(c, at))
    for seat in sorted(before - now):
        since[seat] = None
        charge = not taken_over(state, seat)
        changed = _clock(changed, seat,
                         lambda c: clocks.end_turn(c, at, state.rules, charge=charge))
    return replace(changed, since=tuple(since))


def _timed_out(state, data, at):
    seat = data["seat"]
    state = replace(state, timeouts=_set(state.timeouts, seat, state.timeouts[seat] + 1))
    return _clock(state, seat, lambda c: clocks.time_out(c, state.rules))


def _taken_over(state, data, at):
    seat = data["seat"]
    stand_in = {"bot": data["bot"], "level": data["level"]}
    return replace(state, controllers=_set(state.controllers, seat, stand_in),
                   bot_played=state.bot_played | {seat})


def _reclaimed(state, data, at):
    seat = data["seat"]
    state = replace(state, controllers=_set(state.controllers, seat, None))
    return _clock(state, seat, lambda c: clocks.refill(c, state.rules))


def _left(reason):
    def leave(state, data, at):
        seat = data["seat"]
        state = replace(state, out=_set(state.out, seat, reason))
        if not ended(state):  # the others play on: a bot keeps the seat moving
            state = replace(state, controllers=_set(state.controllers, seat, dict(AUTOPILOT)))
        return state
    return leave


def _aborted(state, data, at):
    return replace(state, aborted_by=data["seat"])


def _abandoned(state, data, at):
    return replace(state, abandoned=True)


def _vacation_started(state, data, at):
    until = clocks.timestamp(data["until"])
    for seat in data["seats"]:
        state = replace(state, vacations=_set(state.vacations, seat, until))
        state = _clock(state, seat, lambda c: clocks.pause(c, at, state.rules))
    return state


def _vacation_ended(state, data, at):
    for seat in data["seats"]:
        until = state.vacations[seat]
        # A late sweep does not lengthen a vacation: the clock runs again from its end.
        resume_at = at if until is None else min(at, until)
        state = replace(state, vacations=_set(state.vacations, seat, None))
        state = _clock(state, seat, lambda c: clocks.resume(c, resume_at))
    return state


def _accepted(state, data, at):
    return replace(state, invited=state.invited - set(data["seats"]))


def _declined(state, data, at):
    return replace(state, declined_by=data["seats"][0])


_APPLY = {
    TURN_TIMED_OUT: _timed_out, SEAT_TAKEN_OVER: _taken_over, SEAT_RECLAIMED: _reclaimed,
    SEAT_RESIGNED: _left("resignation"), SEAT_FORFEITED: _left("forfeit"),
    MATCH_ABORTED: _aborted, MATCH_ABANDONED: _abandoned, VACATION_STARTED: _vacation_started,
    VACATION_ENDED: _vacation_ended, INVITATION_ACCEPTED: _accepted,
    INVITATION_DECLINED: _declined,
}
