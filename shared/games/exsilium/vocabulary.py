"""Exsilium's vocabulary: every command a seat may send and every event the match records,
declared once (rulebook seeds 000 English, 001 Spanish).

Nodes are integers (board.py), tile positions "row,col" strings, cards their ids (e.g.
'p0-basic-0'). `play` and `ability` carry the parameters their card or faction needs, each
optional here: the rules compare the whole command with the legal ones. `cycle_upgrades`
names a `slot` only when the match discards one card of the upgrades row (option
`upgrade_discard`), which the rules check.
"""
from shared.games.exsilium.components import FACTIONS
from shared.games.kit import (CommandType, EventType, Vocabulary, choice, flag, integer, listing,
                              text)

_NODE_MAX = 9999
_CARDS_MAX = 40


def _card(**kw):
    return text(max_length=32, description="A card id, e.g. 'p0-basic-0'.", **kw)


def _node(**kw):
    return integer(0, _NODE_MAX, description="A node of the board.", **kw)


def _mini(**kw):
    return integer(0, 3, description="One of your miniatures, 0-3.", **kw)


def _path(**kw):
    return listing(_node(), min_length=1, max_length=4, description="The nodes stepped on, "
                   "in order.", **kw)


def _cards(description):
    return listing(_card(), max_length=_CARDS_MAX, description=description)


CHOOSE_FACTION = CommandType("choose_faction", {"faction": choice(*FACTIONS)},
                             doc="Setup 1: choose a faction no one has chosen.")
BID = CommandType("bid", {"amount": integer(0, _CARDS_MAX, description="Faction tokens bid.")},
                  doc="Setup 3: a secret bid of faction tokens for the turn order.")
CHOOSE_START = CommandType("choose_start", {"node": _node()},
                           doc="Setup 4: a free starting tile's activation node.")
MOVE = CommandType("move", {"card": _card(), "mini": _mini(), "path": _path(),
                            "action": flag(description="Use the card's move action (else its "
                                                       "basic move)."),
                            "control": flag(description="Control the terminal you leave.")},
                   doc="Move a miniature with a card.")
ACTIVATE = CommandType("activate", {"card": _card(), "node": _node()},
                       doc="Put a miniature from your board on an activation node.")
PLAY = CommandType("play", {"card": _card(), "give": _card(required=False),
                            "take": _card(required=False), "target": _card(required=False),
                            "zone": choice("hand", "discard", required=False),
                            "mini": _mini(required=False), "node": _node(required=False)},
                   doc="Use a card's action, with the choices it needs.")
DROP = CommandType("drop", {"card": _card(), "node": _node(),
                            "face": choice("up", "down", "supply")},
                   doc="Drop a card with the drop icon next to one of your miniatures.")
REMOVE_CARD = CommandType("remove_card", {"card": _card()},
                          doc="Remove a card with the remove icon from the game.")
ACTIVATE_TERMINAL = CommandType("activate_terminal", {"node": _node()},
                                doc="Activate a miniature on a terminal you control.")
ACCESS_UPGRADES = CommandType("access_upgrades", doc="Access the upgrades board (1 token).")
CYCLE_UPGRADES = CommandType("cycle_upgrades", {"slot": integer(0, 3, required=False)},
                             doc="Refresh the upgrades row once (one slot, or all four).")
BUY = CommandType("buy", {"slots": listing(integer(0, 3), min_length=1, max_length=4),
                          "paid": _cards("The cards paid with.")},
                  doc="Buy upgraded cards from the row.")
LEAVE_UPGRADES = CommandType("leave_upgrades", doc="Leave the upgrades board.")
ABILITY = CommandType("ability", {"card": _card(nullable=True),
                                  "mini": _mini(required=False),
                                  "tile": text(max_length=9, pattern=r"^-?\d+,-?\d+$",
                                               required=False),
                                  "node": _node(required=False),
                                  "target": listing(integer(0, 3), min_length=2, max_length=2,
                                                    required=False,
                                                    description="[seat, miniature]")},
                      doc="Fill an ability slot, paid with a faction token (card null) or a "
                          "Drone Uplink card; the second slot unleashes the ability.")
