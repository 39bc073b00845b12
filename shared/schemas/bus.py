"""Bus message schemas, shared by every service that publishes or consumes them.

Topics: "commands" (a command for a match, e.g. from a bot, or a system command from the
clock sweep), "matches" (a match was created or advanced), "rejections" (a bus command the
match service refused).

An announcement also goes to "bot-matches" when a bot plays any seat of the match, and to
"finished-matches" when the match is over (services/match/command_path/announce.py): the bot dispatcher
and matchmaking read those, so an append that concerns neither wakes neither (issue 15).
The copies are the same message, published with it in one round trip.
"""
from marshmallow import Schema, fields, validate

COMMANDS = "commands"
MATCHES = "matches"
BOT_MATCHES = "bot-matches"
FINISHED_MATCHES = "finished-matches"
REJECTIONS = "rejections"
# {"match_id"}: a finished match whose post-game analysis is wanted and not stored (the match
# API asks; the bot dispatcher enqueues the analysis task: shared/messages/analysis.py).
ANALYSIS_REQUESTS = "analysis-requests"


class BusCommandSchema(Schema):
    """A command submitted on the bus; `command_id` is required so redelivery is harmless."""

    match_id = fields.String(required=True, validate=validate.Length(1, 64))
    seat = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    command = fields.Dict(required=True)
    command_id = fields.String(required=True, validate=validate.Length(1, 100))
    expected_version = fields.Integer(strict=True, validate=validate.Range(min=0))


SYSTEM = "system"
SYSTEM_COMMANDS = ("time_out", "vacation_start", "vacation_end", "wormhole_arrival")


def vacation_end(player_id: str, until: str) -> tuple:
    """(command, command id) of the end of a player's vacation `until` in one match. The
    clock sweep and the vacation route both send it, and must send it alike: a repeated id
    with another command is refused as an id reused, and the same id makes one end of both."""
    return ({"type": "vacation_end", "player_id": player_id, "until": until},
            f"vacation-end:{player_id}:{until}")


class SystemCommandSchema(Schema):
    """A command from the platform itself (the clock sweep, the wormhole relay), not from a
    seat: {"type": "time_out", "seat", "version"} | {"type": "vacation_start", "player_id",
    "until"} | {"type": "vacation_end", "player_id", "until"} | {"type": "wormhole_arrival",
    <TransferSchema>}. The match service checks each against
    the log (a timeout must really be due at the version it names)."""

    source = fields.String(required=True, validate=validate.Equal(SYSTEM))
    match_id = fields.String(required=True, validate=validate.Length(1, 64))
    command = fields.Dict(required=True)
    command_id = fields.String(required=True, validate=validate.Length(1, 100))


class TransferSchema(Schema):
    """What crosses a wormhole from one match (table) of a battle group to another: a
    faction's ships, energy and numbers of event cards and asteroids
    (services/match/wormholes/groups.py). The transfer id (the sender's match id and the
    departure's version) makes it arrive once."""

    transfer_id = fields.String(required=True, validate=validate.Length(1, 100))
    from_match = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{32}$"))
    from_table = fields.Integer(required=True, strict=True, validate=validate.Range(0, 3))
    faction = fields.Integer(required=True, strict=True, validate=validate.Range(0, 15))
    ships = fields.Integer(required=True, strict=True, validate=validate.Range(1, 200))
    energy = fields.Integer(required=True, strict=True, validate=validate.Range(0, 1000))
    cards = fields.Integer(required=True, strict=True, validate=validate.Range(0, 100))
    asteroids = fields.Integer(strict=True, validate=validate.Range(0, 100), load_default=0)


class AnnouncedSeatSchema(Schema):
    """One seat as announced: who sits there, and whether a bot plays it now (`bot` is set
    for a bot seat and for a player's seat a bot took over: `taken_over`)."""

    seat = fields.Integer(required=True)
    player_id = fields.String(allow_none=True)
    bot = fields.String(allow_none=True)
    level = fields.Integer(allow_none=True)
    taken_over = fields.Boolean(load_default=False)  # sent only when true
    out = fields.String(allow_none=True, load_default=None)  # "resignation" | "forfeit"
    deadline = fields.Float(allow_none=True, load_default=None)  # epoch s, on a running clock
    turn_began_at_version = fields.Integer(allow_none=True, load_default=None)


class MatchAnnouncementSchema(Schema):
    """A match's log advanced (or began): who must act now, each seat's deadline and the
    version its turn began, and whether it is over (built in shared/messages/announcements.py)."""

    match_id = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True)
    to_act = fields.List(fields.Integer(), required=True)
    status = fields.String(required=True, validate=validate.OneOf(
        ["invited", "active", "finished", "aborted", "declined"]))
    seats = fields.List(fields.Nested(AnnouncedSeatSchema), required=True)
    outcome = fields.Dict(allow_none=True, load_default=None)
    created_at = fields.Float(allow_none=True, load_default=None)  # epoch seconds


class RejectionSchema(Schema):
    """A bus command that was not applied, and why (the HTTP error code and message); the
    sender (a bot: services/bot/refusals.py) reads it to try again."""

    match_id = fields.String(allow_none=True)
    seat = fields.Integer(allow_none=True)
    command_id = fields.String(allow_none=True)
    expected_version = fields.Integer(allow_none=True)
    error = fields.String(required=True)
    message = fields.String(required=True)
