"""The golden 3-player playthrough (golden.py says how it was recorded): the exported log
re-executes exactly from its seed, every audience is shown exactly what it was shown when it
was recorded, and no seat's view or event feed carries another seat's secrets (p15, Public
Information)."""
import json

import pytest

from services.match.verify import verify
from shared.games.exile_sun import GAME
from shared.games.replay import apply
from tests.contract import secrecy
from tests.contract.playouts import positions
from tests.games.exile_sun.golden import LOG_FILE, SEATS, VIEWS_FILE, digests

SAMPLED_VERSIONS = 60


@pytest.fixture(scope="module")
def events():
    return [json.loads(line) for line in LOG_FILE.read_text(encoding="utf-8").splitlines()]


def test_the_log_re_executes_from_its_seed(events):
    """Every batch is decided again from its recorded cause and the match's seed (the match
    service's own decision function) and must come out identical."""
    verdict = verify(events, events[0]["seed"])
    assert verdict.complete and verdict.re_executed == len(events)
    assert verdict.state.status == "finished"
    assert GAME.outcome(verdict.state.game_state)["reason"] == events[-1]["data"]["reason"]


def test_every_audience_is_shown_what_it_was_shown_when_recorded(events):
    recorded = json.loads(VIEWS_FILE.read_text(encoding="utf-8"))
    now = digests(events)
    for audience in recorded:
        for cycle, (was, is_now) in enumerate(zip(recorded[audience], now[audience]), 1):
            assert was == is_now, f"audience {audience}: what it saw differs by cycle {cycle}"
    assert now == recorded


def test_no_seat_can_tell_the_match_from_worlds_that_differ_in_its_secrets(events):
    """The greedy bots' match, checked as every game's matches are (tests/contract/secrecy.py):
    at a seeded sample of versions, each seat and a spectator are shown byte for byte the same
    in a world its sampler drew (other hands, Tech cards, agendas, supplies, allocations,
    commits and tactics, fleet values it has not seen), and the next events the same."""
    match = secrecy.Match(GAME, SEATS, "golden-exile-sun")
    state = None
    for event in events:
        cause = event.get("cause") or {}
        if "seat" in cause:
            match.commands[len(match.states)] = (cause["seat"], cause["command"])
        state = apply(state, event)
        match.states.append(state.game_state)
    assert len(match.commands) > 100
    found = []
    for index in positions(len(match.states), SAMPLED_VERSIONS, seed=3):
        seat = [None, *range(SEATS)][index % (SEATS + 1)]
        found += secrecy.check_position(match, index, seat)
    assert found == [], found[:3]
