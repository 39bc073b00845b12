"""marshmallow schemas at the edge: envelopes, bus messages, error bodies, game commands."""
