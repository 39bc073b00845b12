"""The bot Celery app for system tests: the real app, with games wired (see wiring.py).

    celery -A tests.services.bot.worker_app worker --pool=solo
"""
from tests.services.bot.wiring import wire

wire()

from services.bot.celery_app import app  # noqa: E402  (after wiring, on purpose)

__all__ = ["app"]
