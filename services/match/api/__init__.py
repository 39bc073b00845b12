"""The HTTP edge: one flask-smorest Blueprint per resource (shared/web/api.py), documented
in /openapi.json."""
