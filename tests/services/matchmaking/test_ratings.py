"""Ratings and reliability as pure functions over match results."""
from services.matchmaking.ratings import (
    PROVISIONAL_MATCHES, Standing, apply_result, display_rating, reliability, replay)
from services.matchmaking.results import MatchResult, SeatResult


def result(match_id, ranks, players=None, mode="ranked", at="2024-01-01T00:00:00.000Z", **seat):
    players = players or [f"p{i}" for i in range(len(ranks))]
    return MatchResult(match_id=match_id, game="exordium", mode=mode, finished_at=at,
                       seats=tuple(SeatResult(p, p and p.upper(), r, **seat)
                                   for p, r in zip(players, ranks)))


def test_the_winner_gains_and_the_loser_loses():
    table = apply_result({}, result("m", [1, 2]))
    assert table["p0"].mu > 25 > table["p1"].mu
    assert table["p0"].rating > display_rating(25, 25 / 3)


def test_a_draw_between_equals_changes_no_mean():
    table = apply_result({}, result("m", [1, 1]))
    assert abs(table["p0"].mu - table["p1"].mu) < 1e-9


def test_six_players_with_ties():
    table = apply_result({}, result("m", [1, 2, 2, 4, 5, 6]))
    mus = [table[f"p{i}"].mu for i in range(6)]
    # Tied seats move alike; the winner gains most and the last loses most. (openskill's
    # Plackett-Luce may leave a tied pair below the seat ranked after them.)
    assert mus[1] == mus[2] and max(mus) == mus[0] and min(mus) == mus[5]


def test_casual_and_bot_matches_are_not_rated_but_count_for_reliability():
    casual = apply_result({}, result("m", [1, 2], mode="casual"))
    assert casual["p0"].mu == 25 and casual["p0"].matches == 1
    bot = apply_result({}, result("m", [1, 2], players=["p0", None]))
    assert set(bot) == {"p0"} and bot["p0"].rated_matches == 0


def test_ratings_are_provisional_for_new_players():
    table = {}
    for n in range(PROVISIONAL_MATCHES):
        assert all(s.provisional for s in table.values())
        table.update(apply_result(table, result(f"m{n}", [1, 2])))
    assert not table["p0"].provisional


def test_timeouts_and_abandonments_lower_reliability():
    clean = apply_result({}, result("m", [1, 2]))["p0"].reliability
    late = apply_result({}, result("m", [1, 2], timeouts=2))["p0"].reliability
    gone = apply_result({}, result("m", [1, 2], abandons=1))["p0"].reliability
    assert clean == 1.0 > late > gone
    assert reliability(0, 0) == 1.0


def test_replay_applies_results_in_finishing_order_whatever_order_they_come_in():
    first = result("a", [1, 2], at="2024-01-01T00:00:00.000Z")
    second = result("b", [2, 1], at="2024-01-02T00:00:00.000Z")
    assert replay([second, first]) == replay([first, second])
    assert replay([first, second]) != replay([result("b", [2, 1], at="2023-12-31T00:00:00.000Z"),
                                              first])


def test_a_fresh_standing_is_shown_at_the_base_minus_three_sigma():
    assert Standing("p").rating == 1500.0
