"""The browser client, served by the match service, calls matchmaking across origins: only
the origins in ORRERY_WEB_ORIGINS are let in (shared/web/cors.py)."""
from __future__ import annotations

from tests.services.matchmaking.conftest import bearer

PAGE = "http://127.0.0.1:8000"


def test_a_preflight_from_the_client_is_allowed(mm):
    response = mm.options("/v1/tickets", headers={
        "Origin": PAGE, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type"})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == PAGE
    assert "Authorization" in response.headers["Access-Control-Allow-Headers"]
    assert "POST" in response.headers["Access-Control-Allow-Methods"]


def test_answers_to_the_client_are_readable_by_it(mm, mm_ctx):
    response = mm.get("/v1/tickets/nope", headers={"Origin": PAGE, **bearer(mm_ctx)})
    assert response.status_code == 404
    assert response.headers["Access-Control-Allow-Origin"] == PAGE


def test_other_origins_get_no_permission(mm):
    response = mm.options("/v1/tickets", headers={"Origin": "https://evil.example",
                                                  "Access-Control-Request-Method": "POST"})
    assert "Access-Control-Allow-Origin" not in response.headers
