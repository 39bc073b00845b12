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



def _game_command_schemas(spec) -> set:
    """The schemas of the games' own command bodies (named after their game)."""
    from shared.games.registry import games
    prefixes = tuple(name.replace("_", "").lower() for name in games())
    return {name for name in spec["components"]["schemas"]
            if name.lower().startswith(prefixes)}


def test_every_field_of_the_platforms_bodies_is_in_the_reference(settings):
    """Every property of every body /openapi.json describes (requests and answers of both
    services: tokens' `revoke_others`, the view's `invited`, clocks, vacations...) is named
    in docs/API.md. The games' own command schemas are each game's rulebook's, and
    flask-smorest's pagination header is not ours."""
    from services.match.api.app import create_app as create_match
    from services.matchmaking.app import create_app as create_matchmaking
    reference = REFERENCE.read_text()
    missing = []
    for service in (create_match(settings), create_matchmaking(settings)):
        spec = service.test_client().get("/openapi.json").get_json()
        skipped = _game_command_schemas(spec) | {"PaginationMetadata"}
        for name, schema in spec["components"]["schemas"].items():
            if name not in skipped:
                missing += [f"{name}.{prop}" for prop in schema.get("properties") or {}
                            if f"`{prop}`" not in reference and f'"{prop}"' not in reference]
    assert not missing, f"not in docs/API.md: {missing}"
