"""Infrastructure: Redis connections (single or cluster), local Redis servers, Celery broker, configuration and leases, crash-test pause points."""
