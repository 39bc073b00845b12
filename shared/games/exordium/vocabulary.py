"""Exordium's vocabulary: its two commands and its ten events, declared once.

Commands (rulebook, Set up and Turn): `choose_start` puts a starting Outpost on a cell;
`play_action_card` uses a face-up Action card for one or both of its Actions, each with its
own target field (Explore a `cell`, Extract a `terrain`, Examine none; a target is left out
or null when the Action cannot be completed).
"""
from shared.games.exordium.components import ACTION_CARD_NAMES
from shared.games.kit import CommandType, EventType, Vocabulary, choice, listing, text, variant

_CELL_PATTERN = r"^[a-e][1-5]$"  # anchored: JSON Schema patterns search


def _cell(description: str, **kw):
    return text(max_length=2, pattern=_CELL_PATTERN, description=description, **kw)


def _target(description: str):
    """An Action's target: left out or null when the Action cannot be completed."""
    return _cell(description, required=False, nullable=True)


CHOOSE_START = CommandType(
    "choose_start", {"cell": _cell("One of the 8 cells around the Artifact, e.g. 'b2'.")},
    doc="Set up: put your starting Outpost on a cell around the Artifact.")
PLAY_ACTION_CARD = CommandType(
    "play_action_card",
    {"card": choice(*ACTION_CARD_NAMES, description="A face-up Action card."),
     "actions": listing(variant("action", {
         "explore": {"cell": _target("The Terrain to explore, next to one of your Outposts.")},
         "extract": {"terrain": _target("A Terrain card in your play area.")},
         "examine": {}}), min_length=1, max_length=2,
         description="One Action of the card, or both (2+ Resources of its colour).")},
    doc="Turn: use a face-up Action card for one or both of its Actions.")

TERRAIN_DEALT = EventType("TerrainDealt", doc="Set up: the shuffled Terrain cards on the "
                          "board; `colours` is hidden.")
DECKS_SHUFFLED = EventType("DecksShuffled", doc="Set up: each player's shuffled deck (top "
                           "first); the order below the top is hidden.")
START_CHOSEN = EventType("StartChosen", doc="Set up: a player's starting Outpost.")
TERRAIN_EXPLORED = EventType("TerrainExplored", doc="Explore: a Terrain card to the play "
                             "area, the top deck card as its Outpost.")
RESOURCE_EXTRACTED = EventType("ResourceExtracted", doc="Extract: a Terrain card flipped to "
                               "its Resource side.")
DRONE_SENT = EventType("DroneSent", doc="Examine: the top deck card to the Artifact as a Drone.")
ACTION_NOT_COMPLETED = EventType("ActionNotCompleted", doc="A chosen Action that could not "
                                 "be completed; it did nothing.")
ACTION_CARD_FLIPPED = EventType("ActionCardFlipped", doc="The used Action card, face down.")
ACTION_CARDS_REFRESHED = EventType("ActionCardsRefreshed", doc="All 3 Action cards face up "
                                   "again.")
GAME_ENDED = EventType("GameEnded", doc="An end game trigger had occurred when the last "
                       "Action card was flipped.")

VOCABULARY = Vocabulary(
    "Exordium", commands=[CHOOSE_START, PLAY_ACTION_CARD],
    events=[TERRAIN_DEALT, DECKS_SHUFFLED, START_CHOSEN, TERRAIN_EXPLORED, RESOURCE_EXTRACTED,
            DRONE_SENT, ACTION_NOT_COMPLETED, ACTION_CARD_FLIPPED, ACTION_CARDS_REFRESHED,
            GAME_ENDED])
