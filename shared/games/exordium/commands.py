"""Exordium commands (requests a seat sends), built from the vocabulary; decide turns them
into events."""
from shared.games.exordium.vocabulary import CHOOSE_START, PLAY_ACTION_CARD


def choose_start(cell):
    """Set up: put your starting Outpost on `cell`, one of the 8 spaces around the Artifact."""
    return CHOOSE_START(cell=cell)


def play_action_card(card, *actions):
    """Turn: use the face-up Action card `card` ("red", "blue", "green") for 1 or 2 Actions."""
    return PLAY_ACTION_CARD(card=card, actions=list(actions))


def explore(cell=None):
    """Explore the Terrain at `cell` (None when Explore cannot be completed)."""
    return {"action": "explore", "cell": cell} if cell else {"action": "explore"}


def extract(terrain=None):
    """Extract the Terrain card from `terrain` (None when Extract cannot be completed)."""
    return {"action": "extract", "terrain": terrain} if terrain else {"action": "extract"}


def examine():
    """Examine: send the top deck card to the Artifact."""
    return {"action": "examine"}
