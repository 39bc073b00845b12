"""Tic-tac-toe evolve: one small function per event type."""
from shared.games.kit.frozen import replace

from shared.games.tictactoe.rules import winner_of
from shared.games.tictactoe.state import State
from shared.games.tictactoe.vocabulary import CELL_MARKED, GAME_STARTED


def _game_started(state, data):
    return State()


def _cell_marked(state, data):
    cells = list(state.cells)
    cells[data["cell"]] = data["seat"]
    cells = tuple(cells)
    winner = winner_of(cells)
    over = winner is not None or all(c is not None for c in cells)
    return replace(state, cells=cells, next_seat=1 - data["seat"], winner=winner, over=over)


_APPLY = {GAME_STARTED.name: _game_started, CELL_MARKED.name: _cell_marked}


def evolve(state, event):
    return _APPLY[event["type"]](state, event["data"])
