"""The one scale of bot levels: which exist, what each plays like, and whom each suits.

Every place that names a bot level reads it here: the match API (a seat `{bot, level}`),
matchmaking (a ticket completed with bots gets the level nearest its rating), the stand-in
for a player who timed out (the level nearest that player's rating), GET /v1/games (which
lists the scale) and the bot service (services/bot/policies maps a level to a search budget
and checks it covers exactly these levels).

A level's rating is an openskill mu, the scale matchmaking rates players on (a new player
starts at 25). Level 2 sits at 25: a new player meets the default opponent. The gaps between
levels come from the measured head-to-head results (bench/bot_strength.py, README's
strength table): a level that beats the one below in a share p of matches is
`Phi^-1(p) * sqrt(2) * beta` mu above it (openskill's win probability with beta = 25/6,
uncertainties left out). Measured in Exordium: level 2 beat level 1 in 18 of 30 (p = 0.6:
1.5 mu). Level 3 over level 2 is not established (wave 3's 8,000 iterations won 8 of 18;
today's ranked search 57% of 90 seat-balanced matches as served, [46-66%], wave 5, see
README), so it is given the same gap (57% would be about 1.0 mu) until the full-size table
says otherwise. In Exsilium the mcts levels run a turn rollout
instead (services/bot/policies: GAME_LEVELS), measured against greedy and random in
docs/closing-notes/wave-5/issue-16-exsbot.md.
"""
from __future__ import annotations

from typing import Optional

BOTS = ("random", "greedy", "mcts")
# The bot that stands in for a player who timed out and completes matchmaking's tables.
SEARCHING_BOT = "mcts"
LEVELS = (1, 2, 3)
DEFAULT_LEVEL = 2
# The openskill mu each mcts level plays at, about (see the module docstring).
LEVEL_MU = {1: 23.5, 2: 25.0, 3: 26.5}
# What each level is, in words (GET /v1/games shows them; the budgets are the bot service's).
LEVEL_SUMMARY = {
    1: "quick: mcts searches 60 positions a move (Exsilium: every command judged one move "
       "ahead on 1 guess of what it cannot see); beats random play, loses to careful play",
    2: "fair: mcts searches 2,000 positions a move (within 1 s), the best-looking first "
       "where there are many (Exsilium: every command judged one move ahead on 4 guesses, "
       "the best 10 again on 2 more draws); even for a new player",
    3: "strong: mcts searches 6,000 positions a move, always the best-looking first (1-6 s; "
       "Exsilium: one move ahead on 8 guesses, the best 16 again on 4 more draws)",
}


class UnknownLevel(ValueError):
    """No bot level has this number."""


def check_level(level: int) -> int:
    """`level` itself when the scale has it; raises UnknownLevel otherwise."""
    if level not in LEVEL_MU:
        raise UnknownLevel(f"Bot levels are {LEVELS[0]}-{LEVELS[-1]}; got {level!r}.")
    return level


def level_near(mu: Optional[float]) -> int:
    """The level whose rating is nearest `mu` (ties go to the lower level); the default
    level when the rating is unknown (a player never rated is a new player)."""
    if mu is None:
        return DEFAULT_LEVEL
    return min(LEVELS, key=lambda level: (abs(LEVEL_MU[level] - mu), level))


def scale() -> list:
    """The scale as the API lists it."""
    return [{"level": level, "rating_mu": LEVEL_MU[level], "summary": LEVEL_SUMMARY[level],
             "default": level == DEFAULT_LEVEL} for level in LEVELS]
