"""Pairing: a pure function from the waiting tickets of one pool and the time to groups.

How a pass works (STYLE #12: pure policy, one named function per term):
- Each ticket accepts opponents whose rating is within its *window*, which starts narrow
  and widens with the ticket's waiting time (`window`), more for uncertain ratings.
- A group forms only if every member accepts every other (`mutually_acceptable`), all have
  the same game options, every member accepts one clock in common (`agreed_clock`: a
  ticket's own clock or one it declared it also accepts; the group plays it, bots
  included), and no player appears twice.
- Seeds are taken longest-waiting first; each seed gets the acceptable group of nearby
  tickets (in rating order) of least `cost`: the rating spread, plus a soft penalty for
  mixing reliable and unreliable players (`reliability_gap`).
- A ticket that has waited its limit is completed with bots when it allows them
  (`bot_level` picks the level of shared/bot_levels.py nearest the group's mean rating),
  else it expires.

Walking the tickets in rating order through a linked list of those still free keeps a pass
O(n log n): 10,000 tickets take a few tens of milliseconds (bench/matchmaking_pairing.py).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Optional, Sequence

from shared.games import bot_levels

BASE_WINDOW = 1.5            # rating points (openskill mu) accepted at once
WIDENING = 3.0               # points added per doubling of the waiting time...
WIDENING_SECONDS = 30.0      # ...measured in units of this many seconds
MAX_WINDOW = 60.0            # beyond this every rating is acceptable
SIGMA_SHARE = 0.5            # an uncertain rating widens its window by this share of sigma
RELIABILITY_WEIGHT = 2.0     # rating points one unit of reliability gap costs
EXTRA_CANDIDATES = 2         # free tickets looked at beyond the nearest on each side
BOT = bot_levels.SEARCHING_BOT


def clock_key(clock) -> str:
    """Equal for equal clocks, whatever their order: the text pairing compares."""
    return json.dumps(clock, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Ticket:
    """What pairing needs of a waiting ticket."""

    ticket_id: str
    player_id: str
    rating: float                 # openskill mu
    sigma: float
    created_at: float             # seconds since the epoch
    max_wait: float               # seconds
    allow_bots: bool = False
    reliability: float = 1.0      # 0 (always abandons) .. 1 (always finishes)
    options_key: str = ""         # tickets with different game options never meet
    clocks: tuple = ("null",)     # the clocks it accepts (clock_key): its own first


@dataclass(frozen=True)
class Group:
    """Tickets to seat together, and how many bots complete the table."""

    ticket_ids: tuple
    bots: tuple = ()              # one level per bot seat
    clock: Optional[str] = None   # the clock every member accepts (clock_key); None: the
                                  # ticket's own (a lone ticket that names no clocks)


@dataclass(frozen=True)
class Pass:
    """The result of one pairing pass."""

    groups: tuple = ()
    expired: tuple = ()           # ticket ids that waited their limit without a group
    waiting: tuple = field(default=())  # ticket ids left for the next pass


def window(waited: float, sigma: float) -> float:
    """How far from its own rating a ticket accepts opponents after `waited` seconds."""
    grown = BASE_WINDOW + WIDENING * math.log2(1.0 + max(0.0, waited) / WIDENING_SECONDS)
    return min(MAX_WINDOW, grown + SIGMA_SHARE * sigma)


def rating_spread(ratings: Sequence[float]) -> float:
    """The distance between the strongest and the weakest member."""
    return max(ratings) - min(ratings)


def reliability_gap(reliabilities: Sequence[float]) -> float:
    """How unlike the members' reliability is: reliable players prefer reliable opponents."""
    return max(reliabilities) - min(reliabilities)


def cost(ratings: Sequence[float], reliabilities: Sequence[float]) -> float:
    """What a group costs; lower is better."""
    return rating_spread(ratings) + RELIABILITY_WEIGHT * reliability_gap(reliabilities)


