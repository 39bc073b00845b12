"""Tic-tac-toe events (past tense, stable names), built from the vocabulary's declarations."""
from shared.games.tictactoe.spec import MARKS
from shared.games.tictactoe.vocabulary import CELL_MARKED, GAME_STARTED


def game_started() -> dict:
    return GAME_STARTED(seats=2)


def cell_marked(seat: int, cell: int) -> dict:
    return CELL_MARKED(seat=seat, cell=cell, mark=MARKS[seat])
