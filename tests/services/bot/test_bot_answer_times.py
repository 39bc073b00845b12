"""How `bench.bot_answers` times each of a bot's commands from a finished match's public log."""
from bench.bot_answers import command_times


def _batch(at: str, cause=None) -> dict:
    event = {"v": 0, "type": "Moved", "data": {}, "at": at}
    if cause is not None:
        event["cause"] = cause
    return event


def test_each_command_of_the_seat_is_timed_from_the_batch_before_it():
    log = [_batch("2026-01-01T00:00:00.000Z", {"setup": {"by": "service"}}),
           _batch("2026-01-01T00:00:00.000Z"),  # the setup's second event
           _batch("2026-01-01T00:00:01.000Z", {"seat": 0, "command": {}, "source": "http"}),
           _batch("2026-01-01T00:00:01.250Z", {"seat": 1, "command": {}, "source": "bus"}),
           _batch("2026-01-01T00:00:01.250Z"),
           _batch("2026-01-01T00:00:02.000Z", {"seat": 1, "command": {}, "source": "bus"}),
           _batch("2026-01-01T00:00:05.000Z", {"seat": 0, "command": {}, "source": "http"})]
    assert command_times(log, 1) == [0.25, 0.75]
    assert command_times(log, 0) == [1.0, 3.0]