def mutually_acceptable(ratings: Sequence[float], windows: Sequence[float]) -> bool:
    """Every member accepts every other: each one's farthest member is within its window."""
    low, high = min(ratings), max(ratings)
    return all(max(r - low, high - r) <= w for r, w in zip(ratings, windows))


def agreed_clock(accepted: Sequence[Sequence[str]]) -> Optional[str]:
    """The clock a group plays: one every member accepts (`accepted`: each member's clocks,
    its own first, longest-waiting member first), else None. Among those, the one most
    members asked for as their own, then the earliest in the longest-waiting member's list."""
    own = [clocks[0] for clocks in accepted if clocks]
    if len(own) == len(accepted) and own.count(own[0]) == len(own):
        return own[0]  # the common case: every member asked for the same clock
    common = set(accepted[0]).intersection(*accepted[1:])
    if not common:
        return None
    order = {clock: rank for rank, clock in enumerate(accepted[0])}
    return min(common, key=lambda clock: (-own.count(clock), order[clock]))


def bot_level(rating: float, game: Optional[str] = None) -> int:
    """The bot level whose strength in `game` is nearest `rating` (only levels that exist;
    each game's levels are rated by play: shared/games/level_ratings.py)."""
    return bot_levels.level_near(rating, game)


def pair(tickets: Sequence[Ticket], now: float, size: int, game: Optional[str] = None) -> Pass:
    """Form groups of `size` from `tickets` of `game` at time `now` (seconds since the
    epoch)."""
    return _Pass(tickets, now, size, game).run()


