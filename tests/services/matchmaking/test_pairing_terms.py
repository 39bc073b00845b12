"""Every ticket's terms are honoured: a group forms only on a clock every member accepts
(its own, or one it declared it also accepts), with the same options, and bots stand in on
the group's terms; a formed group's match is created on exactly those terms."""
from __future__ import annotations

import json
import time

from hypothesis import given, settings, strategies as st

from services.matchmaking.pairing import Ticket, agreed_clock, clock_key, pair
from services.matchmaking.pools import formed_message
from services.matchmaking.tickets import TicketRecord, pairing_entry, ticket_from_entry
from shared.schemas.matchmaking import FORMED
from tests.services.matchmaking.conftest import TICKET, bearer

NOW = 1_000_000.0
BLITZ = {"per_move_seconds": 2, "on_timeout": "forfeit"}
RAPID = {"per_move_seconds": 600, "on_timeout": "bot"}
CLOCKS = [clock_key(c) for c in (BLITZ, RAPID, {"per_move_seconds": 60, "on_timeout": "bot"},
                                 {"bank_seconds": 300, "increment_seconds": 5,
                                  "on_timeout": "skip"})]


@st.composite
def tickets(draw):
    n = draw(st.integers(0, 14))
    out = []
    for i in range(n):
        own = draw(st.sampled_from(CLOCKS))
        also = draw(st.lists(st.sampled_from(CLOCKS), max_size=3))
        clocks = tuple(dict.fromkeys([own] + also))
        out.append(Ticket(
            ticket_id=f"t{i}", player_id=f"p{draw(st.integers(0, 9))}",
            rating=draw(st.floats(15.0, 35.0)), sigma=draw(st.floats(0.5, 8.0)),
            created_at=NOW - draw(st.floats(0.0, 4000.0)),
            max_wait=draw(st.sampled_from([60.0, 600.0, 3600.0])),
            allow_bots=draw(st.booleans()), reliability=draw(st.floats(0.0, 1.0)),
            options_key=draw(st.sampled_from(["{}", '{"variant":"b"}'])), clocks=clocks))
    return out


@settings(max_examples=120, deadline=None)
@given(tickets(), st.integers(2, 4))
def test_every_formed_group_satisfies_every_members_terms(waiting, size):
    by_id = {t.ticket_id: t for t in waiting}
    result = pair(waiting, NOW, size)
    seen = []
    for group in result.groups:
        members = [by_id[tid] for tid in group.ticket_ids]
        seen += group.ticket_ids
        assert len(members) + len(group.bots) == size
        assert len({m.player_id for m in members}) == len(members)
        assert len({m.options_key for m in members}) == 1
        assert group.clock is not None and all(group.clock in m.clocks for m in members)
        if group.bots:  # bots stand in only for players who allowed them, on their clock
            assert all(m.allow_bots for m in members)
    assert len(seen) == len(set(seen))
    assert set(seen).isdisjoint(result.expired) and set(seen).isdisjoint(result.waiting)


def test_a_two_second_forfeit_clock_never_meets_a_ten_minute_one():
    """The issue's case: a ranked 2 s forfeit ticket and a 600 s one, both waiting their
    limit and allowing bots, each get bots on their own clock, never each other."""
    blitz = Ticket("t1", "p1", 25.0, 1.0, NOW - 4000, 3600, True, clocks=(CLOCKS[0],))
    rapid = Ticket("t2", "p2", 25.0, 1.0, NOW - 4000, 3600, True, clocks=(CLOCKS[1],))
    groups = pair([blitz, rapid], NOW, 3).groups
    assert sorted((g.ticket_ids, g.clock) for g in groups) == [
        (("t1",), CLOCKS[0]), (("t2",), CLOCKS[1])]
    assert all(len(g.bots) == 2 for g in groups)


def test_a_ticket_meets_another_on_a_clock_it_declared_it_accepts():
    flexible = Ticket("t1", "p1", 25.0, 1.0, NOW - 10, 3600, clocks=(CLOCKS[1], CLOCKS[2]))
    other = Ticket("t2", "p2", 25.0, 1.0, NOW, 3600, clocks=(CLOCKS[2],))
    (group,) = pair([flexible, other], NOW, 2).groups
    assert group.clock == CLOCKS[2]


