"""Determinization for bots: a full state consistent with what `seat` sees, hidden parts redrawn.

Hidden from `seat` (view.py): other players' hands and decks (only their sizes are shown), the
cards another player has committed face down, face-down cards dropped by others, and the supply
deck (its size only). All those cards are pooled and dealt again at random into the same hidden
places with the same sizes, so the sample looks exactly the same to `seat`. Secret bids are
drawn again too. The tile stack, the upgraded, enemy, Outcome and Baralytas decks hold no order
(cards are drawn at random when drawn), so they need no redrawing.
"""
from shared.games.kit.frozen import replace

from shared.games.exsilium.components import usable_cards
from shared.games.exsilium.state import BID, placer, with_player


def _hidden_cards(state, seat):
    """Every card `seat` cannot see, in a fixed order."""
    cards = []
    for other, player in enumerate(state.players):
        if other != seat:
            cards += list(player.hand) + list(player.deck)
    cards += list(state.supply)
    cards += [cid for n, (owner, cid, face) in sorted(state.markers.items())
              if face == "down" and owner != seat]
    return sorted(cards)


def sample(state, seat, rng):
    """Deal every card hidden from `seat` again at random into the same hidden places."""
    pool = _hidden_cards(state, seat)
    rng.shuffle(pool)
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        hand, pool = tuple(pool[:len(player.hand)]), pool[len(player.hand):]
        deck, pool = tuple(sorted(pool[:len(player.deck)])), pool[len(player.deck):]
        state = with_player(state, other, hand=hand, deck=deck)
        if state.phase == BID and player.bid is not None:
            state = with_player(state, other, bid=rng.randint(0, max(0, player.tokens - 1)))
    combat = state.combat
    if combat is not None and combat.attacker != seat and combat.committed:
        hand = sorted(state.players[combat.attacker].hand)
        state = replace(state, combat=replace(
            combat, committed=tuple(rng.sample(hand, len(combat.committed)))))
    combat = state.combat
    if combat is not None and combat.placed and placer(combat) != seat:
        player = state.players[placer(combat)]
        fighting = sorted(usable_cards(player.hand, player.faction))
        if len(fighting) < len(combat.placed):  # a redrawn hand of other factions' cards
            fighting = sorted(player.hand)
        state = replace(state, combat=replace(
            combat, placed=tuple(rng.sample(fighting, len(combat.placed)))))
    supply, pool = tuple(pool[:len(state.supply)]), pool[len(state.supply):]
    markers = dict(state.markers)
    for n, (owner, cid, face) in sorted(state.markers.items()):
        if face == "down" and owner != seat:
            markers[n], pool = (owner, pool[0], face), pool[1:]
    return replace(state, supply=supply, markers=markers)
