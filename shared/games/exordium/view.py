"""Exordium views and redaction: no seat sees an unextracted colour or a deck below its top.

Nothing is hidden from one player and shown to the other: the Resource side of a Terrain card
is unknown to both until extracted, and both decks are face down below their public top card
(RULES_NOTES.md, "Hidden information"). So every seat and spectators get the same projection.
"""
from shared.games.exordium.board import ARTIFACT, CELLS
from shared.games.exordium.components import ACTION_CARD_NAMES
from shared.games.exordium.rules import to_act
from shared.games.exordium.scoring import outcome
from shared.games.exordium.spec import SEAT_COLOURS
from shared.games.exordium.state import OVER
from shared.games.exordium.vocabulary import DECKS_SHUFFLED, TERRAIN_DEALT

# The hidden part of each event that has one; everything else is public.
_HIDDEN = {TERRAIN_DEALT.name: ("colours",), DECKS_SHUFFLED.name: ("decks",)}


def _occupant(state, cell):
    if cell == ARTIFACT:
        return "artifact"
    if cell in state.board:
        return "terrain"
    for seat, player in enumerate(state.players):
        if cell in player.outposts:
            return SEAT_COLOURS[seat]
    return "empty"  # only before the Terrain cards are dealt


def _player_view(player, seat):
    return {"seat": seat, "colour": SEAT_COLOURS[seat],
            "deck_size": len(player.deck),
            "deck_top": player.deck[0] if player.deck else None,
            "outposts": list(player.outposts),
            "terrain": sorted(player.terrain),
            "resources": [{"terrain": cell, "colour": colour}
                          for cell, colour in player.resources],
            "drones": list(player.drones)}


def view(state, seat):
    """What `seat` (None: a spectator) may see: the same public table for everyone, and the
    hidden parts too once the game is over."""
    if state is None:
        return {"phase": "setup", "to_act": [], "you": seat}
    return {"phase": state.phase, "to_act": list(to_act(state)), "you": seat,
            "board": {cell: _occupant(state, cell) for cell in CELLS},
            "action_cards": {card: card in state.face_up for card in ACTION_CARD_NAMES},
            "players": [_player_view(p, s) for s, p in enumerate(state.players)],
            "end_triggers": list(state.triggers),
            "outcome": outcome(state),
            **_revealed_at_end(state)}


def _revealed_at_end(state):
    """Once the game is over nothing is hidden any more (ARCHITECTURE.md): show every colour."""
    if state.phase != OVER:
        return {}
    return {"terrain_colours": dict(state.colours),
            "decks": [list(player.deck) for player in state.players]}


def redact(event, seat):
    """The event without its hidden parts (the same for every seat and for spectators)."""
    hidden = _HIDDEN.get(event["type"])
    if not hidden:
        return event
    data = {key: value for key, value in event["data"].items() if key not in hidden}
    return {**event, "data": data}
