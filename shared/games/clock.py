"""Match clocks, as pure arithmetic over logged timestamps (no wall clock is ever read here).

A clock is agreed at creation (API.md `clock`): a deadline per move (`per_move_seconds`) or
a bank with an increment per move (`bank_seconds`, `increment_seconds`); `weekends_off`
stops it from Saturday 00:00 to Monday 00:00 UTC. Every change of a seat's clock is caused
by a logged event and happens at that event's `at`, so folding the log again gives the same
clock, and a deadline is a pure function of the log.

Each seat's clock counts the seconds used in the current turn: `used` banks what was used
before the last pause, `running_since` is when it last started running (None when it is not
running: not the seat's turn, or paused by a vacation).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Optional

from shared.games.kit.frozen import replace  # without __init__: run per folded event

DAY = 86_400
WEEK = 7 * DAY
_EPOCH_MONDAY = 4 * DAY  # 1970-01-01 was a Thursday; Monday 1970-01-05 00:00 UTC = 4 days
_WORKWEEK = 5 * DAY


def timestamp(at: Optional[str]) -> Optional[float]:
    """Seconds since the epoch of a logged ISO 8601 time ("...Z"), None for None."""
    if at is None:
        return None
    return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()


def iso(seconds: Optional[float]) -> Optional[str]:
    """The ISO 8601 UTC text of an epoch time, as the log writes it."""
    if seconds is None:
        return None
    text = datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="milliseconds")
    return text.replace("+00:00", "Z")


# ---- counting time, weekends off or not ---------------------------------------------------

def _week_offset(t: float) -> float:
    """Seconds since the last Monday 00:00 UTC before `t`."""
    return (t - _EPOCH_MONDAY) % WEEK


def _counted_since_monday(t: float) -> float:
    """Working seconds from the last Monday 00:00 UTC up to `t`."""
    return min(_week_offset(t), _WORKWEEK)


def counted(start: float, end: float, weekends_off: bool = False) -> float:
    """The seconds in [start, end) that count on the clock (0 when end <= start)."""
    if end <= start:
        return 0.0
    if not weekends_off:
        return end - start
    weeks_start = start - _week_offset(start)
    weeks_end = end - _week_offset(end)
    whole_weeks = round((weeks_end - weeks_start) / WEEK)
    return whole_weeks * _WORKWEEK + _counted_since_monday(end) - _counted_since_monday(start)


def advance(start: float, seconds: float, weekends_off: bool = False) -> float:
    """The earliest time t with counted(start, t) == seconds: when `seconds` of clock run out."""
    if seconds <= 0:
        return start
    if not weekends_off:
        return start + seconds
    monday = start - _week_offset(start)
    target = _counted_since_monday(start) + seconds  # working seconds after `monday`
    weeks, rest = divmod(target, _WORKWEEK)
    if rest == 0:  # ends exactly at a Friday midnight: that instant, not the next Monday
        weeks, rest = weeks - 1, _WORKWEEK
    return max(start, monday + weeks * WEEK + rest)  # max: float dust when starting off-hours


# ---- the rules agreed at creation ---------------------------------------------------------

@dataclass(frozen=True)
class ClockRules:
    """The clock of a match, as MatchCreated records it."""

    per_move_seconds: Optional[int] = None
    bank_seconds: Optional[int] = None
    increment_seconds: int = 0
    weekends_off: bool = False
    on_timeout: str = "bot"

    @classmethod
    def of(cls, clock: Optional[dict]) -> Optional["ClockRules"]:
        if not clock:
            return None
        return cls(per_move_seconds=clock.get("per_move_seconds"),
                   bank_seconds=clock.get("bank_seconds"),
                   increment_seconds=clock.get("increment_seconds") or 0,
                   weekends_off=bool(clock.get("weekends_off")),
                   on_timeout=clock.get("on_timeout", "bot"))

    @property
    def banked(self) -> bool:
        return self.per_move_seconds is None

    @property
    def correspondence(self) -> bool:
        """A clock measured in days: vacations pause it."""
        return (self.per_move_seconds or self.bank_seconds or 0) >= DAY

    def reclaim_floor(self) -> float:
        """The least bank a player gets back when reclaiming a seat a bot took over after
        their bank ran out: one increment, or a tenth of the starting bank without one."""
        return float(max(self.increment_seconds, (self.bank_seconds or 0) // 10))


# ---- one seat's clock ---------------------------------------------------------------------

@dataclass(frozen=True)
class SeatClock:
    bank: Optional[float]            # seconds left in the bank (None: per-move clock)
    used: float = 0.0                # counted seconds of this turn before the last pause
    running_since: Optional[float] = None
    acting: bool = False             # the seat must act now
    paused: bool = False             # on vacation: the clock does not run

    def spent(self, at: float, rules: ClockRules) -> float:
        """Counted seconds of this turn up to `at`."""
        if self.running_since is None:
            return self.used
        return self.used + counted(self.running_since, at, rules.weekends_off)

    def allowance(self, rules: ClockRules) -> float:
        return float(rules.per_move_seconds) if not rules.banked else float(self.bank or 0)

    def deadline(self, rules: ClockRules) -> Optional[float]:
        """When this turn's time runs out; None while the clock is not running."""
        if not self.acting or self.running_since is None:
            return None
        remaining = self.allowance(rules) - self.used
        return advance(self.running_since, remaining, rules.weekends_off)

    def remaining(self, at: float, rules: ClockRules) -> float:
        """Seconds of clock left at `at` (the bank, or this move's time)."""
        if not self.acting:
            return self.allowance(rules)
        return max(0.0, self.allowance(rules) - self.spent(at, rules))


def new_clock(rules: ClockRules) -> SeatClock:
    return SeatClock(bank=None if not rules.banked else float(rules.bank_seconds))


def start_turn(clock: SeatClock, at: float) -> SeatClock:
    """The seat must act from `at`: its move's time starts (unless paused)."""
    return replace(clock, acting=True, used=0.0,
                   running_since=None if clock.paused else at)


def end_turn(clock: SeatClock, at: float, rules: ClockRules, charge: bool = True) -> SeatClock:
    """The seat has acted at `at`: a bank pays the time spent and earns the increment.
    `charge=False` for a turn a bot played: the absent player's bank is not touched."""
    bank = clock.bank
    if rules.banked and charge:
        bank = max(0.0, bank - clock.spent(at, rules)) + rules.increment_seconds
    return replace(clock, bank=bank, acting=False, used=0.0, running_since=None)


def time_out(clock: SeatClock, rules: ClockRules) -> SeatClock:
    """The seat's time ran out: a bank is empty (the turn itself ends as the policy says)."""
    return replace(clock, bank=0.0 if rules.banked else None)


def pause(clock: SeatClock, at: float, rules: ClockRules) -> SeatClock:
    """Stop the clock at `at` (a vacation), keeping the seconds already used."""
    if clock.paused:
        return clock
    return replace(clock, used=clock.spent(at, rules), running_since=None, paused=True)


def resume(clock: SeatClock, at: float) -> SeatClock:
    """Run the clock again from `at`, if it is the seat's turn."""
    if not clock.paused:
        return clock
    return replace(clock, paused=False, running_since=at if clock.acting else None)


def refill(clock: SeatClock, rules: ClockRules) -> SeatClock:
    """A reclaimed seat's bank is topped up to the reclaim floor (see ClockRules)."""
    if not rules.banked:
        return clock
    return replace(clock, bank=max(clock.bank or 0.0, rules.reclaim_floor()))
