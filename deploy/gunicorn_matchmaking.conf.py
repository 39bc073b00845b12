"""gunicorn settings for the matchmaking service (port 8001):
`gunicorn -c deploy/gunicorn_matchmaking.conf.py services.matchmaking.wsgi:app`."""
import multiprocessing
import os
import shutil

bind = os.environ.get("ORRERY_MATCHMAKING_BIND",
                      f"127.0.0.1:{os.environ.get('MATCHMAKING_PORT', '8001')}")
workers = int(os.environ.get("ORRERY_MATCHMAKING_WORKERS", multiprocessing.cpu_count() + 1))
worker_class = "gthread"
threads = int(os.environ.get("ORRERY_THREADS", "8"))
timeout = 30
graceful_timeout = 15
keepalive = 5
accesslog = "-"
errorlog = "-"


def on_starting(server):
    """Start from an empty metrics directory (its own, not the match service's)."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory:
        shutil.rmtree(directory, ignore_errors=True)
        os.makedirs(directory, exist_ok=True)


def child_exit(server, worker):
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess
        multiprocess.mark_process_dead(worker.pid)
