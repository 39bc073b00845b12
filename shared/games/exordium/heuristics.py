"""A score-like estimate of a position for bots, from public information only.

The estimate is each player's expected final score: the points they hold now, plus what the
cards left in their deck should still bring, plus a hope of the 3-colour bonus, and a little
for being the one to move. The weights were fitted by least squares to the final score
margins of 800 self-play games between greedy bots with 15% random moves (about 20,000
positions; held-out RMSE 4.2 points against 5.4 for "points now + 0.6 per Terrain"), then
rounded. Nothing here reads a hidden colour or the deck order: only deck sizes and the sum of
each deck's values, which are public (the 12 values minus the cards played).
"""
from shared.games.exordium.board import longest_line
from shared.games.exordium.components import SET_BONUS
from shared.games.exordium.state import PLAY

# A deck card is worth more the more Outposts the player has (an Outpost off the longest
# line adds that line's length; one on it adds the Outposts off it) and the higher the
# deck's values (as Drones); a flat cost per card stands for the turns spent playing it.
_PER_CARD = -1.67
_PER_CARD_PER_OUTPOST = 0.27
_PER_CARD_PER_LINE = 0.21
_PER_CARD_PER_VALUE = 0.2
# Two colours held and a Terrain card to extract: the 3-colour bonus is within reach.
_SET_HOPE = 1.5
# Half the fitted worth of having the move (the estimate is a difference of two halves).
_TO_MOVE = 0.85


def _usable_cards(player, other):
    """Cards the player may still play: the game ends the round a deck runs out, so cards
    beyond one more than the other player's deck will mostly never be played."""
    return min(len(player.deck), len(other.deck) + 1)


def _estimate(state, seat):
    """One player's expected final score, from public information."""
    player = state.players[seat]
    colours = {colour for _, colour in player.resources}
    outposts = len(player.outposts)
    line = longest_line(player.outposts)
    points = len(player.resources) + (SET_BONUS if len(colours) == 3 else 0) \
        + sum(player.drones) + line * (outposts - line)
    deck = player.deck
    if deck:
        per_card = _PER_CARD + _PER_CARD_PER_OUTPOST * outposts + _PER_CARD_PER_LINE * line \
            + _PER_CARD_PER_VALUE * sum(deck) / len(deck)
        points += _usable_cards(player, state.players[1 - seat]) * per_card
    if len(colours) == 2 and player.terrain:
        points += _SET_HOPE
    if state.phase == PLAY and state.turn == seat:
        points += _TO_MOVE
    return points


def evaluate(state, seat):
    """Own estimated final points minus the opponent's; uses no hidden colour or deck order."""
    return _estimate(state, seat) - _estimate(state, 1 - seat)


# evaluate(state, 1) == -evaluate(state, 0): a bot may judge a position once for both seats.
evaluate.antisymmetric = True
