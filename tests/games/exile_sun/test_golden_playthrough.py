"""The golden 3-player playthrough (golden.py says how it was recorded): the exported log
re-executes exactly from its seed, every audience is shown exactly what it was shown when it
was recorded, and at every version no seat's view or event feed carries another seat's
secrets (p15, Public Information)."""
import json

import pytest

from services.match.verify import verify
from shared.games.exile_sun import GAME
from shared.games.replay import apply
from tests.games.exile_sun.golden import LOG_FILE, SEATS, VIEWS_FILE, digests

SECRET_PLAYER_FIELDS = ("hand", "techs", "agendas", "storage", "trophies", "supply",
                        "allocation", "private_vp", "reserve_under", "regroup")


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


def test_no_seat_is_shown_another_seats_secrets_at_any_version(events):
    """Hands, Tech cards, agendas, supplies, allocations and private VPs are the owner's;
    an enemy fleet's value shows only once revealed in battle or scanned by this seat."""
    state, checked = None, 0
    for event in events:
        state = apply(state, event)
        game = state.game_state
        if game is None or game.phase == "over":
            continue
        for seat in [None, *range(SEATS)]:
            view = GAME.view(game, seat)
            for player in view["players"]:
                if player["seat"] != seat:
                    assert not set(SECRET_PLAYER_FIELDS) & set(player), (event["v"], seat)
            for shown in view["fleets"]:
                mine = shown["owner"] == seat
                public = (shown["id"] in game.revealed or (seat, shown["id"]) in game.known
                          or shown["count"] is not None)
                assert (shown["kind"] is not None) == (mine or public), (event["v"], seat, shown)
            redacted = GAME.redact({"type": event["type"], "data": event["data"]}, seat)
            owner = event["data"].get("seat")
            if event["type"] in ("CardsDrawn", "AgendasDealt", "BudgetAllocated",
                                 "ShipsCommitted", "TacticsSet") and owner != seat:
                assert not {"cards", "allocation", "columns"} & set(redacted["data"])
            checked += 1
    assert checked > 500
