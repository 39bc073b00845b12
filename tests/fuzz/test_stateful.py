"""Stateful fuzzing of both services (issue 14): sequences of generated requests, chained
along the links schemathesis infers from /openapi.json and started from real ids, find no
5xx and no answer outside the documented contract."""
from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings

from tests.fuzz.conftest import CHECKS

# Enough to walk every link a few times on a loaded 2-core machine in about a minute each.
FUZZ = settings(max_examples=40, stateful_step_count=6, deadline=None, derandomize=True,
                suppress_health_check=list(HealthCheck))
REAL_ID_SHARE = 0.7  # how often a generated id is swapped for a real one


def _machine(app, world, real: dict):
    """The service's state machine, acting as the world's players, on real ids mostly."""
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app)

    class Seeded(schema.as_state_machine()):
        def setup(self):
            world.reset()

        def before_call(self, case):
            chooser = world.chooser
            for name, values in real(world).items():
                if name in (case.path_parameters or {}) and chooser.random() < REAL_ID_SHARE:
                    case.path_parameters[name] = chooser.choice(values)

        def get_call_kwargs(self, case):
            return {"headers": world.caller()}

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(response, checks=CHECKS)

    return Seeded


def test_the_match_service_under_stateful_fuzzing(match_app, world):
    """Long (about a minute on two busy cores): hypothesis runs sequences of calls against
    the real app and Redis, and its search is the test."""
    _machine(match_app, world, lambda w: {"match_id": w.matches, "player_id": w.players}
             ).run(settings=FUZZ)


def test_the_matchmaking_service_under_stateful_fuzzing(mm_app, world):
    _machine(mm_app, world, lambda w: {"ticket_id": w.tickets, "player_id": w.players,
                                       "game": ["tictactoe", "exordium"]}).run(settings=FUZZ)
