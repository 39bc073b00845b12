"""AI civilisations (reconstructed core rules): each round, after every seat's turn, an AI
runs 3 event cards per aggressiveness level. Each card names a planet; the AI lands there:

- an empty planet, or one it holds: 1 ship from its reserve;
- a planet a seat holds: `aggressiveness` ships (as many as its reserve has) attack, and
  only if they beat the defence (the same battle rule as the players'); they win 1 victory
  point (+1 if the loser thereby loses its star) and pick up the relics lying there;
- a planet another AI holds, a destroyed one, one out of the AI's reach (a system where it
  has no ship and not adjacent to one), or an empty reserve: nothing (the AIs are never at
  war with each other: the book's modes play them as a team or alone).

An AI picks up the relics it lands on (every ship must) but wins by victory points only:
the relics it holds are for the players to take back.
"""
from __future__ import annotations

from shared.games.nexum import board
from shared.games.nexum.cloak_reveal import discover, hidden_on
from shared.games.nexum.components import CARDS
from shared.games.nexum.deck import draw_cards
from shared.games.nexum.effects import check_stars, dropped_if_lost, pick_up_relics
from shared.games.nexum.state import ships_at
from shared.games.nexum.vocabulary import AI_CARD_RESOLVED


def ai_round(tx, faction: int) -> None:
    """The AI's whole action for the round (every card drawn is recorded with its effect)."""
    for _ in range(tx.state.rules["ai_cards_per_level"] * tx.state.aggressiveness):
        if tx.state.stage == "over" or not board.in_play(tx.state, faction):
            return
        cards = draw_cards(tx, 1)
        if not cards:
            return
        _resolve(tx, faction, cards[0])


def reach(state, faction: int) -> set:
    """The systems where the AI has ships, and those adjacent to them."""
    mine = {board.system_of(p) for p, here in state.ships.items() if faction in here}
    return mine | {n for letter in mine for n in state.links.get(letter, ())}


def _resolve(tx, faction: int, card_id: str) -> None:
    state = tx.state
    card = CARDS[card_id]
    planet = f"{card['letter']}{card['planet']}"
    nothing = dict(faction=faction, card=card_id, planet=planet, landed=0, defender=None,
                   destroyed=0, dropped=[], losses=0, vp=0)
    if (card["letter"] not in state.systems
            or planet not in board.planets_of(state, card["letter"])
            or card["letter"] not in reach(state, faction)):
        tx.emit(AI_CARD_RESOLVED, **nothing)
        return
    if hidden_on(state, planet):  # "even if it is the AI due to an Event" (Asteroids p.9)
        discover(tx, faction, planet)
        state = tx.state
    defender = board.holder(state, planet)
    reserve = state.reserve[faction]
    if defender is None or defender == faction:
        tx.emit(AI_CARD_RESOLVED, **{**nothing, "landed": min(1, reserve)})
        pick_up_relics(tx, planet, faction)
        return
    force = min(reserve, state.aggressiveness)
    if state.kinds[defender] == "ai" or force <= board.defence(state, planet):
        tx.emit(AI_CARD_RESOLVED, **nothing)
        return
    destroyed = ships_at(state, planet, defender)
    losses = board.attacker_losses(state, destroyed)
    tx.emit(AI_CARD_RESOLVED, **{**nothing, "landed": force - losses, "defender": defender,
                                 "destroyed": destroyed, "losses": losses, "vp": 1,
                                 "dropped": dropped_if_lost(state, planet, defender, destroyed)})
    pick_up_relics(tx, planet, faction)
    check_stars(tx, loser=defender, winner=faction)
