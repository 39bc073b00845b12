"""gunicorn settings for the match service: `gunicorn -c deploy/gunicorn.conf.py
services.match.api.wsgi:app`.

gevent workers serve every route of API.md on this one port, the live (SSE) ones included:
an open stream is a greenlet waiting on a Redis socket, not a thread, so a few thousand
streams never take what commands need (bench/turns_sse.py measures a thousand on one
process). gevent is also the cheaper worker for short requests here: measured with
`python -m bench http_load` on 2 cores, gevent workers answered 1,650-1,850 commands/s at
0.89-1.0 ms of server CPU per command in every run; gthread workers from 740/s at 1.54 ms
to 1,860/s at 0.9 ms, depending on how connections fell on workers (a request in gthread
passes between the poller thread and a pool thread, and threads of one worker contend for
the GIL), and 1,510-1,620/s at concurrency 8-16. A gevent worker runs one request's Python
at a time, so a long CPU-bound request delays the others of its worker.
ORRERY_WORKER_CLASS=gthread (with ORRERY_THREADS) remains available for comparison.
Compared again for issue 27 (gevent with 1, 2 and 4 workers, gthread with 4 and 16 threads,
sync; docs/BENCHMARKS.md): no class or count was cheaper per command beyond the noise of a
loaded machine, so gevent stays, the one class that also holds thousands of live streams.
"""
import glob
import multiprocessing
import os

from shared.web.gunicorn_errors import install as json_errors
from shared.web.gunicorn_writes import install as single_writes

json_errors()  # gunicorn's own 400s (request line or headers too long...) as our JSON
single_writes()  # headers and body of an answer in one send

bind = os.environ.get("ORRERY_BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
# One gevent worker per core, at least two (so one long CPU-bound request never stalls
# every connection): on 2 cores, 2 workers gave 1,800-1,850 commands/s at concurrency
# 4-16, 4 workers 1,650-1,780 (more processes to switch between, no more cores).
workers = int(os.environ.get("ORRERY_WORKERS", max(2, multiprocessing.cpu_count())))
worker_class = os.environ.get("ORRERY_WORKER_CLASS", "gevent")
if worker_class == "gevent":  # with a cap on each client's connections
    worker_class = "shared.web.gunicorn_worker.CappedGeventWorker"
# Concurrent connections per gevent worker (open live streams count; each holds a Redis
# connection while it waits, so workers x connections stays below Redis's maxclients).
worker_connections = int(os.environ.get("ORRERY_CONNECTIONS", "2000"))
threads = int(os.environ.get("ORRERY_THREADS", "16"))  # gthread only
# The timeout watches each worker's heartbeat, not request length, so a live stream
# (which ends by itself after ORRERY_SSE_MAX_SECONDS) is not killed by it.
timeout = int(os.environ.get("ORRERY_WORKER_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
# No access log by default: /metrics counts every request by route and status, and writing
# a line per request costs about 65 us of a worker's CPU (a command costs under 1 ms in
# all). ORRERY_ACCESS_LOG=- turns it on (to stdout), or names a file.
accesslog = os.environ.get("ORRERY_ACCESS_LOG") or None
errorlog = "-"


def _enough_files(connections: int) -> None:
    """Each open connection is a socket, and each live stream waits on a Redis connection of
    its own: a worker at `worker_connections` holds about twice that many files, more than
    the common soft limit of 1,024 allows (past it, accept() fails and the worker stops
    answering anyone). Raise the soft limit towards the hard one, as far as allowed."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2 * connections + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, ceiling), hard))


_enough_files(worker_connections)


def on_starting(server):
    """Start from an empty metrics directory: stale files would count dead workers."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory:
        os.makedirs(directory, exist_ok=True)
        for path in glob.glob(os.path.join(directory, "*.db")):  # only prometheus's files
            os.remove(path)


def when_ready(server):
    """Beat the master's heartbeat (shared/infra/heartbeat.py) from a thread, so `make run`'s
    supervisor sees a stopped or frozen master; hung workers are the master's own to
    replace (`timeout`)."""
    from shared.infra.heartbeat import Heartbeat, beat_forever
    beat_forever(Heartbeat())


def child_exit(server, worker):
    """Let the metrics of a worker that exited stop counting as live gauges."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess
        multiprocess.mark_process_dead(worker.pid)
