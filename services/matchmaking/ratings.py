"""Ratings: openskill's Plackett-Luce model over match results (pure).

One rating per player per game. A rating is provisional until the player has finished
PROVISIONAL_MATCHES rated matches. The number shown is a conservative estimate, scaled
so a new player starts at 1500 - 3 sigma (the leaderboard orders by it). Reliability
counts every finished match, rated or not: timeouts and abandonments lower it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping

from openskill.models import PlackettLuce

from services.matchmaking.results import MatchResult

PROVISIONAL_MATCHES = 5
DISPLAY_BASE = 1500.0
DISPLAY_SCALE = 40.0
TIMEOUT_PENALTY = 0.25      # one missed turn costs a quarter of a match
ABANDON_PENALTY = 1.0       # an abandoned seat costs a whole match
RELIABILITY_PRIOR = 2.0     # matches of good conduct everybody starts with

_MODEL = PlackettLuce()
MU, SIGMA = _MODEL.mu, _MODEL.sigma


@dataclass(frozen=True)
class Standing:
    """A player's standing in one game."""

    player_id: str
    name: str = ""
    mu: float = MU
    sigma: float = SIGMA
    rated_matches: int = 0
    matches: int = 0            # every finished match, rated or not
    penalty: float = 0.0        # timeouts and abandonments, weighted

    @property
    def rating(self) -> float:
        return display_rating(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.rated_matches < PROVISIONAL_MATCHES

    @property
    def reliability(self) -> float:
        return reliability(self.matches, self.penalty)


def display_rating(mu: float, sigma: float) -> float:
    """The rating shown and ranked by: 1500 at mu - 3 sigma = 25 - 25 = 0, 40 per point."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3.0 * sigma), 1)


def reliability(matches: int, penalty: float) -> float:
    """The share of matches played through, smoothed so one early timeout is not a verdict."""
    return max(0.0, 1.0 - penalty / (matches + RELIABILITY_PRIOR))


def conduct_penalty(timeouts: int, abandons: int) -> float:
    """What one match's missed turns and abandonments cost (at most one match's worth)."""
    return min(1.0, TIMEOUT_PENALTY * timeouts + ABANDON_PENALTY * abandons)


def rate(standings: list, ranks: list) -> list:
    """New (mu, sigma) for each standing after a match they finished at `ranks` (1 best)."""
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in standings]
    rated = _MODEL.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]


def apply_result(table: Mapping[str, Standing], result: MatchResult) -> dict:
    """The standings `result` changes, by player id (those not in `table` start fresh)."""
    humans = result.humans
    current = {s.player_id: table.get(s.player_id) or Standing(s.player_id) for s in humans}
    changed = {}
    for seat in humans:
        before = changed.get(seat.player_id, current[seat.player_id])
        changed[seat.player_id] = replace(
            before, name=seat.name or before.name, matches=before.matches + 1,
            penalty=before.penalty + conduct_penalty(seat.timeouts, seat.abandons))
    if result.rated:
        players = [changed[s.player_id] for s in humans]
        for seat, (mu, sigma) in zip(humans, rate(players, [s.rank for s in humans])):
            before = changed[seat.player_id]
            changed[seat.player_id] = replace(before, mu=mu, sigma=sigma,
                                              rated_matches=before.rated_matches + 1)
    return changed


def replay(results: Iterable[MatchResult]) -> dict:
    """Every standing, from results applied in their order (live updates do the same)."""
    table: dict = {}
    for result in sorted(results, key=lambda r: r.order_key):
        table.update(apply_result(table, result))
    return table