def test_the_agreed_clock_is_the_one_most_members_asked_for():
    assert agreed_clock([("a", "b"), ("b",), ("b", "a")]) == "b"
    assert agreed_clock([("a", "b"), ("b", "a")]) == "a"  # a tie: the longest-waiting's
    assert agreed_clock([("a",), ("b",)]) is None


def _record(n, clock, accepted=()):
    return TicketRecord(ticket_id=f"t{n}", player_id=f"p{n}", pool="exordium.2.ranked.live",
                        game="exordium", players=2, mode="ranked", options={}, clock=clock,
                        allow_bots=False, max_wait=60, created_at=NOW - n,
                        accepted_clocks=accepted)


def test_the_formed_match_is_made_on_the_agreed_clock_not_the_first_tickets():
    first, second = _record(2, RAPID, accepted=(BLITZ,)), _record(1, BLITZ)
    entries = [ticket_from_entry(r.ticket_id, pairing_entry(r, 25.0, 1.0, 1.0))
               for r in (first, second)]
    (group,) = pair(entries, NOW, 2).groups
    message = formed_message("exordium.2.ranked.live", [first, second], group, NOW)
    assert message["clock"] == BLITZ and message["mode"] == "ranked"


def test_accepted_clocks_are_checked_like_the_tickets_own(mm, mm_ctx):
    """Each is a clock the game can be played on, of the ticket's clock class (its pool);
    refused, nothing waits."""
    headers = bearer(mm_ctx)
    other_class = mm.post("/v1/tickets", headers=headers, json={
        **TICKET, "clock": RAPID, "accepted_clocks": [{"per_move_seconds": 86400,
                                                       "on_timeout": "bot"}]})
    assert other_class.status_code == 400
    assert "live" in json.dumps(other_class.get_json()["fields"]["accepted_clocks"])
    no_pass = mm.post("/v1/tickets", headers=headers, json={
        "game": "tictactoe", "players": 2, "clock": RAPID,
        "accepted_clocks": [{"per_move_seconds": 60, "on_timeout": "skip"}]})
    assert no_pass.status_code == 400
    assert "no pass" in json.dumps(no_pass.get_json()["fields"]["accepted_clocks"])
    assert mm_ctx.redis.keys(mm_ctx.keys.waiting("*")) == []
    created = mm.post("/v1/tickets", headers=headers, json={
        **TICKET, "clock": RAPID, "accepted_clocks": [BLITZ]})
    assert created.status_code == 201
    record = mm_ctx.pools.get(created.get_json()["ticket_id"])
    assert record.clocks == (clock_key(RAPID), clock_key(BLITZ))


def _formed_messages(ctx) -> list:
    return [json.loads(fields[b"m"]) for stream in ctx.bus.streams(FORMED)
            for _, fields in ctx.redis.xrange(stream)]


def test_over_the_api_a_group_forms_only_on_a_clock_both_tickets_accept(mm, mm_ctx):
    """The issue's tickets (ranked, live pool: a 2 s forfeit clock and a 600 s one) wait
    apart; a third ticket that declared it also accepts the 600 s clock is paired with the
    second, and their match plays 600 s."""
    def ticket(clock, accepted=()):
        answer = mm.post("/v1/tickets", headers=bearer(mm_ctx), json={
            **TICKET, "clock": clock, "accepted_clocks": list(accepted)})
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()["ticket_id"]
    blitz, rapid = ticket(BLITZ), ticket(RAPID)
    pool = mm_ctx.pools.get(blitz).pool
    assert mm_ctx.pools.run_pass(pool, now=time.time() + 3000).groups == ()
    flexible = ticket({"per_move_seconds": 60, "on_timeout": "bot"}, accepted=[RAPID])
    (group,) = mm_ctx.pools.run_pass(pool).groups
    assert set(group.ticket_ids) == {rapid, flexible}
    (message,) = _formed_messages(mm_ctx)
    assert message["clock"] == RAPID and message["mode"] == "ranked"
    assert mm_ctx.pools.get(blitz).status == "waiting"
