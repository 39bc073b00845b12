"""shared/web/guard.py: the body BodyDeadline read is the request's body, read once: the
view sees the same bytes through get_data, the stream and form parsing."""
from __future__ import annotations

from flask import Flask, request

from shared.web import guard


def _app() -> Flask:
    app = Flask("buffered")
    app.request_class = guard.BufferedRequest
    app.wsgi_app = guard.BodyDeadline(app.wsgi_app)

    @app.post("/echo")
    def echo():
        return {"data": request.get_data(as_text=True), "cached": request.get_data() is
                request.environ.get(guard.BODY), "stream": request.stream.read().decode(),
                "form": request.form.to_dict(), "json": request.get_json(silent=True)}
    return app


def test_the_body_read_by_the_guard_is_the_requests_body():
    client = _app().test_client()
    answer = client.post("/echo", json={"a": [1, 2]}).get_json()
    assert answer == {"data": '{"a": [1, 2]}', "cached": True, "stream": '{"a": [1, 2]}',
                      "form": {}, "json": {"a": [1, 2]}}
    form = client.post("/echo", data={"x": "1", "y": "two"}).get_json()
    assert form["form"] == {"x": "1", "y": "two"} and form["cached"] is True


def test_a_request_without_a_body_reads_none():
    client = _app().test_client()
    answer = client.post("/echo").get_json()
    assert answer["data"] == "" and answer["stream"] == "" and answer["cached"] is False


def test_the_services_use_the_buffered_request():
    from shared.web.api import serve

    app = Flask("served")
    serve(app, title="t", description="d", blueprints=(), unavailable="down")
    assert app.request_class is guard.BufferedRequest
