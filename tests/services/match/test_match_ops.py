"""Probes, metrics, the OpenAPI document, unknown routes and rate limiting."""
import dataclasses
import re
import runpy
from pathlib import Path

from services.match.api.app import create_app

from .conftest import mark


def test_healthz_and_readyz(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json() == {"status": "ready"}


def test_readyz_and_everything_else_answer_503_when_redis_is_down(settings):
    down = dataclasses.replace(settings, redis_url="redis://127.0.0.1:1/0")
    client = create_app(down).test_client()
    assert client.get("/healthz").status_code == 200
    response = client.get("/readyz")
    assert response.status_code == 503 and response.get_json()["error"] == "unavailable"
    response = client.post("/v1/players", json={"name": "Ana"})
    assert response.status_code == 503 and response.get_json()["error"] == "unavailable"


def test_metrics_count_requests_and_commands(client, ana, ttt):
    mark(client, ana, ttt, 4, command_id="m-1")
    mark(client, ana, ttt, 4, command_id="m-1")
    text = client.get("/metrics").data.decode()
    assert 'orrery_match_http_requests_total{method="POST",route="/v1/matches/<match_id>/commands"' \
        in text
    for name in ("orrery_match_command_seconds_bucket", "orrery_match_appends_total",
                 "orrery_match_version_conflicts_total", "orrery_match_duplicate_commands_total"):
        assert name in text


def test_unknown_routes_and_methods_answer_in_our_format(client):
    response = client.get("/v1/nothing")
    assert response.status_code == 404 and response.get_json()["error"] == "not_found"
    response = client.delete("/v1/games")
    assert response.status_code == 405
    assert response.get_json()["error"] == "method_not_allowed"
    assert "GET" in response.headers["Allow"]


def test_openapi_documents_every_route_with_schemas_and_errors(client, app):
    spec = client.get("/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    # A rule's converter (<string:game>) is no part of the OpenAPI path ({game}).
    routes = {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
              for rule in app.url_map.iter_rules()
              if rule.endpoint.split(".")[0] in {"players", "games", "matches", "ops",
                                                      "battle-groups"}}
    assert routes == set(spec["paths"])
    create = spec["paths"]["/v1/matches"]["post"]
    assert set(create["responses"]) >= {"201", "400", "401", "403", "404", "429"}
    command = spec["paths"]["/v1/matches/{match_id}/commands"]["post"]
    assert set(command["responses"]) >= {"200", "400", "401", "403", "404", "409", "422"}
    assert "Error" in spec["components"]["schemas"] or "ErrorSchema" in spec["components"]["schemas"]
    assert spec["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"


def test_requests_past_the_limit_are_rate_limited(settings):
    client = create_app(dataclasses.replace(settings, rate_limit_per_minute=3)).test_client()
    statuses = [client.get("/v1/games").status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 429, 429]
    response = client.get("/v1/games")
    assert response.get_json()["error"] == "rate_limited"
    assert int(response.headers["Retry-After"]) >= 1
    assert client.get("/healthz").status_code == 200  # probes are never limited


def test_a_limit_of_zero_disables_limiting(settings):
    client = create_app(dataclasses.replace(settings, rate_limit_per_minute=0)).test_client()
    assert all(client.get("/v1/games").status_code == 200 for _ in range(20))


def test_gunicorn_config_binds_loopback_with_gevent_workers(monkeypatch, tmp_path):
    """gevent, so that live streams (greenlets) never hold up other requests on port 8000."""
    monkeypatch.setenv("PORT", "9123")
    for name in ("ORRERY_BIND", "ORRERY_WORKER_CLASS", "ORRERY_ACCESS_LOG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "prom"))
    conf = runpy.run_path(str(Path(__file__).resolve().parents[3] / "deploy" / "gunicorn.conf.py"))
    assert conf["bind"] == "127.0.0.1:9123"
    # gevent, with a cap on each client's connections (shared/web/gunicorn_worker.py)
    assert conf["worker_class"] == "shared.web.gunicorn_worker.CappedGeventWorker"
    assert conf["workers"] >= 1
    assert conf["worker_connections"] >= 1000
    assert conf["accesslog"] is None
    conf["on_starting"](None)
    assert (tmp_path / "prom").is_dir()
