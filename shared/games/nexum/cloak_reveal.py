"""Where cloaked ships are, and their discovery (Asteroids p.9): shared by movement, the
events and the AI, which must reveal a cloaked ship before anything occupies its planet."""
from __future__ import annotations

from shared.games.nexum.vocabulary import SHIP_UNCLOAKED


def cloaked_of(state, faction: int) -> tuple:
    """(place, relic, card) of each of the faction's cloaked ships."""
    return state.cloaked.get(faction, ())


def reveal(tx, faction: int, place: str, reason: str) -> None:
    relic, card = next((r, c) for p, r, c in cloaked_of(tx.state, faction) if p == place)
    tx.emit(SHIP_UNCLOAKED, faction=faction, place=place, relic=relic, card=card,
            reason=reason)


def discover(tx, intruder: int, planet: str) -> None:
    """An enemy is about to occupy `planet`: every cloaked ship there is discovered."""
    for faction in sorted(tx.state.cloaked):
        if faction != intruder and any(p == planet for p, _, _ in cloaked_of(tx.state, faction)):
            reveal(tx, faction, planet, "discovered")


def hidden_on(state, planet: str) -> list:
    return [f for f in sorted(state.cloaked) if any(p == planet for p, _, _ in state.cloaked[f])]
