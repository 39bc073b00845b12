"""Tic-tac-toe events (past tense, stable names)."""


def game_started() -> dict:
    return {"type": "GameStarted", "data": {"seats": 2}}


def cell_marked(seat: int, cell: int) -> dict:
    return {"type": "CellMarked", "data": {"seat": seat, "cell": cell}}
