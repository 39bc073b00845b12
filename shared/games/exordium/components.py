"""Exordium's components. AUTHORED where the rulebook gives no picture (RULES_NOTES.md).

Every value below marked AUTHORED was designed by us within the numbers the text states;
the rest is quoted from the rulebook. RULES_NOTES.md lists each one.
"""

# AUTHORED: the 24 Terrain/Resource cards (rulebook: "24 Terrain/Resource cards", 3 Resources).
RESOURCE_COLOURS = ("red", "blue", "green")
TERRAIN_COUNTS = {"red": 8, "blue": 8, "green": 8}

# AUTHORED: the 3 Action cards, each two Actions keyed to one Resource colour.
ACTION_CARDS = {
    "red": ("explore", "extract"),
    "blue": ("extract", "examine"),
    "green": ("examine", "explore"),
}
ACTION_CARD_NAMES = tuple(ACTION_CARDS)

# AUTHORED: drone values of each player's 12 Outpost/Drone cards (rulebook: 1-3 Drones each).
DRONE_VALUES = (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)

# Rulebook, Turn: "if a player has 2 or more of the Resources indicated on the Action card,
# they may use both Actions".
RESOURCES_FOR_BOTH_ACTIONS = 2
# Rulebook, Scoring: "an additional 5 points if they have 3 different Resource cards".
SET_BONUS = 5
