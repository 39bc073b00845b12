"""The one scale of bot levels: which exist, what each plays like, and whom each suits.

Every place that names a bot level reads it here: the match API (a seat `{bot, level}`),
matchmaking (a ticket completed with bots gets the level nearest its rating), the stand-in
for a player who timed out (the level nearest that player's rating), GET /v1/games (which
lists the scale) and the bot service (services/bot/policies maps a level to a search budget
and checks it covers exactly these levels).

A level's rating is an openskill mu, the scale matchmaking rates players on (a new player
starts at 25). Level 2 sits at 25: a new player meets the default opponent. The gaps between
levels come from the measured head-to-head results (bench/bot_strength.py, docs/BOTS.md's
strength table): a level that beats the one below in a share p of matches is
`Phi^-1(p) * sqrt(2) * beta` mu above it (openskill's win probability with beta = 25/6,
uncertainties left out). LEVEL_MU is the common scale, from Exordium's first mcts levels
(level 2 beat level 1 in 130 of 200, level 3 beat level 2 in 65 of 119); each game's own
measured ratings replace it where they exist (shared/games/level_ratings.py, served by
GET /v1/games). Seat 1 moves first in Exordium and wins more often whoever plays (random vs
random 57%), which alternating seats cancels. Some games' levels run another search than
mcts (services/bot/policies: GAME_LEVELS; Exsilium's turn rollout, Exordium's minimax),
measured in docs/BOTS.md.
"""
from __future__ import annotations

from typing import Optional

from shared.games import level_ratings

BOTS = ("random", "greedy", "mcts")
# The bot that stands in for a player who timed out and completes matchmaking's tables.
SEARCHING_BOT = "mcts"
LEVELS = (1, 2, 3)
DEFAULT_LEVEL = 2
# The openskill mu each mcts level plays at, about (see the module docstring).
LEVEL_MU = {1: 22.7, 2: 25.0, 3: 25.7}
# What each level is, in words (GET /v1/games shows them; the budgets are the bot service's).
LEVEL_SUMMARY = {
    1: "quick: mcts searches 60 positions a move (Exsilium: every command judged one move "
       "ahead on 1 guess of what it cannot see, and one move in four its second choice); "
       "beats random play, loses to careful play",
    2: "fair: mcts searches 2,000 positions a move (within 1 s), the best-looking first "
       "where there are many (Exordium: its move and the answers 4 moves deep on 4 guesses "
       "of what it cannot see; Exsilium: every command judged one move ahead on 4 guesses, "
       "the best 10 chosen by those and 2 more draws; Nexum: the best 12 on 8 guesses each "
       "played to the end of its turn); even for a new player",
    3: "strong: mcts searches 6,000 positions a move, always the best-looking first (1-6 s; "
       "Exordium: its move and the answers 6 moves deep on 4 guesses; Exsilium: one move "
       "ahead on 8 guesses, the best 16 chosen by those and 4 more draws; Nexum: the best "
       "16 each played to the end of its turn)",
}


class UnknownLevel(ValueError):
    """No bot level has this number."""


def check_level(level: int) -> int:
    """`level` itself when the scale has it; raises UnknownLevel otherwise."""
    if level not in LEVEL_MU:
        raise UnknownLevel(f"Bot levels are {LEVELS[0]}-{LEVELS[-1]}; got {level!r}.")
    return level


def level_mu(game: Optional[str] = None) -> dict:
    """{level: mu} for `game`: its ratings measured by play (shared/games/level_ratings.py,
    data/bot_ratings.json) where it has them, the common LEVEL_MU for the rest."""
    return {**LEVEL_MU, **(level_ratings.mu_of(game) or {})}


def level_near(mu: Optional[float], game: Optional[str] = None) -> int:
    """The level whose rating (in `game`, when it has measured ones) is nearest `mu` (ties go
    to the lower level); the default level when the rating is unknown (a player never rated
    is a new player)."""
    if mu is None:
        return DEFAULT_LEVEL
    ratings = level_mu(game)
    return min(LEVELS, key=lambda level: (abs(ratings[level] - mu), level))


def scale(game: Optional[str] = None) -> list:
    """The scale as the API lists it (with `game`'s own ratings when it has them)."""
    ratings = level_mu(game)
    return [{"level": level, "rating_mu": ratings[level], "summary": LEVEL_SUMMARY[level],
             "default": level == DEFAULT_LEVEL} for level in LEVELS]
