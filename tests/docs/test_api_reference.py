"""docs/API.md lists every error code either service can answer, and the README points
there (a user's clone has no ../shared)."""
import importlib
import pkgutil
import re
from pathlib import Path

import services.match
import services.matchmaking
from shared.web import gunicorn_errors
from shared.web.errors import ApiError

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "API.md"
# Codes made from werkzeug's exceptions rather than declared as ApiError subclasses.
FROM_WERKZEUG = {"method_not_allowed"}


def _import_everything(package) -> None:
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not module.name.endswith(("wsgi", "__main__")):  # those build an app from env
            importlib.import_module(module.name)


def _codes(cls) -> set:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub.code} | _codes(sub)
    return found


def _documented() -> set:
    rows = re.findall(r"^\| \d{3} \| `([a-z_]+)` \|", REFERENCE.read_text(), re.MULTILINE)
    return set(rows)


def test_every_error_code_of_both_services_is_in_the_reference():
    _import_everything(services.match)
    _import_everything(services.matchmaking)
    codes = _codes(ApiError) | {ApiError.code} | FROM_WERKZEUG | set(gunicorn_errors.CODES.values())
    missing = codes - _documented()
    assert not missing, f"docs/API.md does not list {sorted(missing)}"


def test_the_readme_links_to_the_reference_in_the_repository():
    readme = (ROOT / "README.md").read_text()
    assert "docs/API.md" in readme and "../shared" not in readme
