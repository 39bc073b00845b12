"""gunicorn settings for the match service's live routes (SSE):
`gunicorn -c deploy/gunicorn_live.conf.py services.match.wsgi:app`.

The same app as deploy/gunicorn.conf.py, under gevent workers: an open feed is a greenlet
waiting on a Redis socket, not a thread, so one process holds thousands of them (measured by
bench/turns_sse.py) and they never take the threads the API's commands need. A proxy routes
`/v1/matches/*/live` and `/v1/players/me/live` here (docker-compose: match-live); the gthread
API answers the same routes too, for a deployment without a proxy.
"""
import os

bind = os.environ.get("ORRERY_LIVE_BIND", "127.0.0.1:8002")
workers = int(os.environ.get("ORRERY_LIVE_WORKERS", "2"))
worker_class = "gevent"
worker_connections = int(os.environ.get("ORRERY_LIVE_CONNECTIONS", "4000"))
timeout = int(os.environ.get("ORRERY_WORKER_TIMEOUT", "60"))
graceful_timeout = 10
keepalive = 5
accesslog = None
errorlog = "-"


def on_starting(server):
    """Start from an empty metrics directory (this service keeps a directory of its own)."""
    import glob
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory:
        os.makedirs(directory, exist_ok=True)
        for path in glob.glob(os.path.join(directory, "*.db")):
            os.remove(path)
