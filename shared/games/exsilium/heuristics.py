"""A position estimate for bots from what the seat may know (no other hand, no hidden card)."""
from shared.games.exsilium.state import goal, points

_POINT, _MINI, _TOKEN, _TERMINAL, _CARDS = 10.0, 2.0, 0.5, 1.0, 0.3


def _strength(state, seat):
    player = state.players[seat]
    on_board = sum(1 for n in player.minis if n is not None)
    # Hand size is public; the cards in it are not used for other seats.
    return (_POINT * points(player) + _MINI * on_board + _TOKEN * player.tokens
            + _TERMINAL * player.terminal_tokens + _CARDS * len(player.hand))


def evaluate(state, seat):
    """Own strength minus the best opponent's; ±1000 once the match is decided."""
    if state.result is not None:
        winner = state.result.get("winner")
        if winner is not None:
            return 1000.0 if winner == seat else -1000.0
    others = [_strength(state, s) for s in range(state.seats) if s != seat]
    return _strength(state, seat) - max(others) + (points(state.players[seat]) / goal(state))
