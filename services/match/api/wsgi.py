"""The WSGI entry point: `gunicorn -c deploy/gunicorn.conf.py services.match.api.wsgi:app`."""
from services.match.api.app import create_app
from shared.config import Settings

app = create_app(Settings.from_env())
