"""Evolve for the exotic-system, exploration and cloaking events (merged into evolve.py's
table): one small function per event type; trusts the event, never fails."""
from __future__ import annotations

from shared.games.kit.frozen import replace
from shared.games.nexum import vocabulary as X
from shared.games.nexum.state import (add_at, add_ships, relics_with, set_at, set_carried,
                                      with_key)


def _without(values: tuple, removed) -> tuple:
    out = list(values)
    for item in removed:
        out.remove(item)
    return tuple(out)


def lost_of(state) -> tuple:
    return state.lost or (0,) * state.factions


def _optional_rules_chosen(state, d):
    after = replace(state, optional=dict(d))
    if d.get("campaign"):  # the First Player plays first on tied bids (A p.16)
        first = d["campaign"]["first_player"]
        after = replace(after, order=tuple((first + i) % state.seats for i in range(state.seats)))
    if d.get("civilizations"):  # chosen in reverse turn order before the first round
        after = replace(after, civs=(None,) * state.factions,
                        generation=tuple(1 if k == "seat" else 0 for k in state.kinds),
                        stage="civilize", queue=tuple(reversed(range(state.seats))))
    return after


def _exploration_started(state, d):
    after = add_ships(state, d["origin"], d["faction"], -1)
    return replace(after, exploring=(d["faction"], d["origin"], None, d["controlled"]))


def _exploration_card_drawn(state, d):
    f, (_, origin, previous, controlled) = d["faction"], state.exploring
    discard = state.discard + ((previous,) if previous else ())
    deck = _without(state.deck, [d["card"]]) if d["card"] else state.deck
    return replace(state, energy=add_at(state.energy, f, -d["cost"]), discard=discard,
                   deck=deck, exploring=(f, origin, d["card"], controlled))


def _exploration_failed(state, d):
    f = d["faction"]
    return replace(state, exploring=(), discard=state.discard + ((d["card"],) if d["card"] else ()),
                   reserve=add_at(state.reserve, f, 1 - d["lost"]),
                   lost=add_at(lost_of(state), f, d["lost"]))


def _exotic_system_placed(state, d):
    letter, f = d["system"], d["faction"]
    links = {k: v for k, v in state.links.items()}
    links[letter] = tuple(sorted(d["links"]))
    for other in d["links"]:
        links[other] = tuple(sorted(set(links.get(other, ())) | {letter}))
    after = replace(state, systems={**state.systems, letter: tuple(d["sizes"])}, links=links,
                    exploring=(), discard=state.discard + (d["card"],))
    return add_ships(after, d["planet"], f, 1) if d["planet"] else after  # Black Hole: none


def _exotic_asteroids_placed(state, d):
    return replace(state, asteroids_on=dict(sorted({**state.asteroids_on, **d["planets"]}.items())),
                   pool=tuple(sorted(_without(state.pool, d["planets"].values()))))


def _ships_recovered(state, d):
    f = d["faction"]
    return replace(state, reserve=add_at(state.reserve, f, d["count"]),
                   lost=set_at(lost_of(state), f, 0))


def _wormhole_crossed(state, d):
    f, origin, to, n = d["faction"], d["origin"], d["to"], d["ships"]
    after = add_ships(add_ships(state, origin, f, -n), to, f, n)
    relics = tuple(d["relics"])
    if relics:
        after = set_carried(after, origin, f, _without(relics_with(after, origin, f), relics))
        after = set_carried(after, to, f, relics_with(after, to, f) + relics)
    arrived = with_key(after.arrived, origin, max(0, after.arrived.get(origin, 0) - n), drop_if=0)
    return replace(after, arrived=with_key(arrived, to, arrived.get(to, 0) + n))


def _quantic_cards_drawn(state, d):
    return replace(state, deck=_without(state.deck, d["cards"]),
                   discard=state.discard + tuple(d["cards"]))


def _ship_cloaked(state, d):
    """Evolve ShipCloaked: the ship and its relic leave the board for the card."""
    f, origin = d["faction"], d["origin"]
    after = add_ships(state, origin, f, -1)
    mine = list(relics_with(after, origin, f))
    mine.remove(d["relic"])
    after = set_carried(after, origin, f, tuple(mine))
    hand = list(after.hands[f])
    hand.remove(d["card"])
    entry = (d["place"], d["relic"], d["card"])
    return replace(after, hands=set_at(after.hands, f, tuple(hand)),
                   energy=add_at(after.energy, f, -d["cost"]),
                   cloaked=with_key(after.cloaked, f, _cloaked_of(after, f) + (entry,)))


def _ship_uncloaked(state, d):
    """Evolve ShipUncloaked: the ship and its relic are on the planet again."""
    f, place = d["faction"], d["place"]
    left = tuple(e for e in _cloaked_of(state, f) if e[0] != place)
    after = add_ships(state, place, f, 1)
    after = set_carried(after, place, f, relics_with(after, place, f) + (d["relic"],))
    return replace(after, cloaked=with_key(after.cloaked, f, left, drop_if=()),
                   discard=after.discard + (d["card"],))


def _cloaked_of(state, faction: int) -> tuple:
    return state.cloaked.get(faction, ())


APPLY = {
    X.OPTIONAL_RULES_CHOSEN.name: _optional_rules_chosen,
    X.EXPLORATION_STARTED.name: _exploration_started,
    X.EXPLORATION_CARD_DRAWN.name: _exploration_card_drawn,
    X.EXPLORATION_FAILED.name: _exploration_failed,
    X.EXOTIC_SYSTEM_PLACED.name: _exotic_system_placed,
    X.EXOTIC_ASTEROIDS_PLACED.name: _exotic_asteroids_placed,
    X.SHIPS_RECOVERED.name: _ships_recovered,
    X.WORMHOLE_CROSSED.name: _wormhole_crossed,
    X.QUANTIC_CARDS_DRAWN.name: _quantic_cards_drawn,
    X.SHIP_CLOAKED.name: _ship_cloaked,
    X.SHIP_UNCLOAKED.name: _ship_uncloaked,
}
