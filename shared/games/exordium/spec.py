"""Exordium: two players explore, examine and extract around an alien Artifact."""
from shared.games.api import GameSpec

# The rulebook names no variants, so the game takes no options (RULES_NOTES.md).
# Terrain colours and decks below their top card are hidden from both players (view.py).
SPEC = GameSpec(name="exordium", title="Exordium", min_players=2, max_players=2,
                hides_information=True)

PURPLE, YELLOW = 0, 1
SEAT_COLOURS = ("purple", "yellow")
# Set up: "The game begins with the yellow player taking the first turn."
FIRST_PLAYER = YELLOW
