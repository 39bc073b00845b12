"""The matchmaking service: tickets, pools, pairing, ratings and leaderboards.

Pure policy (pairing.py, ratings.py, results.py) is wrapped by effects: pools.py and
standings.py keep state in Redis, loop.py runs pairing passes, consumer.py and tasks.py take
the bus's news to Celery, app.py and api/ are the HTTP edge.
"""
