"""Clocks are pure arithmetic over logged times (shared/games/clock.py): weekends skipped
when asked, bank and increment, and a fold of the log gives the same clock every time."""
from __future__ import annotations

from datetime import datetime, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.games import clock
from shared.games.clock import DAY, ClockRules, advance, counted
from shared.games.replay import fold, match_created

MONDAY = datetime(2026, 11, 23, tzinfo=timezone.utc).timestamp()
SATURDAY = MONDAY + 5 * DAY
times = st.floats(min_value=MONDAY - 60 * DAY, max_value=MONDAY + 60 * DAY,
                  allow_nan=False, allow_infinity=False)
spans = st.floats(min_value=0, max_value=40 * DAY, allow_nan=False, allow_infinity=False)


def test_a_weekend_does_not_count():
    assert counted(SATURDAY, SATURDAY + 2 * DAY, weekends_off=True) == 0
    assert counted(MONDAY - DAY, MONDAY + DAY, weekends_off=True) == DAY  # Sunday to Tuesday
    assert counted(MONDAY - DAY, MONDAY + DAY) == 2 * DAY


def test_a_day_of_clock_left_on_friday_noon_runs_out_on_monday_noon():
    friday_noon = MONDAY + 4 * DAY + DAY / 2
    assert advance(friday_noon, DAY, weekends_off=True) == MONDAY + 7 * DAY + DAY / 2
    assert advance(friday_noon, DAY / 2, weekends_off=True) == SATURDAY  # Friday midnight


@settings(max_examples=300, deadline=None)
@given(times, spans, st.booleans())
def test_advance_is_the_inverse_of_counted(start, seconds, weekends_off):
    end = advance(start, seconds, weekends_off)
    assert abs(counted(start, end, weekends_off) - seconds) < 1e-3
    assert end >= start


@settings(max_examples=300, deadline=None)
@given(times, spans, spans)
def test_counted_adds_up_and_never_exceeds_wall_time(start, a, b):
    middle, end = start + a, start + a + b
    total = counted(start, end, True)
    assert abs(total - counted(start, middle, True) - counted(middle, end, True)) < 1e-3
    assert total <= end - start + 1e-6


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=600), min_size=1, max_size=12),
       st.integers(60, 3600), st.integers(0, 120))
def test_a_bank_pays_each_turn_and_earns_the_increment(thinking, bank, increment):
    rules = ClockRules(bank_seconds=bank, increment_seconds=increment)
    seat, now, expected = clock.new_clock(rules), MONDAY, float(bank)
    for spent in thinking:
        seat = clock.start_turn(seat, now)
        now += spent
        seat = clock.end_turn(seat, now, rules)
        expected = max(0.0, expected - spent) + increment
        assert abs(seat.bank - expected) < 1e-6


def test_a_paused_clock_does_not_run():
    rules = ClockRules(per_move_seconds=2 * DAY)
    seat = clock.start_turn(clock.new_clock(rules), MONDAY)
    seat = clock.pause(seat, MONDAY + DAY, rules)
    assert seat.deadline(rules) is None
    seat = clock.resume(seat, MONDAY + 10 * DAY)
    assert seat.deadline(rules) == MONDAY + 11 * DAY


def _at(seconds: float) -> str:
    return clock.iso(seconds)


def _log(moves: list, clock_spec: dict) -> list:
    """A tic-tac-toe log: created at MONDAY, then each (seconds later, seat, cell)."""
    created = match_created("m" * 32, "tictactoe", [{"player_id": "a", "name": "A"},
                                                      {"player_id": "b", "name": "B"}],
                            {}, clock_spec, setup=1)
    events = [{**created, "at": _at(MONDAY)},
              {"type": "GameStarted", "data": {"seats": 2}, "at": _at(MONDAY)}]
    now = MONDAY
    for later, seat, cell in moves:
        now += later
        events.append({"type": "CellMarked", "data": {"seat": seat, "cell": cell},
                       "at": _at(now)})
    return events


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=5 * DAY), min_size=0, max_size=5),
       st.booleans())
def test_folding_the_log_again_gives_the_same_clock(gaps, weekends_off):
    spec = {"bank_seconds": 3 * DAY, "increment_seconds": DAY // 2, "on_timeout": "bot",
            "weekends_off": weekends_off}
    events = _log([(gap, i % 2, i) for i, gap in enumerate(gaps)], spec)
    once, again = fold(events), fold(events)
    assert once.platform.clocks == again.platform.clocks
    assert once.deadlines() == again.deadlines()
    # ... and from a "snapshot" halfway, too
    half = fold(events, upto=2 + len(gaps) // 2)
    assert fold(events[half.version:], start=half).deadlines() == once.deadlines()


def test_the_deadline_is_the_turn_start_plus_the_bank_left():
    spec = {"bank_seconds": 3600, "increment_seconds": 60, "on_timeout": "bot"}
    state = fold(_log([(600, 0, 4)], spec))  # X thought 10 minutes
    assert state.to_act() == (1,)
    assert state.platform.clocks[0].bank == 3600 - 600 + 60
    assert state.deadlines() == (None, MONDAY + 600 + 3600)


def test_a_vacation_ended_late_by_the_sweep_does_not_lengthen_it():
    spec = {"per_move_seconds": 2 * DAY, "on_timeout": "bot"}
    events = _log([], spec)
    events.append({"type": "VacationStarted", "at": _at(MONDAY + 3600), "data": {
        "player_id": "a", "seats": [0], "until": _at(MONDAY + 3600 + DAY)}})
    assert fold(events).deadlines()[0] is None  # paused
    events.append({"type": "VacationEnded", "at": _at(MONDAY + 5 * DAY),  # the sweep was late
                   "data": {"player_id": "a", "seats": [0]}})
    # 1 hour used before the vacation; the clock ran again when the vacation ran out.
    assert fold(events).deadlines()[0] == MONDAY + 3600 + DAY + 2 * DAY - 3600
