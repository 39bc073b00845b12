"""Exordium evolve: one small function per event type. Trusts every event; never fails."""
from dataclasses import replace

from shared.games.exordium.components import ACTION_CARD_NAMES
from shared.games.exordium.spec import FIRST_PLAYER, PURPLE
from shared.games.exordium.state import OVER, PLAY, Player, State, with_cards, with_player
from shared.games.exordium.vocabulary import (
    ACTION_CARD_FLIPPED, ACTION_CARDS_REFRESHED, ACTION_NOT_COMPLETED, DECKS_SHUFFLED, DRONE_SENT,
    GAME_ENDED, RESOURCE_EXTRACTED, START_CHOSEN, TERRAIN_DEALT, TERRAIN_EXPLORED)


def _terrain_dealt(state, data):
    colours = data["colours"]
    return State(colours=tuple(sorted(colours.items())), board=frozenset(colours))


def _decks_shuffled(state, data):
    for seat, deck in enumerate(data["decks"]):
        state = with_player(state, seat, deck=tuple(deck))
    return state


def _start_chosen(state, data):
    seat, cell = data["seat"], data["cell"]
    player = state.players[seat]
    state = with_player(state, seat, outposts=player.outposts + (cell,),
                        terrain=player.terrain + (cell,))
    state = replace(state, board=state.board - {cell})
    # Set up: purple chooses first, then yellow; then yellow takes the first turn.
    if seat == PURPLE:
        return replace(state, turn=1 - seat)
    return replace(state, phase=PLAY, turn=FIRST_PLAYER)


def _terrain_explored(state, data):
    seat, cell = data["seat"], data["cell"]
    p = state.players[seat]
    player = Player(p.outposts + (cell,), p.deck[1:], p.terrain + (cell,), p.resources,
                    p.drones)
    return with_cards(state, seat, player, state.board - {cell})


def _resource_extracted(state, data):
    seat, cell = data["seat"], data["terrain"]
    p = state.players[seat]
    player = Player(p.outposts, p.deck, tuple(t for t in p.terrain if t != cell),
                    p.resources + ((cell, data["colour"]),), p.drones)
    return with_cards(state, seat, player, state.board)


def _drone_sent(state, data):
    seat = data["seat"]
    p = state.players[seat]
    player = Player(p.outposts, p.deck[1:], p.terrain, p.resources, p.drones + p.deck[:1])
    return with_cards(state, seat, player, state.board)


def _action_not_completed(state, data):
    return state


def _action_card_flipped(state, data):
    face_up = tuple(card for card in state.face_up if card != data["card"])
    return State(state.colours, state.board, state.players, face_up, state.phase,
                 1 - data["seat"], state.triggers)


def _action_cards_refreshed(state, data):
    return replace(state, face_up=ACTION_CARD_NAMES)


def _game_ended(state, data):
    return replace(state, phase=OVER, turn=None, triggers=tuple(data["triggers"]))


_APPLY = {
    TERRAIN_DEALT.name: _terrain_dealt,
    DECKS_SHUFFLED.name: _decks_shuffled,
    START_CHOSEN.name: _start_chosen,
    TERRAIN_EXPLORED.name: _terrain_explored,
    RESOURCE_EXTRACTED.name: _resource_extracted,
    DRONE_SENT.name: _drone_sent,
    ACTION_NOT_COMPLETED.name: _action_not_completed,
    ACTION_CARD_FLIPPED.name: _action_card_flipped,
    ACTION_CARDS_REFRESHED.name: _action_cards_refreshed,
    GAME_ENDED.name: _game_ended,
}


def evolve(state, event):
    """Apply one Exordium event to the state (None before the first event)."""
    return _APPLY[event["type"]](state, event["data"])


def fold(state, events):
    """Apply several events in order."""
    for event in events:
        state = evolve(state, event)
    return state
