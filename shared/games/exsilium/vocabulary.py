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
DODGE = CommandType("dodge", {"card": _card()}, doc="Combat: avoid it with a dodge card.")
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
STAY = CommandType("stay", doc="After a won combat: stay where you are.")
DISPLACE = CommandType("displace", {"node": _node()},
                       doc="Move a miniature out of a new hole (Vinsan).")

COMMANDS = [CHOOSE_FACTION, BID, CHOOSE_START, MOVE, ACTIVATE, PLAY, DROP, REMOVE_CARD,
            ACTIVATE_TERMINAL, ACCESS_UPGRADES, CYCLE_UPGRADES, BUY, LEAVE_UPGRADES, ABILITY,
            END_TURN, COMMIT, DODGE, EVADE, FAVORABLE_ZONE, CONCEDE, DISCARD, LEAVE_CONFLICT,
            STAY, DISPLACE]

MATCH_SET_UP = EventType("MatchSetUp")
FACTION_CHOSEN = EventType("FactionChosen")
BID_PLACED = EventType("BidPlaced")
BIDS_REVEALED = EventType("BidsRevealed")
START_CHOSEN = EventType("StartChosen")
ROUND_STARTED = EventType("RoundStarted")
DECK_RESHUFFLED = EventType("DeckReshuffled")
CARDS_DRAWN = EventType("CardsDrawn")
TURN_STARTED = EventType("TurnStarted")
CARD_USED = EventType("CardUsed")
CARD_REMOVED = EventType("CardRemoved")
CARDS_DISCARDED = EventType("CardsDiscarded")
CARD_SWAPPED = EventType("CardSwapped")
TOKENS_PAID = EventType("TokensPaid")
MINIATURE_ACTIVATED = EventType("MiniatureActivated")
MINIATURE_MOVED = EventType("MiniatureMoved")
FRONTIER_BLOCKED = EventType("FrontierBlocked")
TILE_REVEALED = EventType("TileRevealed")
BARALYTAS_COLLECTED = EventType("BaralytasCollected")
TERMINAL_TOKEN_TAKEN = EventType("TerminalTokenTaken")
TERMINAL_CONTROLLED = EventType("TerminalControlled")
CONTROL_WITHDRAWN = EventType("ControlWithdrawn")
CARD_DROPPED = EventType("CardDropped")
MARKER_PICKED_UP = EventType("MarkerPickedUp")
MINE_DETONATED = EventType("MineDetonated")
MINIATURE_DEFEATED = EventType("MiniatureDefeated")
ABILITY_RELEASED = EventType("AbilityReleased")
NEWARU_REMOVED = EventType("NewaruRemoved")
NEWARU_MOVED = EventType("NewaruMoved")
NEWARU_SPAWNED = EventType("NewaruSpawned")
COMBAT_STARTED = EventType("CombatStarted")
CARDS_COMMITTED = EventType("CardsCommitted")
COMBAT_AVOIDED = EventType("CombatAvoided")
COMBAT_REVEALED = EventType("CombatRevealed")
OUTCOME_DRAWN = EventType("OutcomeDrawn")
ENEMY_ACTION_REVEALED = EventType("EnemyActionRevealed")
COMBAT_WON = EventType("CombatWon")
REWARD_TAKEN = EventType("RewardTaken")
TERMINAL_TOKEN_GIVEN = EventType("TerminalTokenGiven")
BARALYTAS_GIVEN = EventType("BaralytasGiven")
BARALYTAS_RETURNED = EventType("BaralytasReturned")
CHOICE_OWED = EventType("ChoiceOwed")
CARD_CONCEDED = EventType("CardConceded")
CARDS_FATIGUED = EventType("CardsFatigued")
SLOT_FILLED = EventType("SlotFilled")
ABILITY_UNLEASHED = EventType("AbilityUnleashed")
HOLE_OPENED = EventType("HoleOpened")
MINIATURE_TRAPPED = EventType("MiniatureTrapped")
HOLOGRAM_SET = EventType("HologramSet")
HOLOGRAM_RESOLVED = EventType("HologramResolved")
UPGRADE_ACCESSED = EventType("UpgradeAccessed")
UPGRADE_CYCLED = EventType("UpgradeCycled")
CARDS_BOUGHT = EventType("CardsBought")
UPGRADE_LEFT = EventType("UpgradeLeft")
TURN_ENDED = EventType("TurnEnded")
MATCH_ENDED = EventType("MatchEnded")
ESCAPE_DECIDED = EventType("EscapeDecided")
MINIATURE_DISPLACED = EventType("MiniatureDisplaced")

EVENTS = [MATCH_SET_UP, FACTION_CHOSEN, BID_PLACED, BIDS_REVEALED, START_CHOSEN, ROUND_STARTED,
          DECK_RESHUFFLED, CARDS_DRAWN, TURN_STARTED, CARD_USED, CARD_REMOVED, CARDS_DISCARDED,
          CARD_SWAPPED, TOKENS_PAID, MINIATURE_ACTIVATED, MINIATURE_MOVED, FRONTIER_BLOCKED,
          TILE_REVEALED, BARALYTAS_COLLECTED, TERMINAL_TOKEN_TAKEN, TERMINAL_CONTROLLED,
          CONTROL_WITHDRAWN, CARD_DROPPED, MARKER_PICKED_UP, MINE_DETONATED, MINIATURE_DEFEATED,
          ABILITY_RELEASED, NEWARU_REMOVED, NEWARU_MOVED, NEWARU_SPAWNED, COMBAT_STARTED,
          CARDS_COMMITTED, COMBAT_AVOIDED, COMBAT_REVEALED, OUTCOME_DRAWN,
          ENEMY_ACTION_REVEALED, COMBAT_WON, REWARD_TAKEN, TERMINAL_TOKEN_GIVEN,
          BARALYTAS_GIVEN, BARALYTAS_RETURNED, CHOICE_OWED, CARD_CONCEDED, CARDS_FATIGUED,
          SLOT_FILLED, ABILITY_UNLEASHED, HOLE_OPENED, MINIATURE_TRAPPED, HOLOGRAM_SET,
          HOLOGRAM_RESOLVED, UPGRADE_ACCESSED, UPGRADE_CYCLED, CARDS_BOUGHT, UPGRADE_LEFT,
          TURN_ENDED, MATCH_ENDED, ESCAPE_DECIDED, MINIATURE_DISPLACED]

VOCABULARY = Vocabulary("Exsilium", commands=COMMANDS, events=EVENTS)
