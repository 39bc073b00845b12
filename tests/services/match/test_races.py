"""No race pays (issue 23, item 5): vacations, invitation answers and token rotations under
20-50 concurrent requests over real HTTP (a threaded server) against a real Redis, and on a
Redis Cluster (every operation's keys share one hash tag). Each test checks the invariant
the race used to break."""
from __future__ import annotations

import pytest

from services.match.api.app import create_app
from tests.served import Caller, fire, served

pytestmark = pytest.mark.cluster_too
DAILY = {"per_move_seconds": 86_400, "on_timeout": "bot"}  # a correspondence clock
ALLOWANCE = 30


@pytest.fixture
def app(settings, redis_backend):
    return create_app(settings)


@pytest.fixture
def base(app):
    with served(app) as url:
        yield url


def _match(creator: Caller, other: Caller, clock=None) -> str:
    """A tic-tac-toe match of the two, the other's invitation not answered yet."""
    made = creator.call("POST", "/v1/matches", json={
        "game": "tictactoe", "clock": clock,
        "seats": [{"player_id": creator.player_id}, {"player_id": other.player_id}]})
    assert made.status_code == 201, made.json()
    return made.json()["match_id"]


def _started(creator: Caller, other: Caller, clock=None) -> str:
    match_id = _match(creator, other, clock)
    assert other.call("POST", f"/v1/matches/{match_id}/accept").status_code == 200
    return match_id


def _types(caller: Caller, match_id: str) -> list:
    events = caller.call("GET", f"/v1/matches/{match_id}/events?limit=1000").json()["events"]
    return [e["type"] for e in events]


def _codes(answers) -> list:
    return sorted(a.status_code for a in answers)


def test_racing_vacation_ends_give_the_days_back_once(base):
    """The issue's case: ten concurrent DELETEs turned 30 days into 58, then 114."""
    ana, bo = Caller(base, "Ana"), Caller(base, "Bo")
    matches = [_started(ana, bo, DAILY) for _ in range(3)]
    assert ana.call("POST", "/v1/players/me/vacation", json={"days": 30}).status_code == 201
    answers = fire(40, lambda i: ana.call("DELETE", "/v1/players/me/vacation"))
    assert _codes(answers) == [200] + [409] * 39
    assert {a.json()["error"] for a in answers if a.status_code == 409} == {"not_on_vacation"}
    shown = ana.call("GET", "/v1/players/me/vacation").json()
    assert shown["days_left"] == ALLOWANCE - 1 and not shown["on_vacation"]
    assert all(_types(ana, match_id).count("VacationEnded") == 1 for match_id in matches)


def test_racing_starts_and_ends_never_pass_the_allowance(base):
    """Starts of 5 days and ends, 40 at once, three times over: the days taken never pass
    the allowance, each vacation gives back its unused days once, and no match is left
    paused once no vacation runs."""
    ana, bo = Caller(base, "Ana"), Caller(base, "Bo")
    match_id = _started(ana, bo, DAILY)
    starts = ends = 0
    for _ in range(3):
        answers = fire(40, lambda i: ana.call(*(("POST", "/v1/players/me/vacation")
                                                if i % 2 == 0 else
                                                ("DELETE", "/v1/players/me/vacation")),
                                              **({"json": {"days": 5}} if i % 2 == 0 else {})))
        assert {a.status_code for a in answers} <= {200, 201, 409, 422}
        starts += sum(a.status_code == 201 for a in answers)
        ends += sum(a.status_code == 200 for a in answers)
        used = ALLOWANCE - ana.call("GET", "/v1/players/me/vacation").json()["days_left"]
        assert 0 <= used <= ALLOWANCE
        # each start takes 5 days; each end gives back the whole days not used: 4, or
        # all 5 when it ends the vacation at the moment it started (an end racing it)
        assert 5 * starts - 5 * ends <= used <= 5 * starts - 4 * ends
        assert starts - ends in (0, 1)
    if starts > ends:
        assert ana.call("DELETE", "/v1/players/me/vacation").status_code == 200
        ends += 1
    types = _types(ana, match_id)
    assert types.count("VacationStarted") == types.count("VacationEnded") <= starts
    assert not ana.call("GET", "/v1/players/me/vacation").json()["on_vacation"]


def test_racing_answers_to_an_invitation_leave_one_answer(base):
    """Accepts by the invited player and declines by both, 30 at once: the match either
    started (one acceptance, its setup once) or was declined (one decline, nothing
    drawn): never both, never twice."""
    for _ in range(2):
        ana, bo = Caller(base, "Ana"), Caller(base, "Bo")
        match_id = _match(ana, bo)
        answers = fire(30, lambda i: (bo if i % 3 else ana).call(
            "POST", f"/v1/matches/{match_id}/{'accept' if i % 3 == 1 else 'decline'}"))
        assert {a.status_code for a in answers} <= {200, 409}
        assert {a.json()["error"] for a in answers if a.status_code == 409} <= {
            "invitation_closed"}
        types = _types(ana, match_id)
        answered = [t for t in types if t in ("InvitationAccepted", "InvitationDeclined")]
        assert len(answered) == 1, types
        status = ana.call("GET", f"/v1/matches/{match_id}").json()["status"]
        assert status == ("active" if answered == ["InvitationAccepted"] else "declined")
        assert types.count("GameStarted") == (1 if status == "active" else 0)


def test_racing_rotations_with_one_token_leave_one_token_working(base):
    """Twenty rotations sent at once with one token: exactly one succeeds, the token it
    returns works, and the others are refused (401) without revoking it."""
    ana = Caller(base, "Ana")
    answers = fire(20, lambda i: ana.call("POST", "/v1/players/me/tokens",
                                          json={"revoke_others": True}))
    assert _codes(answers) == [201] + [401] * 19
    (winner,) = [a.json()["token"] for a in answers if a.status_code == 201]
    assert ana.call("GET", "/v1/players/me/matches", token=winner).status_code == 200
    assert ana.call("GET", "/v1/players/me/matches").status_code == 401


def test_a_leaked_token_cannot_undo_its_owners_rotation(base):
    """The owner rotates while the thief, with the same leaked token, revokes every token
    and registers webhooks, all at once: the owner keeps a working token when the rotation
    won, and no webhook registered with the leaked token survives."""
    ana = Caller(base, "Ana")
    leaked = ana.token

    def one(i):
        if i == 0:
            return ana.call("POST", "/v1/players/me/tokens", json={"revoke_others": True})
        if i % 2:
            return ana.call("POST", "/v1/players/me/webhooks", token=leaked,
                            json={"url": f"http://93.184.216.34/thief/{i}"})
        return ana.call("DELETE", "/v1/players/me/tokens", token=leaked)
    answers = fire(24, one)
    rotation, deletes = answers[0], answers[2::2]
    assert {a.status_code for a in answers[1::2]} <= {201, 401, 409}
    assert sum(a.status_code == 204 for a in deletes) + (rotation.status_code == 201) == 1
    assert {a.status_code for a in deletes} <= {204, 401}
    if rotation.status_code == 201:
        fresh = rotation.json()["token"]
        listed = ana.call("GET", "/v1/players/me/webhooks", token=fresh)
        assert listed.status_code == 200 and listed.json()["webhooks"] == []
