"""Tic-tac-toe rules: setup, decide and the queries over state."""
from shared.games.api import IllegalCommand, NotYourTurn
from shared.games.tictactoe import events
from shared.games.tictactoe.spec import LINES
from shared.games.tictactoe.vocabulary import MARK


def setup(options, seats, rng):
    """Nothing is random in tic-tac-toe; X (seat 0) moves first."""
    return [events.game_started()]


def to_act(state):
    return () if state.over else (state.next_seat,)


def legal_commands(state, seat):
    if seat not in to_act(state):
        return []
    return [MARK(cell=i) for i, c in enumerate(state.cells) if c is None]


def decide(state, seat, command, rng):
    """Mark an empty cell on your turn (the command's shape is checked before: kit)."""
    if seat not in to_act(state):
        raise NotYourTurn("It is not your turn." if not state.over else "The game is over.")
    cell = command["cell"]
    if state.cells[cell] is not None:
        raise IllegalCommand(f"Cell {cell} is already marked.")
    return [events.cell_marked(seat, cell)]


def winner_of(cells):
    for a, b, c in LINES:
        if cells[a] is not None and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def outcome(state):
    if not state.over:
        return None
    if state.winner is None:
        return {"ranks": [1, 1], "scores": [0, 0], "winner": None}
    ranks = [1, 1]
    ranks[1 - state.winner] = 2
    scores = [0, 0]
    scores[state.winner] = 1
    return {"ranks": ranks, "scores": scores, "winner": state.winner}
