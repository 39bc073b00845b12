"""Property-based fuzzing of the whole API from its own /openapi.json: no input gets a 5xx,
and every answer matches the documented status codes, content types and schemas."""
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

schema = schemathesis.pytest.from_fixture("api_schema")
# Looked up by name: schemathesis 4 registers its checks in `schemathesis.checks`.
CHECKS = [checks.not_a_server_error, checks.status_code_conformance,
          checks.content_type_conformance, checks.response_schema_conformance]


@pytest.fixture
def api_schema(app):
    app.config["SSE_MAX_SECONDS"] = 0.2  # a generated live request must not hold the test
    return schemathesis.openapi.from_wsgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_input_gets_a_server_error(case):
    """No generated request gets a 5xx. Long (about a minute on two busy cores): 8
    generated requests for every operation of the API (derandomized: the same ones every
    run), and the generation is the test."""
    case.call_and_validate(checks=CHECKS)


@schema.parametrize()
@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_input_against_a_real_match_as_its_player_gets_a_server_error(case, ana, ttt):
    """The same, but past the 401s and 404s: a real match and a seated player's token. Long,
    as the test above, for the same reason."""
    if "match_id" in (case.path_parameters or {}):
        case.path_parameters["match_id"] = ttt
    case.call_and_validate(checks=CHECKS, headers=ana.headers)
