"""The event log port's contract: one abstract suite that every adapter subclasses.

STYLE #8 (after the eventsourcing library's recorder test cases): the log is a narrow port
(`append`, `read`, `version`, `command_result`), and what it promises is written once, here.
An adapter's test module subclasses `EventLogContract` and provides one fixture,
`log_factory`: a picklable zero-argument callable that opens a *new* adapter (its own
connection) on the test's namespace, so that racing writers in other processes can open
their own.

Promises:
- an append lands exactly at the expected version, and reports the versions it wrote and
  the events as logged (what a read returns), so a writer need not read them back;
- a stale expected version appends nothing and reports the log's current version;
- a command id already seen returns the first result and appends nothing, whatever
  expected version the retry carries;
- reads from any version, up to any version, with a limit, oldest first;
- event data round-trips through JSON unchanged (unicode, nesting, numbers, null);
- each event keeps its schema version (1 when none is given), and each batch its cause, on
  the batch's first event only;
- a restore writes a whole exported log (times, schema versions and causes as exported)
  into an empty match only, all or nothing;
- a match that does not exist is at version 0 and reads as empty;
- writers racing in separate processes lose nothing and duplicate nothing.
"""
from __future__ import annotations

import multiprocessing
import uuid

import pytest

from shared.eventlog.log import VersionConflict

WRITERS = 8
EVENTS_PER_WRITER = 25


def _event(i, **data):
    return {"type": "Happened", "data": {"i": i, **data}}


def _race(log_factory, match_id, writer, count, start, results):
    """One racing writer: read the version, append at it, retry on conflict.

    Every third command is sent again afterwards with its (now stale) expected version, as a
    client whose answer was lost would; the retry must return the first result.
    """
    log = log_factory()
    start.wait(30)
    outcomes = []
    for i in range(count):
        command_id = f"w{writer}-c{i}"
        event = {"type": "Raced", "data": {"writer": writer, "i": i}}
        conflicts = 0
        while True:
            expected = log.version(match_id)
            try:
                result = log.append(match_id, [event], expected, command_id=command_id)
                break
            except VersionConflict as conflict:
                assert conflict.current >= expected
                conflicts += 1
        outcomes.append((command_id, result.first_version, result.duplicate))
        if i % 3 == 0:
            again = log.append(match_id, [event], expected, command_id=command_id)
            outcomes.append((command_id, again.first_version, again.duplicate))
    results.put((writer, outcomes))


