"""The match service: owns match logs, takes commands, serves views (ARCHITECTURE.md)."""