class _Pass:
    """The working state of one pass: tickets in rating order, linked while still free."""

    def __init__(self, tickets: Sequence[Ticket], now: float, size: int,
                 game: Optional[str] = None):
        if not 2 <= size <= 6:
            raise ValueError(f"groups have 2 to 6 players, not {size}")
        self.size, self.game = size, game
        self.now = now
        self.tickets = sorted(tickets, key=lambda t: (t.rating, t.ticket_id))
        n = len(self.tickets)
        self.ratings = [t.rating for t in self.tickets]
        self.windows = [window(now - t.created_at, t.sigma) for t in self.tickets]
        self.prev = list(range(-1, n - 1))
        self.next = list(range(1, n + 1))
        self.free = [True] * n
        # Tickets that accept the same clocks share one set (most tickets: their own clock
        # alone), so the hot path compares identities before it intersects.
        shared: dict = {}
        self.clocks = [shared.setdefault(t.clocks, frozenset(t.clocks)) for t in self.tickets]

    def run(self) -> Pass:
        order = sorted(range(len(self.tickets)),
                       key=lambda i: (self.tickets[i].created_at, self.tickets[i].ticket_id))
        groups = []
        for seed in order:
            if self.free[seed]:
                members = self._best_group(seed)
                if members:
                    groups.append(self._take(members, bots=()))
        expired = []
        for seed in order:
            if self.free[seed] and self._out_of_time(seed):
                if self.tickets[seed].allow_bots:
                    groups.append(self._with_bots(seed))
                else:
                    self._remove(seed)
                    expired.append(self.tickets[seed].ticket_id)
        waiting = tuple(self.tickets[i].ticket_id for i in order if self.free[i])
        return Pass(groups=tuple(groups), expired=tuple(expired), waiting=waiting)

    def _out_of_time(self, i: int) -> bool:
        ticket = self.tickets[i]
        return self.now - ticket.created_at >= ticket.max_wait

    def _compatible(self, seed: int, other: int) -> bool:
        a, b = self.tickets[seed], self.tickets[other]
        mine, theirs = self.clocks[seed], self.clocks[other]
        return (a.options_key == b.options_key and a.player_id != b.player_id
                and (mine is theirs or not mine.isdisjoint(theirs)))

    def _neighbours(self, seed: int, step: list, limit: int, only_bots: bool) -> list:
        """Up to `limit` free, compatible tickets in one direction within the seed's window."""
        out, i, reach = [], step[seed], self.windows[seed]
        while 0 <= i < len(self.tickets) and len(out) < limit:
            if abs(self.ratings[i] - self.ratings[seed]) > reach:
                break
            if self._compatible(seed, i) and (not only_bots or self.tickets[i].allow_bots):
                out.append(i)
            i = step[i]
        return out

    def _candidates(self, seed: int, only_bots: bool = False) -> list:
        """The seed and its nearest free neighbours, in rating order."""
        limit = self.size - 1 + EXTRA_CANDIDATES
        below = self._neighbours(seed, self.prev, limit, only_bots)
        above = self._neighbours(seed, self.next, limit, only_bots)
        return below[::-1] + [seed] + above

    def _best_group(self, seed: int) -> Optional[list]:
        """The acceptable group of least cost containing the seed, if any."""
        line = self._candidates(seed)
        if len(line) < self.size:
            return None
        if self.size == 2:
            return self._best_pair(seed, line)
        best, best_cost = None, math.inf
        for members in self._choices(line, line.index(seed)):
            if not self._acceptable(members):
                continue
            value = cost([self.ratings[i] for i in members],
                         [self.tickets[i].reliability for i in members])
            if value < best_cost:
                best, best_cost = members, value
        return best

    def _best_pair(self, seed: int, line: list) -> Optional[list]:
        """The same choice as `_best_group`, unrolled for pairs (the common, hot case)."""
        r, w, q = self.ratings[seed], self.windows[seed], self.tickets[seed].reliability
        best, best_cost = None, math.inf
        for other in line:
            gap = abs(self.ratings[other] - r)
            if other == seed or gap > w or gap > self.windows[other]:
                continue  # _neighbours already skipped the same player and other options
            value = gap + RELIABILITY_WEIGHT * abs(self.tickets[other].reliability - q)
            if value < best_cost:
                best, best_cost = [seed, other], value
        return best

    def _choices(self, line: list, at: int):
        """Pairs: the seed with each candidate. Larger groups: runs of `size` around the
        seed (in rating order a run is the tightest group with those ends)."""
        if self.size == 2:
            return ([line[at], other] for k, other in enumerate(line) if k != at)
        first = max(0, at - self.size + 1)
        last = min(at, len(line) - self.size)
        return (line[s:s + self.size] for s in range(first, last + 1))

    def _acceptable(self, members: list) -> bool:
        if len({self.tickets[i].player_id for i in members}) < len(members):
            return False
        if frozenset.intersection(*(self.clocks[i] for i in members)) == frozenset():
            return False
        return mutually_acceptable([self.ratings[i] for i in members],
                                   [self.windows[i] for i in members])

    def _with_bots(self, seed: int) -> Group:
        """The seed, any free acceptable tickets that also allow bots, and bots for the rest."""
        line = self._candidates(seed, only_bots=True)
        line.sort(key=lambda i: (abs(self.ratings[i] - self.ratings[seed]), i != seed))
        members = [seed]
        for other in line[1:]:
            if len(members) == self.size - 1:
                break
            if self._acceptable(members + [other]):
                members.append(other)
        mean = sum(self.ratings[i] for i in members) / len(members)
        return self._take(members, bots=(bot_level(mean, self.game),) * (self.size - len(members)))

    def _take(self, members: list, bots: tuple) -> Group:
        tickets = self.tickets
        longest_first = sorted(members, key=lambda i: tickets[i].created_at)
        for i in members:
            self._remove(i)
        clocks = [tickets[i].clocks for i in longest_first]
        return Group(ticket_ids=tuple(self.tickets[i].ticket_id for i in longest_first),
                     bots=bots, clock=agreed_clock(clocks))

    def _remove(self, i: int) -> None:
        self.free[i] = False
        before, after = self.prev[i], self.next[i]
        if before >= 0:
            self.next[before] = after
        if after < len(self.tickets):
            self.prev[after] = before
