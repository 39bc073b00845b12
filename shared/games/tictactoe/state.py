"""Tic-tac-toe state: nine cells, each None or the seat that marked it."""
from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class State:
    cells: tuple = (None,) * 9
    next_seat: int = 0
    winner: Optional[int] = None
    over: bool = False
