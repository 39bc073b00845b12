"""The command path: load, decide, append, announce; match creation, seating, invitations and platform commands."""
