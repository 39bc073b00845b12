"""Exsilium events: past-tense facts, JSON-able dicts (schema version 1).

Every event is built by `event(type, **data)`; `HIDDEN` (view.py) says which fields only their
owner may see. Tile positions travel as "row,col" strings, nodes as integers (board.py).
"""

TYPES = (
    "MatchSetUp", "FactionChosen", "BidPlaced", "BidsRevealed", "StartChosen", "RoundStarted",
    "DeckReshuffled", "CardsDrawn", "TurnStarted", "CardUsed", "CardRemoved", "CardsDiscarded",
    "CardSwapped", "TokensPaid", "MiniatureActivated", "MiniatureMoved", "FrontierBlocked",
    "TileRevealed", "BaralytasCollected", "TerminalTokenTaken", "TerminalControlled",
    "ControlWithdrawn", "CardDropped", "MarkerPickedUp", "MineDetonated", "MiniatureDefeated",
    "AbilityReleased", "NewaruRemoved", "NewaruMoved", "NewaruSpawned", "CombatStarted",
    "CardsCommitted", "CombatAvoided", "CombatRevealed", "OutcomeDrawn", "EnemyActionRevealed",
    "CombatWon", "RewardTaken", "TerminalTokenGiven", "BaralytasGiven", "BaralytasReturned",
    "ChoiceOwed", "CardConceded", "CardsFatigued", "SlotFilled", "AbilityUnleashed",
    "HoleOpened", "MiniatureTrapped", "HologramSet", "HologramResolved", "UpgradeAccessed",
    "UpgradeCycled", "CardsBought", "UpgradeLeft", "TurnEnded", "MatchEnded", "EscapeDecided",
    "MiniatureDisplaced")


def event(etype, /, **data):
    """One event of a known type."""
    assert etype in TYPES, etype
    return {"type": etype, "data": data}


def pos_key(pos):
    return f"{pos[0]},{pos[1]}"


def parse_pos(key):
    r, c = key.split(",")
    return (int(r), int(c))
