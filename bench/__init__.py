"""Orrery benchmarks: `python -m bench [name...]` prints one JSON line per figure.

Each bench is a module with `run() -> list[dict]`. Every bench finds Redis the way the
tests do (shared.infra.redis_server.resolve), works in a namespace of its own and deletes it.
"""
