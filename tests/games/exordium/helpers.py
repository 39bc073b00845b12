"""Given-builders for Exordium tests: tables set up from known facts, and commands."""
from shared.games.exordium import commands, events
from shared.games.exordium.board import TERRAIN_CELLS
from shared.games.exordium.components import RESOURCE_COLOURS
from shared.games.exordium.evolve import fold
from shared.games.exordium import GAME

# A known deal: colours cycle red, blue, green along a1, b1, ... e5 (c3 is the Artifact).
COLOURS = {cell: RESOURCE_COLOURS[i % 3] for i, cell in enumerate(TERRAIN_CELLS)}
DECK = (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3)
PURPLE, YELLOW = 0, 1


def dealt(decks=(DECK, DECK)):
    """Set-up facts: the known deal and decks, before any starting space is chosen."""
    return [events.terrain_dealt(COLOURS), events.decks_shuffled(decks)]


def table(purple="b2", yellow="d4", decks=(DECK, DECK)):
    """Set-up facts through both starting choices: yellow is to take the first turn."""
    return dealt(decks) + [events.start_chosen(PURPLE, purple),
                           events.start_chosen(YELLOW, yellow)]


def given(*batches):
    """The state after the given lists of events."""
    state = None
    for batch in batches:
        state = fold(state, batch)
    return state


card = commands.play_action_card
explore = commands.explore
extract = commands.extract
EXAMINE = commands.examine()


def when(state, seat, command):
    """The events `seat`'s command causes (the game's decide, shape check first)."""
    return GAME.decide(state, seat, command, None)


def holds(state, seat, *cells):
    """Facts: `seat` explored each cell in turn and extracted it (to give it Resources)."""
    out = []
    for cell in cells:
        deck = state.players[seat].deck
        caused = [events.terrain_explored(seat, cell, deck[0], deck[1]),
                  events.resource_extracted(seat, cell, COLOURS[cell])]
        state = fold(state, caused)
        out += caused
    return out


def types(evts):
    """The event types, in order."""
    return [e["type"] for e in evts]
