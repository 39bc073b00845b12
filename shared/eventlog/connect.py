"""One way to open a Redis client, so every part agrees on bytes replies."""
import redis


def connect(url: str) -> redis.Redis:
    """A client returning bytes (snapshots are binary; log code decodes what it reads)."""
    return redis.Redis.from_url(url, decode_responses=False, health_check_interval=30)
