"""Tic-tac-toe views: nothing is hidden, so every seat and spectator sees the same."""
from shared.games.tictactoe.spec import MARKS


def view(state, seat):
    return {"board": [None if c is None else MARKS[c] for c in state.cells],
            "next": None if state.over else state.next_seat,
            "winner": state.winner}


def redact(event, seat):
    return event
