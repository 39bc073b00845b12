"""The HTTP edge every Orrery service shares: API.md's error table and its handlers, bearer
tokens, rate limiting, the probes-and-metrics blueprint and the flask-smorest setup.

It may import flask, flask-smorest, marshmallow, itsdangerous, prometheus_client and redis;
never services/ (each service's app.py composes these parts)."""
