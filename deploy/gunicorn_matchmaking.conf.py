"""gunicorn settings for the matchmaking service (port 8001):
`gunicorn -c deploy/gunicorn_matchmaking.conf.py services.matchmaking.wsgi:app`.

The metrics hooks are gunicorn.conf.py's; give this service a PROMETHEUS_MULTIPROC_DIR of
its own, since starting empties that directory's metric files.
"""
import multiprocessing
import os
import runpy

from shared.web.gunicorn_errors import install as json_errors
from shared.web.gunicorn_writes import install as single_writes

json_errors()  # gunicorn's own 400s (request line or headers too long...) as our JSON
single_writes()  # headers and body of an answer in one send

bind = os.environ.get("ORRERY_MATCHMAKING_BIND",
                      f"127.0.0.1:{os.environ.get('MATCHMAKING_PORT', '8001')}")
workers = int(os.environ.get("ORRERY_MATCHMAKING_WORKERS", multiprocessing.cpu_count() + 1))
# gevent, like the match API: a slow client holds a greenlet, not one of a few threads (with
# gthread, 30 connections sending a body a byte at a time held every thread and the API
# stopped answering; shared/web/guard.py bounds how long a body may take, and
# shared/web/gunicorn_worker.py how many connections one client may hold).
worker_class = os.environ.get("ORRERY_MATCHMAKING_WORKER_CLASS", "gevent")
if worker_class == "gevent":  # with a cap on each client's connections
    worker_class = "shared.web.gunicorn_worker.CappedGeventWorker"
worker_connections = int(os.environ.get("ORRERY_MATCHMAKING_CONNECTIONS", "2000"))
threads = int(os.environ.get("ORRERY_THREADS", "8"))  # gthread only
timeout = 30
graceful_timeout = 15
keepalive = 5
accesslog = "-"
errorlog = "-"

_match = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                     "gunicorn.conf.py"))
on_starting = _match["on_starting"]
child_exit = _match["child_exit"]
when_ready = _match["when_ready"]
