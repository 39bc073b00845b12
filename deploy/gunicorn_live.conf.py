"""gunicorn settings for a process of live routes (SSE) only:
`gunicorn -c deploy/gunicorn_live.conf.py services.match.api.wsgi:app`.

Not needed to serve them: the API itself (deploy/gunicorn.conf.py) runs gevent workers and
answers `/v1/matches/*/live` and `/v1/players/me/live` on port 8000 with every other route,
so `make run` and docker-compose start no separate live process. This config remains for
bench/turns_sse.py (one gevent process holding a thousand feeds) and for a deployment that
wants its streams on processes of their own, behind a proxy that routes the live paths here.
"""
import os

from shared.web.gunicorn_errors import install as json_errors
from shared.web.gunicorn_writes import install as single_writes

json_errors()  # gunicorn's own 400s (request line or headers too long...) as our JSON
single_writes()  # headers and body of an answer in one send

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
