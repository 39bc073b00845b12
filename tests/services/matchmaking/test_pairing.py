"""Pairing as a pure function: (tickets, now) -> groups."""
from hypothesis import given, settings, strategies as st

from services.matchmaking.pairing import (
    MAX_WINDOW, Ticket, bot_level, mutually_acceptable, pair, window)
from shared.games import bot_levels

NOW = 1_000_000.0


def ticket(n, rating=25.0, waited=0.0, sigma=1.0, **extra):
    return Ticket(ticket_id=f"t{n}", player_id=extra.pop("player_id", f"p{n}"), rating=rating,
                  sigma=sigma, created_at=NOW - waited, max_wait=extra.pop("max_wait", 3600),
                  **extra)


def test_two_close_players_are_paired_at_once():
    result = pair([ticket(1, 25.0), ticket(2, 25.5)], NOW, 2)
    assert [set(g.ticket_ids) for g in result.groups] == [{"t1", "t2"}]


def test_distant_players_wait_until_their_windows_have_widened():
    fresh = [ticket(1, 20.0), ticket(2, 30.0)]
    assert pair(fresh, NOW, 2).groups == ()
    patient = [ticket(1, 20.0, waited=600), ticket(2, 30.0, waited=600)]
    assert len(pair(patient, NOW, 2).groups) == 1


def test_a_pairing_needs_both_sides_to_accept():
    """The newcomer's narrow window refuses the veteran's wide one."""
    result = pair([ticket(1, 20.0, waited=3000), ticket(2, 30.0)], NOW, 2)
    assert result.groups == ()


def test_the_longest_waiting_ticket_is_served_first():
    """Two candidates at the same distance: the seed is the one waiting longest."""
    tickets = [ticket(1, 25.0, waited=10), ticket(2, 25.2, waited=500), ticket(3, 25.4)]
    group = pair(tickets, NOW, 2).groups[0]
    assert group.ticket_ids[0] == "t2"


def test_the_nearest_rating_is_preferred():
    tickets = [ticket(1, 25.0, waited=100), ticket(2, 26.2), ticket(3, 25.1)]
    assert set(pair(tickets, NOW, 2).groups[0].ticket_ids) == {"t1", "t3"}


def test_reliable_players_prefer_reliable_opponents():
    tickets = [ticket(1, 25.0, waited=100), ticket(2, 25.1, reliability=0.2),
               ticket(3, 25.3, reliability=1.0)]
    assert set(pair(tickets, NOW, 2).groups[0].ticket_ids) == {"t1", "t3"}


def test_different_options_never_meet():
    result = pair([ticket(1, options_key="a"), ticket(2, options_key="b")], NOW, 2)
    assert result.groups == ()


def test_a_player_is_never_paired_with_themselves():
    result = pair([ticket(1, player_id="p"), ticket(2, player_id="p")], NOW, 2)
    assert result.groups == ()


def test_groups_of_four_are_tight_runs():
    tickets = [ticket(i, 20.0 + i * 0.3) for i in range(8)]
    result = pair(tickets, NOW, 4)
    assert len(result.groups) == 2 and all(len(g.ticket_ids) == 4 for g in result.groups)


def test_a_lone_ticket_allowing_bots_gets_a_bot_of_its_level_after_its_wait():
    lone = ticket(1, 33.0, waited=61, max_wait=60, allow_bots=True)
    group = pair([lone], NOW, 2).groups[0]
    assert group.ticket_ids == ("t1",) and group.bots == (bot_level(33.0),) == (3,)


def test_bot_levels_are_only_levels_that_exist_and_the_nearest_the_rating():
    for tenth in range(-200, 800):
        rating = tenth / 10
        level = bot_level(rating)
        assert level in bot_levels.LEVELS
        assert all(abs(bot_levels.LEVEL_MU[level] - rating)
                   <= abs(bot_levels.LEVEL_MU[other] - rating) for other in bot_levels.LEVELS)
    assert bot_level(-50.0) == min(bot_levels.LEVELS)
    assert bot_level(500.0) == max(bot_levels.LEVELS)


def test_a_new_player_gets_the_default_level():
    lone = ticket(1, 25.0, waited=61, max_wait=60, allow_bots=True)
    assert pair([lone], NOW, 2).groups[0].bots == (bot_levels.DEFAULT_LEVEL,)


def test_a_lone_ticket_without_bots_expires_after_its_wait():
    result = pair([ticket(1, waited=61, max_wait=60)], NOW, 2)
    assert result.groups == () and result.expired == ("t1",)


def test_bots_complete_a_partial_table_of_players_allowing_them():
    tickets = [ticket(i, 25.0 + i * 0.1, waited=100, max_wait=60, allow_bots=True)
               for i in range(2)]
    group = pair(tickets, NOW, 4).groups[0]
    assert len(group.ticket_ids) == 2 and len(group.bots) == 2


def test_windows_widen_with_waiting_time_and_are_capped():
    widths = [window(w, 1.0) for w in (0, 30, 300, 3000, 10 ** 9)]
    assert widths == sorted(widths) and widths[-1] == MAX_WINDOW


tickets_strategy = st.lists(
    st.builds(lambda i, r, w, s, b, m: (i, r, w, s, b, m),
              st.integers(0, 30), st.floats(0, 50), st.floats(0, 5000), st.floats(0.5, 8.4),
              st.booleans(), st.floats(10, 4000)),
    max_size=40)


@settings(max_examples=150, deadline=None)
@given(tickets_strategy, st.integers(2, 6))
def test_every_group_is_acceptable_to_all_its_members_and_no_ticket_is_used_twice(raw, size):
    tickets = [ticket(n, r, waited=w, sigma=s, allow_bots=b, max_wait=m, player_id=f"p{i}")
               for n, (i, r, w, s, b, m) in enumerate(raw)]
    by_id = {t.ticket_id: t for t in tickets}
    result = pair(tickets, NOW, size)
    seen = [tid for g in result.groups for tid in g.ticket_ids] + list(result.expired) \
        + list(result.waiting)
    assert sorted(seen) == sorted(by_id)
    for group in result.groups:
        members = [by_id[t] for t in group.ticket_ids]
        assert len(members) + len(group.bots) == size
        assert len({m.player_id for m in members}) == len(members)
        assert mutually_acceptable([m.rating for m in members],
                                   [window(NOW - m.created_at, m.sigma) for m in members])
        if group.bots:
            assert any(NOW - m.created_at >= m.max_wait for m in members)
            assert all(m.allow_bots for m in members)


@settings(max_examples=50, deadline=None)
@given(tickets_strategy)
def test_a_pass_is_deterministic(raw):
    tickets = [ticket(n, r, waited=w, sigma=s) for n, (i, r, w, s, b, m) in enumerate(raw)]
    assert pair(tickets, NOW, 2) == pair(list(reversed(tickets)), NOW, 2)
