"""A score-like estimate of a tic-tac-toe position for bots (everything is public)."""
from shared.games.tictactoe.spec import LINES

_WIN = 10.0


def _line_value(marks, seat):
    """Lines only `seat` has marked are worth 1 per mark (squared: two in a row is a threat)."""
    mine = sum(1 for m in marks if m == seat)
    theirs = sum(1 for m in marks if m is not None and m != seat)
    if mine and theirs:
        return 0.0
    return 0.5 * mine * mine - 0.5 * theirs * theirs


def evaluate(state, seat):
    """Positive when the position favours `seat`: ±10 once decided, else open-line threats."""
    if state.winner is not None:
        return _WIN if state.winner == seat else -_WIN
    if state.over:
        return 0.0
    return sum(_line_value([state.cells[i] for i in line], seat) for line in LINES)
