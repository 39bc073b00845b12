"""The hot routes (the view, /legal, a command) are lean routes (shared/web/api.py): served
without flask-smorest's wrappers, yet documented in /openapi.json and refusing bad input
with the same 400 bodies as every other route."""
from __future__ import annotations

import pytest

SCHEMA = "The request does not match the schema."
HOT = {("/v1/matches/{match_id}", "get"), ("/v1/matches/{match_id}/legal", "get"),
       ("/v1/matches/{match_id}/commands", "post")}


def test_the_hot_routes_are_served_lean_and_still_documented(app, client):
    served = {rule.endpoint: app.view_functions[rule.endpoint].__name__
              for rule in app.url_map.iter_rules()}
    assert served["matches.post_command"] == "lean_post_command"
    assert served["matches.get_legal"] == "lean_get_legal"
    assert served["matches.get_match"] == "lean_get_match"
    paths = client.get("/openapi.json").get_json()["paths"]
    for path, method in HOT:
        operation = paths[path][method]
        assert [p["name"] for p in operation["parameters"] if p["in"] == "query"] == ["seat"]
        assert {"200", "400", "401", "403", "404", "429"} <= set(operation["responses"])
    command = paths["/v1/matches/{match_id}/commands"]["post"]
    assert command["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/CommandRequest"}
    assert command["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/CommandResponse"}


@pytest.mark.parametrize("body, fields", [
    ({"data": "{not json", "content_type": "application/json"}, {"_json": ["Invalid JSON body."]}),
    ({"data": "cell=4", "content_type": "text/plain"},
     {"command": ["Missing data for required field."]}),
    ({"json": [1, 2]}, {"_schema": ["Invalid input type."]}),
    ({"json": {"command": {"type": "mark", "cell": 4}, "extra": 1}},
     {"extra": ["Unknown field."]}),
])
def test_a_bad_command_body_gets_the_schema_error_body(client, ctx, ana, ttt, body, fields):
    response = client.post(f"/v1/matches/{ttt}/commands", headers=ana.headers, **body)
    assert response.status_code == 400
    assert response.get_json() == {"error": "invalid_request", "message": SCHEMA,
                                   "fields": fields}
    assert ctx.log.version(ttt) == 3


@pytest.mark.parametrize("path", ["", "/legal"])
def test_a_bad_seat_query_gets_the_schema_error_body(client, ana, ttt, path):
    for seat, problem in [("zz", "Not a valid integer."), ("-1", (
            "Must be greater than or equal to 0 and less than or equal to 1000."))]:
        response = client.get(f"/v1/matches/{ttt}{path}?seat={seat}", headers=ana.headers)
        assert response.status_code == 400
        assert response.get_json() == {"error": "invalid_request", "message": SCHEMA,
                                       "fields": {"seat": [problem]}}


def test_the_answer_is_dumped_by_the_response_schema(client, ctx, ana, ttt):
    """The schema, not the view, says what is answered: the events' causes (which may
    name a hidden choice) are logged but never answered."""
    response = client.post(f"/v1/matches/{ttt}/commands", headers=ana.headers,
                           json={"command": {"type": "mark", "cell": 4}, "command_id": "c1"})
    assert response.status_code == 200 and response.mimetype == "application/json"
    (event,) = response.get_json()["events"]
    assert set(event) == {"v", "type", "schema", "data", "at"}
    assert "cause" in ctx.log.read(ttt, from_version=3)[0]


def test_remembered_metric_children_count_in_the_metric_itself():
    """shared/web/metrics.Children: the child it hands out is the metric's own (what
    /metrics exposes), made once per label values, and no more than `limit` are kept."""
    from prometheus_client import CollectorRegistry, Counter

    from shared.web.metrics import Children

    metric = Counter("lean_test_total", "A test counter.", ["kind"],
                     registry=CollectorRegistry())
    children = Children(metric, limit=2)
    children("a").inc()
    children("a").inc()
    assert children("a") is metric.labels("a")
    assert metric.labels("a")._value.get() == 2
    children("b"), children("c")
    assert children("c") is metric.labels("c")  # past the limit: asked for again, still right
    assert len(children._made) == 2


def test_a_query_without_arguments_loads_as_its_schema_loads_nothing(client, ana, ttt):
    """A lean route loads an empty query once (shared/web/api.py): what it answers with no
    query, and with an empty one, is what the schema makes of nothing; a schema whose
    result could differ per request is loaded every time."""
    import marshmallow as ma

    from services.match.schemas import EventsQuerySchema, SeatQuerySchema
    from shared.web.api import _loaded_from_nothing

    assert _loaded_from_nothing(SeatQuerySchema(), {}) == {}
    assert _loaded_from_nothing(EventsQuerySchema(), {}) == {"from_": 0, "limit": 500}

    class Required(ma.Schema):
        seat = ma.fields.Integer(required=True)

    class Clocked(ma.Schema):
        at = ma.fields.Float(load_default=lambda: 1.0)

    class Hooked(ma.Schema):
        seat = ma.fields.Integer(load_default=0)

        @ma.post_load
        def shifted(self, data, **kwargs):
            return {"seat": data["seat"] + 1}

    for schema in (Required(), Clocked(), Hooked()):
        assert _loaded_from_nothing(schema, {}) is None
    for path in (f"/v1/matches/{ttt}/legal", f"/v1/matches/{ttt}/legal?"):
        assert client.get(path, headers=ana.headers).status_code == 200
    response = client.get(f"/v1/matches/{ttt}/legal?seat=5", headers=ana.headers)
    assert response.status_code == 400  # a query given is still loaded, and judged
    assert response.get_json()["fields"] == {"seat": ["This match has seats 0 to 1."]}