END_TURN = CommandType("end_turn", doc="End your turn (only with no card you could use).")
COMMIT = CommandType("commit", {"cards": _cards("The cards committed to the combat.")},
                     doc="Combat: commit cards of your hand.")
PLACE_CARD = CommandType(
    "place_card", {"card": _card()},
    doc="Combat, from a hand too large to list every set of cards: place one card face down "
        "for your commitment; `commit` then commits the cards placed.")
DODGE = CommandType("dodge", {"card": _card()},
                    doc="Avoid a combat you are attacked in, or the effect of a faction type "
                        "card on your miniatures, with a Dodge card.")
DIVE = CommandType("dive", {"card": _card()},
                   doc="Your miniatures survive a Keber strike: play a Dive card.")
ENDURE = CommandType("endure", doc="Let an ability's or a card's effect defeat your miniatures "
                                   "(keep your Dive or Dodge card).")
EVADE = CommandType("evade", {"card": _card()}, doc="Combat: evade with your faction's card.")
FAVORABLE_ZONE = CommandType("favorable_zone", {"card": _card()},
                             doc="Combat: play a favorable zone card.")
CONCEDE = CommandType("concede", {"card": _card(nullable=True), "node": _node(nullable=True),
                                  "baralytas": integer(1, 3, nullable=True)},
                      doc="After a defeat: the card, node and Baralytas token given up.")
DISCARD = CommandType("discard", {"cards": _cards("The cards discarded.")},
                      doc="After a won combat: discard the cards owed.")
LEAVE_CONFLICT = CommandType("leave_conflict", {"card": _card(), "path": _path()},
                             doc="After a won combat: move out of the conflict zone.")
STAY = CommandType("stay", doc="Stay where you are: after a won combat, or after revealing a "
                                "tile with nodes of the move left.")
MOVE_ON = CommandType("move_on", {"path": listing(_node(), min_length=1, max_length=3,
                                                  description="The nodes stepped on, in order.")},
                      doc="After revealing a tile mid-move: go on with the nodes left.")
DISPLACE = CommandType("displace", {"node": _node()},
                       doc="Move a miniature out of a new hole (Vinsan).")

COMMANDS = [CHOOSE_FACTION, BID, CHOOSE_START, MOVE, ACTIVATE, PLAY, DROP, REMOVE_CARD,
            ACTIVATE_TERMINAL, ACCESS_UPGRADES, CYCLE_UPGRADES, BUY, LEAVE_UPGRADES, ABILITY,
            END_TURN, COMMIT, PLACE_CARD, DODGE, EVADE, FAVORABLE_ZONE, CONCEDE, DISCARD, LEAVE_CONFLICT,
            STAY, DISPLACE, DIVE, ENDURE, MOVE_ON]

MATCH_SET_UP = EventType(
    "MatchSetUp", doc="Setup: the scenario's tiles, the decks and the upgrades row.")
FACTION_CHOSEN = EventType("FactionChosen", doc="Setup 1: a player's faction.")
BID_PLACED = EventType(
    "BidPlaced", doc="Setup 3: a secret bid (the amount is its owner's until revealed).")
BIDS_REVEALED = EventType(
    "BidsRevealed", doc="Setup 3: every bid shown; the turn order they give.")
START_CHOSEN = EventType(
    "StartChosen", doc="Setup 4: a player's starting tile (its activation node).")
ROUND_STARTED = EventType("RoundStarted", doc="A new round: hands are drawn up to 4.")
DECK_RESHUFFLED = EventType(
    "DeckReshuffled", doc="A player's discard shuffled back into the deck.")
CARDS_DRAWN = EventType(
    "CardsDrawn", doc="Cards drawn at random (which ones only their owner sees).")
TURN_STARTED = EventType("TurnStarted", doc="A player's turn begins.")
CARD_USED = EventType(
    "CardUsed", doc="A card left the hand for a use (move, action, payment, reaction...).")
