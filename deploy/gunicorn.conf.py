"""gunicorn settings for the match service: `gunicorn -c deploy/gunicorn.conf.py
services.match.wsgi:app`.

gthread workers, because a live (SSE) stream holds a thread while it waits on Redis.
"""
import glob
import multiprocessing
import os

bind = os.environ.get("ORRERY_BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("ORRERY_WORKERS", 2 * multiprocessing.cpu_count()))
worker_class = "gthread"
threads = int(os.environ.get("ORRERY_THREADS", "16"))
# With gthread the timeout watches the worker's heartbeat, not request length, so a live
# stream (which ends by itself after ORRERY_SSE_MAX_SECONDS) is not killed by it.
timeout = int(os.environ.get("ORRERY_WORKER_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
accesslog = "-"
errorlog = "-"


def on_starting(server):
    """Start from an empty metrics directory: stale files would count dead workers."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory:
        os.makedirs(directory, exist_ok=True)
        for path in glob.glob(os.path.join(directory, "*.db")):  # only prometheus's files
            os.remove(path)


def child_exit(server, worker):
    """Let the metrics of a worker that exited stop counting as live gauges."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess
        multiprocess.mark_process_dead(worker.pid)