class EventLogContract:
    """Subclass and provide the `log_factory` fixture."""

    @pytest.fixture
    def log(self, log_factory):
        return log_factory()

    @pytest.fixture
    def match_id(self):
        return uuid.uuid4().hex

    def test_missing_match_is_at_version_zero(self, log, match_id):
        assert log.version(match_id) == 0
        assert log.read(match_id) == []
        assert log.command_result(match_id, "never-sent") is None

    def test_append_at_expected_version(self, log, match_id):
        first = log.append(match_id, [_event(1), _event(2)], 0)
        assert (first.first_version, first.last_version, first.duplicate) == (1, 2, False)
        second = log.append(match_id, [_event(3)], 2)
        assert (second.first_version, second.last_version, second.version) == (3, 3, 3)
        assert log.version(match_id) == 3
        assert [e["v"] for e in log.read(match_id)] == [1, 2, 3]
        assert [e["data"]["i"] for e in log.read(match_id)] == [1, 2, 3]

    def test_logged_event_has_envelope(self, log, match_id):
        log.append(match_id, [_event(1)], 0)
        (event,) = log.read(match_id)
        assert set(event) == {"v", "type", "schema", "data", "at"}
        assert event["type"] == "Happened" and event["v"] == 1 and event["schema"] == 1
        assert isinstance(event["at"], str) and event["at"].endswith("Z")

    def test_schema_versions_and_the_cause_are_kept_with_the_batch(self, log, match_id):
        cause = {"seat": 1, "command": {"type": "mark", "cell": 4}, "source": "http"}
        written = log.append(match_id, [{**_event(1), "schema": 3}, _event(2)], 0,
                             command_id="c1", cause=cause)
        log.append(match_id, [_event(3)], 2)  # no cause given: none recorded
        events = log.read(match_id)
        assert [e["schema"] for e in events] == [3, 1, 1]
        assert events[0]["cause"] == cause
        assert "cause" not in events[1] and "cause" not in events[2]
        assert list(written.logged) == events[:2]
        repeat = log.append(match_id, [_event(9)], 3, command_id="c1", cause={"other": 1})
        assert repeat.duplicate and log.read(match_id) == events

    def test_a_restore_writes_an_exported_log_into_an_empty_match_only(self, log, match_id):
        cause = {"setup": {"by": "p"}}
        exported = [{"v": 1, **_event(1), "schema": 2, "at": "2020-01-01T00:00:00.000Z",
                     "cause": cause},
                    {"v": 2, **_event(2), "schema": 1, "at": "2020-01-02T00:00:00.000Z"}]
        assert log.restore(match_id, exported) == 2
        assert log.read(match_id) == exported
        with pytest.raises(VersionConflict) as conflict:
            log.restore(match_id, exported)
        assert conflict.value.current == 2 and log.read(match_id) == exported

    def test_an_append_returns_its_events_as_a_read_returns_them(self, log, match_id):
        log.append(match_id, [_event(1)], 0)
        data = {"tuple": (1, 2), "nested": {"x": [None, 1.5]}, "text": "é"}
        written = log.append(match_id, [_event(2, **data), _event(3)], 1, command_id="c")
        assert list(written.logged) == log.read(match_id, from_version=1)
        assert written.logged[0]["data"]["tuple"] == [1, 2]  # as JSON keeps it
        again = log.append(match_id, [_event(2)], 1, command_id="c")
        assert again.duplicate and again.logged == ()  # a repeat wrote nothing

    def test_empty_append_is_refused(self, log, match_id):
        with pytest.raises(ValueError):
            log.append(match_id, [], 0)
        assert log.version(match_id) == 0

    @pytest.mark.parametrize("stale", [0, 1, 3, 7])
    def test_conflict_appends_nothing_and_reports_current(self, log, match_id, stale):
        log.append(match_id, [_event(1), _event(2)], 0)
        before = log.read(match_id)
        with pytest.raises(VersionConflict) as caught:
            log.append(match_id, [_event(99)], stale, command_id="lost")
        assert caught.value.current == 2
        assert caught.value.expected == stale
        assert log.read(match_id) == before
        # A refused command is not remembered: sending it right afterwards works.
        assert log.command_result(match_id, "lost") is None
        assert log.append(match_id, [_event(3)], 2, command_id="lost").first_version == 3

    def test_command_retry_returns_first_result(self, log, match_id):
        first = log.append(match_id, [_event(1), _event(2)], 0, command_id="cmd-1")
        again = log.append(match_id, [_event(1), _event(2)], 0, command_id="cmd-1")
        assert (again.first_version, again.last_version) == (first.first_version,
                                                              first.last_version)
        assert again.duplicate and not first.duplicate
        assert log.version(match_id) == 2
        assert log.command_result(match_id, "cmd-1") == again

    def test_command_retry_with_stale_version_appends_nothing(self, log, match_id):
        log.append(match_id, [_event(1)], 0, command_id="cmd-1")
        log.append(match_id, [_event(2)], 1, command_id="cmd-2")
        before = log.read(match_id)
        again = log.append(match_id, [_event(1)], 0, command_id="cmd-1")
        assert (again.first_version, again.last_version, again.duplicate) == (1, 1, True)
        # Even with the right version and different events, the id wins: nothing appended.
        retry = log.append(match_id, [_event(42)], 2, command_id="cmd-2")
        assert (retry.first_version, retry.duplicate) == (2, True)
        assert log.read(match_id) == before

    def test_command_ids_are_per_match(self, log, match_id):
        other = match_id + "-other"
        log.append(match_id, [_event(1)], 0, command_id="same")
        result = log.append(other, [_event(1)], 0, command_id="same")
        assert not result.duplicate and log.version(other) == 1

    def test_read_windows(self, log, match_id):
        log.append(match_id, [_event(i) for i in range(1, 11)], 0)
        versions = lambda events: [e["v"] for e in events]  # noqa: E731
        assert versions(log.read(match_id)) == list(range(1, 11))
        for start in range(0, 11):
            assert versions(log.read(match_id, from_version=start)) == list(range(start + 1, 11))
        for end in range(0, 11):
            assert versions(log.read(match_id, to_version=end)) == list(range(1, end + 1))
        assert versions(log.read(match_id, from_version=3, to_version=7)) == [4, 5, 6, 7]
        assert versions(log.read(match_id, from_version=7, to_version=3)) == []
        assert versions(log.read(match_id, from_version=2, limit=3)) == [3, 4, 5]
        assert versions(log.read(match_id, from_version=8, limit=5)) == [9, 10]
        assert versions(log.read(match_id, from_version=10)) == []
        assert versions(log.read(match_id, from_version=99)) == []

    def test_reads_follow_appends_across_many_batches(self, log, match_id):
        version = 0
        for size in (1, 3, 2, 5, 1):
            version = log.append(match_id, [_event(version + k) for k in range(size)],
                                 version).last_version
        assert [e["v"] for e in log.read(match_id)] == list(range(1, version + 1))
        assert [e["data"]["i"] for e in log.read(match_id)] == list(range(version))

    def test_events_round_trip_json(self, log, match_id):
        data = [
            {"text": "héllo wörld — 遊戲 🎲 \u0000 \"quoted\" \\ \n"},
            {"nested": {"a": [1, 2, {"b": [None, True, False]}], "c": {"d": {"e": -1.5}}}},
            {"big": 2 ** 53 + 1, "neg": -7, "float": 0.1, "empty": {}, "list": []},
            {},
        ]
        log.append(match_id, [{"type": "Ünïcode·Type", "data": d} for d in data], 0)
        events = log.read(match_id)
        assert [e["data"] for e in events] == data
        assert {e["type"] for e in events} == {"Ünïcode·Type"}

    def test_racing_writers_in_processes(self, log, log_factory, match_id):
        """N processes, each its own connection, append M events each to one match."""
        context = multiprocessing.get_context("spawn")
        start, results = context.Event(), context.Queue()
        workers = [context.Process(target=_race, args=(log_factory, match_id, w,
                                                       EVENTS_PER_WRITER, start, results))
                   for w in range(WRITERS)]
        for worker in workers:
            worker.start()
        start.set()
        outcomes = dict(results.get(timeout=120) for _ in workers)
        for worker in workers:
            worker.join(30)
            assert worker.exitcode == 0
        total = WRITERS * EVENTS_PER_WRITER
        events = log.read(match_id)
        assert log.version(match_id) == total
        assert [e["v"] for e in events] == list(range(1, total + 1))
        written = [(e["data"]["writer"], e["data"]["i"]) for e in events]
        assert len(set(written)) == total
        assert set(written) == {(w, i) for w in range(WRITERS) for i in range(EVENTS_PER_WRITER)}
        # Each writer's own events keep its order, and every answer it got (first or retry)
        # names the version where its event really is.
        at = {e["v"]: (e["data"]["writer"], e["data"]["i"]) for e in events}
        for writer, answers in outcomes.items():
            mine = [i for (w, i) in written if w == writer]
            assert mine == sorted(mine)
            firsts = {}
            for command_id, version, duplicate in answers:
                i = int(command_id.split("-c")[1])
                assert at[version] == (writer, i)
                firsts.setdefault(command_id, (version, duplicate))
                assert firsts[command_id][0] == version
            assert all(not duplicate for version, duplicate in firsts.values())
            assert sum(1 for _, _, d in answers if d) == len(range(0, EVENTS_PER_WRITER, 3))
