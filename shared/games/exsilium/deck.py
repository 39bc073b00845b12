"""A player's deck: drawing at random, the discard shuffled back in when the deck runs short
(rulebook, Discard rules). Used by the round start (flow) and by Draw cards (actions)."""
from shared.games.exsilium.components import HAND_SIZE
from shared.games.exsilium.vocabulary import CARDS_DRAWN, DECK_RESHUFFLED


def draw(tx, seat, count):
    """Draw `count` cards at random from the deck. Discard rules: "the discard deck is only
    shuffled back into the player deck when the player can't draw at least 4 cards" -- when
    fewer than 4 are left, whatever this draw needs."""
    player = tx.state.players[seat]
    if len(player.deck) < max(count, HAND_SIZE) and player.discard:
        tx.emit(DECK_RESHUFFLED, seat=seat)
    deck = sorted(tx.state.players[seat].deck)
    cards = []
    for _ in range(min(count, len(deck))):
        cid = tx.rng.choice(deck)
        deck.remove(cid)
        cards.append(cid)
    if cards:
        # The order of one draw is meaningless (the hand is a set): record it sorted.
        tx.emit(CARDS_DRAWN, seat=seat, cards=sorted(cards), count=len(cards))
