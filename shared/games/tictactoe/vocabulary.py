"""Tic-tac-toe's vocabulary: its one command and its two events, declared once."""
from shared.games.kit import CommandType, EventType, Vocabulary, integer
from shared.games.tictactoe.spec import MARKS

MARK = CommandType("mark", {"cell": integer(0, 8, description="The cell, 0-8 row by row.")},
                   doc="Mark an empty cell on your turn.")


def _with_mark(data: dict) -> dict:
    """CellMarked 1 -> 2: the mark drawn is named in the event, so a feed reader need not
    know which seat plays X."""
    return {**data, "mark": MARKS[data["seat"]]}


GAME_STARTED = EventType("GameStarted", doc="The empty board; X (seat 0) moves first.")
CELL_MARKED = EventType("CellMarked", doc="A seat marked a cell with its mark (X or O).",
                        version=2, upcasters=(_with_mark,))

VOCABULARY = Vocabulary("Tic-tac-toe", commands=[MARK], events=[GAME_STARTED, CELL_MARKED])
