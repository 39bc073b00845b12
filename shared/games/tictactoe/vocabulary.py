"""Tic-tac-toe's vocabulary: its one command and its two events, declared once."""
from shared.games.kit import CommandType, EventType, Vocabulary, integer

MARK = CommandType("mark", {"cell": integer(0, 8, description="The cell, 0-8 row by row.")},
                   doc="Mark an empty cell on your turn.")

GAME_STARTED = EventType("GameStarted", doc="The empty board; X (seat 0) moves first.")
CELL_MARKED = EventType("CellMarked", doc="A seat marked a cell.")

VOCABULARY = Vocabulary("Tic-tac-toe", commands=[MARK], events=[GAME_STARTED, CELL_MARKED])