CARD_REMOVED = EventType("CardRemoved", doc="A card removed from the game.")
CARDS_DISCARDED = EventType("CardsDiscarded", doc="Cards put on the discard pile.")
CARD_SWAPPED = EventType("CardSwapped", doc="Swap: a hand card for one of the discard pile.")
TOKENS_PAID = EventType("TokensPaid", doc="Faction tokens spent, and why.")
MINIATURE_ACTIVATED = EventType(
    "MiniatureActivated", doc="A miniature from the player board onto an activation node.")
MINIATURE_MOVED = EventType("MiniatureMoved", doc="A miniature stepped from one node to another.")
FRONTIER_BLOCKED = EventType("FrontierBlocked", doc="A move stopped at a frontier.")
TILE_REVEALED = EventType(
    "TileRevealed", doc="A face-down tile turned face up (its nodes, deposits, portals).")
BARALYTAS_COLLECTED = EventType(
    "BaralytasCollected", doc="A Baralytas token taken from a deposit.")
TERMINAL_TOKEN_TAKEN = EventType(
    "TerminalTokenTaken", doc="A terminal token taken from a connection terminal.")
TERMINAL_CONTROLLED = EventType("TerminalControlled", doc="A player took control of a terminal.")
CONTROL_WITHDRAWN = EventType("ControlWithdrawn", doc="A terminal's control removed (Cracking).")
CARD_DROPPED = EventType(
    "CardDropped", doc="A card dropped on a node (face up, face down or as a supply box).")
MARKER_PICKED_UP = EventType("MarkerPickedUp", doc="A dropped card picked up from the board.")
MINE_DETONATED = EventType("MineDetonated", doc="A mine went off next to miniatures.")
MINIATURE_DEFEATED = EventType(
    "MiniatureDefeated", doc="A miniature defeated, back to its owner's board.")
ABILITY_RELEASED = EventType(
    "AbilityReleased", doc="A faction's ability slots emptied after enough defeats.")
NEWARU_REMOVED = EventType("NewaruRemoved", doc="A Newaru left the board.")
NEWARU_MOVED = EventType("NewaruMoved", doc="A Newaru stepped towards its prey.")
NEWARU_SPAWNED = EventType("NewaruSpawned", doc="A Newaru appeared on a portal.")
COMBAT_STARTED = EventType("CombatStarted", doc="A combat began (against a player or a Newaru).")
CARDS_COMMITTED = EventType(
    "CardsCommitted", doc="Cards committed to a combat (hidden until revealed).")
CARD_PLACED = EventType(
    "CardPlaced", doc="A card placed face down for a commitment (hidden until revealed).")
COMBAT_AVOIDED = EventType(
    "CombatAvoided", doc="A combat or an enemy action avoided (Dodge, evasion, Favorable Zone).")
COMBAT_REVEALED = EventType("CombatRevealed", doc="Both sides' committed cards revealed.")
OUTCOME_DRAWN = EventType("OutcomeDrawn", doc="An Outcome card drawn for a combat.")
ENEMY_ACTION_REVEALED = EventType(
    "EnemyActionRevealed", doc="A Newaru's enemy action card revealed.")
COMBAT_WON = EventType("CombatWon", doc="A combat's winner.")
REWARD_TAKEN = EventType("RewardTaken", doc="The winner's reward.")
TERMINAL_TOKEN_GIVEN = EventType("TerminalTokenGiven", doc="A terminal token given to the winner.")
BARALYTAS_GIVEN = EventType("BaralytasGiven", doc="A Baralytas token given up to the winner.")
BARALYTAS_RETURNED = EventType(
    "BaralytasReturned", doc="A Baralytas token returned to the closest deposit.")
CHOICE_OWED = EventType(
    "ChoiceOwed", doc="A seat owes a choice (concede, "
                 "escape, discard, displace, ward, onward) before play goes on.")
CARD_CONCEDED = EventType("CardConceded", doc="The loser's card, given up or placed on the board.")
def _with_left(data: dict) -> dict:
    """CardsFatigued 1 -> 2: `left`, the cards still owed after this discard (a large hand
    discards one card at a time); a discard logged before was always the whole debt."""
    return {**data, "left": 0}


