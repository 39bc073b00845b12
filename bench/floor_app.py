"""A bare Flask app with one route shaped like POST /commands: the body loaded by a
marshmallow schema, a small answer dumped by another, nothing else (no auth, no Redis, no
game). bench/command_floor.py measures it in process and served by gunicorn as the match
service is, to say what the frameworks cost a command before any of Orrery's own work.

Beside it, the steps below and above it, served the same way: `wsgi` (a WSGI callable that
reads the body and answers fixed bytes: gunicorn and gevent alone), `flask_bare` (a Flask
route answering the same bytes: Flask added) and `app_round_trip` (`app`'s route with one
EVALSHA to the Redis REDIS_URL names, through the client the match service uses: the
floor of a served command, a Redis round trip included)."""
from __future__ import annotations

import os

from flask import Flask, request
from marshmallow import Schema, fields


class CommandSchema(Schema):
    type = fields.String(required=True)
    cell = fields.Integer()


class BodySchema(Schema):
    command = fields.Nested(CommandSchema, required=True)
    command_id = fields.String(required=True)
    expected_version = fields.Integer(required=True)


class AnswerSchema(Schema):
    version = fields.Integer()
    to_act = fields.List(fields.Integer())
    events = fields.List(fields.Dict())


BODY, ANSWER = BodySchema(), AnswerSchema()
PATH = "/v1/matches/floor/commands"
app = Flask("command_floor")


@app.post("/v1/matches/<match_id>/commands")
def post_command(match_id):
    data = BODY.load(request.get_json())
    event = {"type": "Marked", "data": {"cell": data["command"]["cell"], "seat": 0}}
    return ANSWER.dump({"version": data["expected_version"] + 1, "to_act": [1],
                        "events": [event]})


@app.get("/readyz")
def ready():
    return {"status": "ready"}


ANSWER_BYTES = (b'{"events":[{"data":{"cell":0,"seat":0},"type":"Marked"}],"to_act":[1],'
                b'"version":1}\n')


def wsgi(environ, start_response):
    """Every path: the body read, fixed bytes answered (gunicorn and gevent alone)."""
    length = environ.get("CONTENT_LENGTH")
    if length:
        environ["wsgi.input"].read(int(length))
    start_response("200 OK", [("Content-Type", "application/json"),
                              ("Content-Length", str(len(ANSWER_BYTES)))])
    return [ANSWER_BYTES]


flask_bare = Flask("command_floor_bare")


@flask_bare.post("/v1/matches/<match_id>/commands")
def bare_command(match_id):
    request.get_data()
    return flask_bare.response_class(ANSWER_BYTES, mimetype="application/json")


flask_bare.get("/readyz")(ready)

app_round_trip = Flask("command_floor_round_trip")
_redis = []


def _script():
    if not _redis:  # made in the worker, after gunicorn forks
        from shared.infra.connect import connect
        client = connect(os.environ["REDIS_URL"])
        _redis.append(client.register_script("return {'appended', ARGV[1]}"))
    return _redis[0]


@app_round_trip.post("/v1/matches/<match_id>/commands")
def round_trip_command(match_id):
    data = BODY.load(request.get_json())
    _script()(keys=[], args=[data["command_id"]])
    event = {"type": "Marked", "data": {"cell": data["command"]["cell"], "seat": 0}}
    return ANSWER.dump({"version": data["expected_version"] + 1, "to_act": [1],
                        "events": [event]})


app_round_trip.get("/readyz")(ready)


def body(n: int) -> dict:
    """The n-th request's body: a command as a client sends one."""
    return {"command": {"type": "mark", "cell": n % 9}, "command_id": f"{n:032x}",
            "expected_version": n}
