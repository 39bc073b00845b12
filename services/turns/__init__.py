"""The turns service: clocks swept into timeouts, the "your turn" projection, notifications
(a player's live feed, signed webhooks) and the end of vacations. Celery workers and beat;
it never appends to a match log (only the match service does): it sends system commands."""
