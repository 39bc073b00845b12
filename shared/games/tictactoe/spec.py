"""Tic-tac-toe: the smallest reference game, and the one we benchmark against other frameworks."""
from shared.games.api import GameSpec

SPEC = GameSpec(name="tictactoe", title="Tic-tac-toe", min_players=2, max_players=2)

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = ("X", "O")
