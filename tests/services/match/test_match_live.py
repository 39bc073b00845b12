"""GET /v1/matches/{id}/live: Server-Sent Events of the match's log."""
import json
import threading
import time

from .conftest import mark


def _messages(text):
    """SSE text → [(id, event, data)] for the data messages (not retry or comments)."""
    out = []
    for block in text.strip().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines()
                      if ": " in line and not line.startswith(":"))
        if "id" in fields:
            out.append((int(fields["id"]), fields["event"], json.loads(fields["data"])))
    return out


def test_a_finished_match_streams_everything_then_ends(client, ana, bo, ttt):
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 2)]:
        mark(client, player, ttt, cell)
    response = client.get(f"/v1/matches/{ttt}/live?from=3")
    assert response.mimetype == "text/event-stream"
    messages = _messages(response.data.decode())
    assert [m[0] for m in messages] == [4, 5, 6, 7, 8]
    assert messages[0][1] == "CellMarked"
    assert messages[0][2]["data"] == {"seat": 0, "cell": 0, "mark": "X"}
    assert messages[0][2]["schema"] == 2 and "cause" not in messages[0][2]


def test_last_event_id_resumes_after_it(client, ana, bo, ttt):
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 2)]:
        mark(client, player, ttt, cell)
    response = client.get(f"/v1/matches/{ttt}/live?from=0", headers={"Last-Event-ID": "6"})
    assert [m[0] for m in _messages(response.data.decode())] == [7, 8]
    bad = client.get(f"/v1/matches/{ttt}/live", headers={"Last-Event-ID": "five"})
    assert bad.status_code == 400


def test_events_appended_while_streaming_are_delivered(app, client, ana, bo, ttt):
    app.config.update(SSE_MAX_SECONDS=10, SSE_HEARTBEAT_SECONDS=0.2)

    def play():
        for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 2)]:
            time.sleep(0.1)
            mark(app.test_client(), player, ttt, cell)

    writer = threading.Thread(target=play)
    started = time.monotonic()
    writer.start()
    response = client.get(f"/v1/matches/{ttt}/live?from=3", buffered=True)
    writer.join()
    assert [m[0] for m in _messages(response.data.decode())] == [4, 5, 6, 7, 8]
    assert time.monotonic() - started < 8  # ended when the match did, not at the limit


def test_an_idle_stream_sends_heartbeats_and_stops_at_its_limit(app, client, ttt):
    app.config.update(SSE_MAX_SECONDS=0.5, SSE_HEARTBEAT_SECONDS=0.1)
    text = client.get(f"/v1/matches/{ttt}/live").data.decode()
    assert ": heartbeat" in text
    assert [m[0] for m in _messages(text)] == [1, 2, 3]


def test_an_unknown_match_has_no_stream(client):
    response = client.get(f"/v1/matches/{'f' * 32}/live")
    assert response.status_code == 404 and response.get_json()["error"] == "not_found"
