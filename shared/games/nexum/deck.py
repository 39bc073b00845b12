"""The event deck: draws (chance, recorded in events) and the discards' reshuffle."""
from __future__ import annotations

from shared.games.nexum.vocabulary import DECK_RESHUFFLED


def draw_card(tx) -> str | None:
    """One card drawn at random from the deck (the discards reshuffled when it is empty);
    None when every card is in hands or on the row."""
    if not tx.state.deck:
        if not tx.state.discard:
            return None
        tx.emit(DECK_RESHUFFLED, cards=list(tx.state.discard))
    return tx.rng.choice(tx.state.deck)


def top_of(state) -> list:
    """The deck's next cards, once someone has looked at them (Gnomicon: DeckTopSeen); the
    others are drawn at random when drawn."""
    return [c for c in state.deck_top if c in state.deck]


def draw_cards(tx, count: int) -> list:
    """`count` distinct cards (fewer if the deck and discards run out). The deck only
    shrinks when the caller records the cards (drawn to a hand, the row, an AI)."""
    cards = []
    for _ in range(count):
        top = [c for c in top_of(tx.state) if c not in cards]
        if top:
            cards.append(top[0])
            continue
        left = [c for c in tx.state.deck if c not in cards] or None
        if left is None:
            if not tx.state.discard:
                break
            tx.emit(DECK_RESHUFFLED, cards=list(tx.state.discard))
            left = [c for c in tx.state.deck if c not in cards]
            if not left:
                break
        cards.append(tx.rng.choice(left))
    return cards