CARDS_FATIGUED = EventType("CardsFatigued", doc="The winner's discard after a combat.",
                           version=2, upcasters=(_with_left,))
SLOT_FILLED = EventType("SlotFilled", doc="An ability slot filled.")
ABILITY_UNLEASHED = EventType("AbilityUnleashed", doc="A faction ability took effect.")
HOLE_OPENED = EventType("HoleOpened", doc="Vinsan: a hole opened in the board.")
MINIATURE_TRAPPED = EventType("MiniatureTrapped", doc="Wardun: a miniature trapped.")
HOLOGRAM_SET = EventType("HologramSet", doc="A hologram placed.")
HOLOGRAM_RESOLVED = EventType("HologramResolved", doc="A hologram's effect resolved.")
UPGRADE_ACCESSED = EventType("UpgradeAccessed", doc="A player opened the upgrades board.")
UPGRADE_CYCLED = EventType(
    "UpgradeCycled", doc="The upgrades row refreshed (one card or all four).")
CARDS_BOUGHT = EventType("CardsBought", doc="Upgraded cards bought, and the cards paid.")
UPGRADE_LEFT = EventType("UpgradeLeft", doc="A player left the upgrades board.")
TURN_ENDED = EventType("TurnEnded", doc="A player's turn ended.")
MATCH_ENDED = EventType("MatchEnded", doc="The match is over: ranks, scores and why.")
ESCAPE_DECIDED = EventType("EscapeDecided", doc="The winner stayed, or left the conflict zone.")
MINIATURE_DISPLACED = EventType("MiniatureDisplaced", doc="A miniature moved out of a new hole.")
MOVE_RESUMED = EventType("MoveResumed", doc="After a reveal mid-move: the move goes on along "
                                            "`path`, or stops (path null).")
WARD_DECIDED = EventType("WardDecided", doc="A player warded off an effect with a Dive or Dodge "
                                            "card (card), or endured it (card null).")

EVENTS = [MATCH_SET_UP, FACTION_CHOSEN, BID_PLACED, BIDS_REVEALED, START_CHOSEN, ROUND_STARTED,
          DECK_RESHUFFLED, CARDS_DRAWN, TURN_STARTED, CARD_USED, CARD_REMOVED, CARDS_DISCARDED,
          CARD_SWAPPED, TOKENS_PAID, MINIATURE_ACTIVATED, MINIATURE_MOVED, FRONTIER_BLOCKED,
          TILE_REVEALED, BARALYTAS_COLLECTED, TERMINAL_TOKEN_TAKEN, TERMINAL_CONTROLLED,
          CONTROL_WITHDRAWN, CARD_DROPPED, MARKER_PICKED_UP, MINE_DETONATED, MINIATURE_DEFEATED,
          ABILITY_RELEASED, NEWARU_REMOVED, NEWARU_MOVED, NEWARU_SPAWNED, COMBAT_STARTED,
          CARDS_COMMITTED, CARD_PLACED, COMBAT_AVOIDED, COMBAT_REVEALED, OUTCOME_DRAWN,
          ENEMY_ACTION_REVEALED, COMBAT_WON, REWARD_TAKEN, TERMINAL_TOKEN_GIVEN,
          BARALYTAS_GIVEN, BARALYTAS_RETURNED, CHOICE_OWED, CARD_CONCEDED, CARDS_FATIGUED,
          SLOT_FILLED, ABILITY_UNLEASHED, HOLE_OPENED, MINIATURE_TRAPPED, HOLOGRAM_SET,
          HOLOGRAM_RESOLVED, UPGRADE_ACCESSED, UPGRADE_CYCLED, CARDS_BOUGHT, UPGRADE_LEFT,
          TURN_ENDED, MATCH_ENDED, ESCAPE_DECIDED, MINIATURE_DISPLACED, WARD_DECIDED,
          MOVE_RESUMED]

VOCABULARY = Vocabulary("Exsilium", commands=COMMANDS, events=EVENTS)
