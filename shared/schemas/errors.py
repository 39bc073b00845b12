"""The one error body every Orrery service answers with (API.md, "Errors")."""
from marshmallow import Schema, fields


class ErrorSchema(Schema):
    """`{"error": code, "message": sentence, ...}`; extra keys depend on the code."""

    error = fields.String(required=True, metadata={"description": "A stable code, e.g. not_found."})
    message = fields.String(required=True, metadata={"description": "A sentence a person understands."})
    fields_ = fields.Dict(data_key="fields", metadata={
        "description": "invalid_request only: which fields are wrong, and why."})
    current_version = fields.Integer(metadata={
        "description": "version_conflict only: the version the match is at now."})
