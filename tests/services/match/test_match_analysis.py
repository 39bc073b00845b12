"""GET /v1/matches/{id}/analysis: 404 for no match, 409 while in progress, then "pending"
(one request on the bus) until the bot service stores it, then the stored analysis."""
from __future__ import annotations

from services.bot import analysis as computing
from shared.messages import analysis
from shared.schemas.bus import ANALYSIS_REQUESTS
from tests.services.match.conftest import mark, new_match


def _requests(ctx):
    ctx.bus.ensure_group(ANALYSIS_REQUESTS, "test")
    return [d.message for d in ctx.bus.consume(ANALYSIS_REQUESTS, "test", "t", count=10,
                                               block_ms=None)]


def test_analysis_of_no_match_is_404_and_of_a_match_in_progress_409(client, ana, ttt):
    missing = client.get("/v1/matches/" + "0" * 32 + "/analysis")
    assert missing.status_code == 404 and missing.get_json()["error"] == "not_found"
    assert client.get("/v1/matches/not-an-id/analysis").status_code == 404
    busy = client.get(f"/v1/matches/{ttt}/analysis")
    assert busy.status_code == 409, busy.get_json()
    assert busy.get_json()["error"] == "match_in_progress"


def test_a_finished_match_is_pending_once_asked_then_served_as_stored(client, ctx, ana, bo):
    match_id = new_match(client, ana, [ana, bo])
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 8), (bo, 5)]:
        assert mark(client, player, match_id, cell).status_code == 200
    assert _requests(ctx) == []
    first = client.get(f"/v1/matches/{match_id}/analysis")
    assert first.status_code == 200
    assert first.get_json() == {"match_id": match_id, "status": "pending", "positions": [],
                                "mistakes": []}
    client.get(f"/v1/matches/{match_id}/analysis")  # asked again: no second request yet
    assert _requests(ctx) == [{"match_id": match_id}]
    # What the bot service's task does with the request (tests/services/bot: the real one).
    report = computing.analyse(match_id, ctx.log.read(match_id))
    analysis.store(ctx.redis, ctx.keys, match_id, report)
    ready = client.get(f"/v1/matches/{match_id}/analysis")
    assert ready.status_code == 200
    body = ready.get_json()
    assert body["status"] == "ready" and body == report
    assert [p["seat"] for p in body["positions"]] == [0, 1, 0, 1, 0, 1]
    # Ana's 8 let Bo win with 5: the worst command of the match is hers, at version 7.
    assert body["mistakes"][0]["seat"] == 0
    assert body["positions"][4]["best_command"] == {"type": "mark", "cell": 2}
