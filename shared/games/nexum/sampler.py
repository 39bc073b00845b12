"""Determinization for the bots: a state consistent with what `seat` sees, the rest redrawn
(other hands from the unseen cards, others' asteroid crystals from the unseen ones, and
phase choices not yet revealed)."""
from dataclasses import replace

from shared.games.nexum import board
from shared.games.nexum.components import PHASE_CARDS
from shared.games.nexum.state import set_at, with_key


def sample(state, seat, rng):
    others = [f for f in range(state.factions) if f != seat]
    unseen = list(state.deck) + [c for f in others for c in state.hands[f]] + \
        [c for f in others for _, _, c in state.cloaked.get(f, ())]
    rng.shuffle(unseen)
    hands = state.hands
    for f in others:
        hands = set_at(hands, f, tuple(unseen[:len(state.hands[f])]))
        unseen = unseen[len(state.hands[f]):]
    on_map = sorted(state.asteroids_on)
    crystals = list(state.pool) + [c for f in others for _, c in state.loaded[f]] + \
        [state.asteroids_on[p] for p in on_map]
    rng.shuffle(crystals)
    asteroids_on = {p: crystals.pop() for p in on_map}
    loaded = state.loaded
    for f in others:
        mine = tuple((a, crystals[i]) for i, (a, _) in enumerate(state.loaded[f]))
        crystals = crystals[len(mine):]
        loaded = set_at(loaded, f, mine)
    cloaked = dict(state.cloaked)
    for f in others:  # where another faction's cloaked ships hide is unseen: anywhere fit
        if cloaked.get(f):
            spots = [p for p in board.places(state) if board.is_planet(p)
                     and p[0] != state.tann[f] and board.holder(state, p) in (None, f)]
            cards, unseen = unseen[:len(cloaked[f])], unseen[len(cloaked[f]):]
            cloaked[f] = tuple((rng.choice(spots) if spots else p, r, card)
                               for (p, r, _), card in zip(cloaked[f], cards))
    deck_top, top_seen = (), ()
    if state.top_seen and state.top_seen[0] == seat:  # keep what this seat saw, in order
        shown = state.top_seen[1]
        for i, card in enumerate(state.deck_top):
            if i not in shown:
                break
            deck_top += (card,)
        top_seen = (seat, tuple(range(len(deck_top))))
    chosen = state.chosen
    if state.stage == "choose":
        for f in others:
            if f in chosen:
                cards = [c for c in PHASE_CARDS if c not in state.used[f]]
                chosen = with_key(chosen, f, (rng.choice(cards), rng.randint(0, state.energy[f])))
    return replace(state, hands=hands, deck=tuple(sorted(unseen)), loaded=loaded,
                   pool=tuple(sorted(crystals)), chosen=chosen, asteroids_on=asteroids_on,
                   cloaked=cloaked, deck_top=deck_top, top_seen=top_seen)
