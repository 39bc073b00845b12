"""Determinization for bots: a full state consistent with what `seat` sees, hidden parts redrawn.

Hidden from `seat`: other players' hands (their hand+deck contents are known, which of them are
in the hand is not), their secret bids, face-down dropped cards of others, the supply deck's
contents, and cards another player has committed face down. Decks, the tile stack and the other
decks hold no order (cards are drawn at random when drawn), so they need no redrawing.
"""
from dataclasses import replace

from shared.games.exsilium.state import with_player


def sample(state, seat, rng):
    """Redraw every other player's hand from their hand+deck; keep public facts."""
    for other, player in enumerate(state.players):
        if other == seat or not player.hand:
            continue
        committed = set(state.combat.committed) if state.combat and \
            state.combat.attacker == other and seat != other else set()
        unknown = sorted(c for c in player.hand + player.deck if c not in committed)
        keep = [c for c in player.hand if c in committed]
        rng.shuffle(unknown)
        n = len(player.hand) - len(keep)
        state = with_player(state, other, hand=tuple(keep + unknown[:n]),
                            deck=tuple(sorted(unknown[n:])))
        if committed:
            pass
    if state.supply:
        supply = list(state.supply)
        rng.shuffle(supply)
        state = replace(state, supply=tuple(supply))
    return state
