"""`gunicorn -c deploy/gunicorn_matchmaking.conf.py services.matchmaking.wsgi:app`."""
from services.matchmaking.app import create_app
from shared.config import Settings

app = create_app(Settings.from_env())
