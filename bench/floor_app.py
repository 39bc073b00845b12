"""A bare Flask app with one route shaped like POST /commands: the body loaded by a
marshmallow schema, a small answer dumped by another, nothing else (no auth, no Redis, no
game). bench/command_floor.py measures it in process and served by gunicorn as the match
service is, to say what the frameworks cost a command before any of Orrery's own work."""
from __future__ import annotations

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


def body(n: int) -> dict:
    """The n-th request's body: a command as a client sends one."""
    return {"command": {"type": "mark", "cell": n % 9}, "command_id": f"{n:032x}",
            "expected_version": n}
