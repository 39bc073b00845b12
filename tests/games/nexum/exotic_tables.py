"""Positions with exotic systems for the exotic-system and exploration rule tests."""
from __future__ import annotations

from dataclasses import replace

from shared.games.nexum.exotic import EXOTICS


def add_exotic(state, letter: str, links=()):
    """Exotic System `letter` (upper case) in play, touching `links`."""
    key = letter.lower()
    all_links = dict(state.links)
    all_links[key] = tuple(sorted(links))
    for other in links:
        all_links[other] = tuple(sorted(set(all_links.get(other, ())) | {key}))
    return replace(state, systems={**state.systems, key: tuple(EXOTICS[letter]["sizes"])},
                   links=all_links)


def explorer(techs=("hyperspace", "exploration")):
    """Seats 0 and 1 in IHX; seat 0 in its movement phase with the exploration path."""
    from tests.games.nexum.tables import at_phase, start
    return at_phase(start(), 0, "movement", energy=(20, 20), techs=(tuple(techs), ()))
