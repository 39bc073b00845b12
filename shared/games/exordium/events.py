"""Exordium events: past-tense facts, built from the vocabulary's declarations."""
from shared.games.exordium.vocabulary import (
    ACTION_CARD_FLIPPED, ACTION_CARDS_REFRESHED, ACTION_NOT_COMPLETED, DECKS_SHUFFLED, DRONE_SENT,
    GAME_ENDED, RESOURCE_EXTRACTED, START_CHOSEN, TERRAIN_DEALT, TERRAIN_EXPLORED)


def terrain_dealt(colours):
    """Set up: the shuffled Terrain cards, dealt to the board; `colours` is hidden."""
    return TERRAIN_DEALT(cells=sorted(colours), colours=dict(sorted(colours.items())))


def decks_shuffled(decks):
    """Set up: each player's shuffled deck (drone values, top first); the order is hidden."""
    return DECKS_SHUFFLED(decks=[list(deck) for deck in decks],
                          tops=[deck[0] if deck else None for deck in decks],
                          sizes=[len(deck) for deck in decks])


def start_chosen(seat, cell):
    """Set up: a player took the Terrain card at `cell` and put their starting Outpost there."""
    return START_CHOSEN(seat=seat, cell=cell)


def terrain_explored(seat, cell, value, top):
    """Explore: Terrain at `cell` to the play area, the top deck card (of `value`) as Outpost."""
    return TERRAIN_EXPLORED(seat=seat, cell=cell, value=value, top=top)


def resource_extracted(seat, terrain, colour):
    """Extract: the Terrain card from `terrain` flipped to its Resource side, revealing it."""
    return RESOURCE_EXTRACTED(seat=seat, terrain=terrain, colour=colour)


def drone_sent(seat, value, top):
    """Examine: the top deck card (of `value`) placed on the Artifact as a Drone card."""
    return DRONE_SENT(seat=seat, value=value, top=top)


def action_not_completed(seat, action):
    """A chosen Action that could not be completed; it did nothing."""
    return ACTION_NOT_COMPLETED(seat=seat, action=action)


def action_card_flipped(seat, card):
    """After use, the Action card was flipped face down; the other player takes a turn."""
    return ACTION_CARD_FLIPPED(seat=seat, card=card)


def action_cards_refreshed():
    """No face-up Action card remained and no end trigger had occurred: all 3 face up again."""
    return ACTION_CARDS_REFRESHED()


def game_ended(triggers):
    """An end game trigger had occurred when the last Action card was flipped."""
    return GAME_ENDED(triggers=list(triggers))
