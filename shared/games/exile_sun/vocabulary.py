"""Exile Sun's vocabulary: every command and event type, declared once."""
from shared.games.exile_sun.components import CATEGORIES, COLONIES, COLONIAL_STACKS, SYSTEM_TILES
from shared.games.kit import (CommandType, EventType, Vocabulary, choice, flag, integer, listing,
                              record, text)

TOKENS = ("heavy", "medium", "light", "shipyard", "decoy")
_space = text(16, description="A map space, e.g. s0.p1, x2, k0.h1.")
_card = text(32, description="A card id, e.g. cruiser-3 or power_cells-1.")
_tech = text(32, required=False, description="A Tech card to play with it (leave out for none).")
_fleet = text(16, description="A fleet id, e.g. f7.")

PLACE_SYSTEM = CommandType("place_system", {"tile": choice(*SYSTEM_TILES)},
                           doc="Setup: place a System tile at the next location (p6).")
CHOOSE_COLONY = CommandType("choose_colony", {"colony": choice(*COLONIES),
                                              "tech": choice(*COLONIAL_STACKS)},
                            doc="Setup: choose a Colony and a Colonial Technology stack (p6).")
PLACE_FLEET = CommandType("place_fleet", {"token": choice(*TOKENS), "space": _space},
                          doc="Setup: place a starting fleet inside your System (p7).")
CHOOSE_INITIATIVE = CommandType("choose_initiative", {"card": integer(1, 6), "tech": _tech},
                                doc="Budget: take an Initiative card (with Booster Rockets: "
                                    "out of order).")
ALLOCATE = CommandType("allocate", {**{c: integer(0, 12) for c in CATEGORIES}, "tech_card": _tech},
                       doc="Budget: allocate your budget points in secret (p8).")
SHIFT_BUDGET = CommandType("shift_budget", {"seat": integer(0, 5), "source": choice(*CATEGORIES),
                                            "target": choice(*CATEGORIES)},
                           doc="Initiative #5: move one revealed Budget point (p8).")
RETURN_SHIP = CommandType("return_ship", {"card": _card},
                          doc="Over your ship hand limit: put a card under your Reserve (p9).")
DISCARD_TECH = CommandType("discard_tech", {"card": _card},
                           doc="Over 6 Tech cards: discard one (p9).")
DEPLOY = CommandType("deploy", {"token": choice(*TOKENS), "space": _space},
                     doc="Fuel Supply: deploy a fleet next to a planet you hold or your "
                         "shipyard; decoys are free (p9, p16).")
MOVE = CommandType("move", {"fleet": _fleet, "to": _space},
                   doc="Move a fleet to a space it can reach with its moves left, along the "
                       "cheapest path around enemy fleets (p9).")
SCAN = CommandType("scan", {"fleet": _fleet, "target": _fleet, "tech": _tech},
                   doc="Spend a move to scan an enemy fleet (p9).")
BOOST = CommandType("boost", {"fleet": _fleet, "tech": _card},
                    doc="Play a move-phase Tech card giving a fleet more moves.")
REVIEW_AGENDAS = CommandType("review_agendas", doc="Initiative #6: draw 2 Agenda cards (p15).")
RETURN_AGENDA = CommandType("return_agenda", {"card": _card},
                            doc="Initiative #6: put an Agenda card under the deck (p15).")
COMMIT = CommandType("commit", {"hand": listing(_card, 8), "strike_craft": integer(0, 5),
                                "flagship": flag(), "tech": _tech},
                     doc="Battle: choose the Ship cards for this battle in secret (p10).")
TACTICS = CommandType("tactics", {"columns": listing(record({
    "role": choice("attack", "defend"), "ship": _card, "power": integer(0, 8)}), 20)},
    doc="Battle: set your tactics in secret: all your fleet power, at most 8 in a column (p11).")
REPAIR = CommandType("repair", {"ship": _card, "tech": _card},
                     doc="Repair Bots: heal a ship destroyed this round (p13).")
REGROUP = CommandType("regroup", {"discard_hand": flag(), "booster": _tech},
                      doc="End of the cycle: put your whole ship hand under your Reserve or "
                          "keep it (p13); play Booster Rockets to choose Initiative first (p8).")
FIGHT = CommandType("fight", {"space": _space},
                    doc="Battle phase: an aggressor with more than one battle chooses which is "
                        "fought next (p10); pass keeps the order they were started in.")
FORM_FLEET = CommandType("form_fleet", {"fleet": _fleet, "token": choice("light", "medium", "heavy")},
                         doc="Move phase: a group of 3, 4 or 5 Scouts becomes a Light, Medium or "
                             "Heavy fleet, if that token is in your supply (p15).")
PASS = CommandType("pass", doc="Decline what is optional now (end your move, keep your hand, "
                               "deploy no more, no budget shift, no repair).")

COMMANDS = [PLACE_SYSTEM, CHOOSE_COLONY, PLACE_FLEET, CHOOSE_INITIATIVE, ALLOCATE, SHIFT_BUDGET,
            RETURN_SHIP, DISCARD_TECH, DEPLOY, MOVE, SCAN, BOOST, REVIEW_AGENDAS, RETURN_AGENDA,
            COMMIT, TACTICS, REPAIR, REGROUP, FIGHT, FORM_FLEET, PASS]

GAME_SET_UP = EventType("GameSetUp", doc="Players, variant, dealt Initiative cards.")
AGENDAS_DEALT = EventType("AgendasDealt", doc="A red and a yellow Agenda (owner only).")
SHIPS_STOCKED = EventType("ShipsStocked", doc="Two Overhead cards into the Reserve (nobody "
                                              "sees them), four drawn (owner only).")
STEP_BEGAN = EventType("StepBegan", doc="A phase begins: who acts in which order.")
TURN_BEGAN = EventType("TurnBegan", doc="The next seat in the phase's order acts.")
REGROUPED = EventType("Regrouped", doc="A seat's end-of-cycle choice (secret until all chose).")
SYSTEM_PLACED = EventType("SystemPlaced")
COLONY_CHOSEN = EventType("ColonyChosen")
TECH_DECK_FORMED = EventType("TechDeckFormed", doc="Unchosen colonial stacks join the deck.")
FLEET_PLACED = EventType("FleetPlaced", doc="A fleet put on the map face down (token: owner).")
INITIATIVE_CHOSEN = EventType("InitiativeChosen")
BUDGET_ALLOCATED = EventType("BudgetAllocated", doc="Secret until every seat has allocated.")
BUDGETS_REVEALED = EventType("BudgetsRevealed")
BUDGET_SHIFTED = EventType("BudgetShifted")
BUDGET_RESOLVED = EventType("BudgetResolved", doc="Every seat's purchases, announced.")
OVERHEAD_PROMOTED = EventType("OverheadPromoted", doc="Overhead cards into the Reserve (unseen).")
CARDS_DRAWN = EventType("CardsDrawn", doc="Ship, Tech or Agenda cards drawn (owner only).")
SHIP_RETURNED = EventType("ShipReturned", doc="A ship card under the Reserve (owner only).")
TECH_DISCARDED = EventType("TechDiscarded")
TECH_PLAYED = EventType("TechPlayed")
MOVES_GAINED = EventType("MovesGained")
FLEET_MOVED = EventType("FleetMoved")
FLEET_SCANNED = EventType("FleetScanned", doc="The roll is public; the value is the scanner's.")
DECOY_REMOVED = EventType("DecoyRemoved")
AGENDA_RETURNED = EventType("AgendaReturned", doc="Under the Agenda deck (owner only).")
BATTLE_BEGAN = EventType("BattleBegan")
SHIPS_COMMITTED = EventType("ShipsCommitted", doc="Secret until both sides have chosen.")
COMMITS_REVEALED = EventType("CommitsRevealed", doc="Both sides' cards and fleet values.")
TACTICS_SET = EventType("TacticsSet", doc="Secret until both sides have set them.")
ROUND_FOUGHT = EventType("RoundFought", doc="Both tactics revealed, damage and losses.")
SHIP_REPAIRED = EventType("ShipRepaired")
BATTLE_ENDED = EventType("BattleEnded", doc="Casualties, trophies, tokens scaled down.")
FLEET_REMOVED = EventType("FleetRemoved")
FLEET_REDUCED = EventType("FleetReduced")
PLANET_CAPTURED = EventType("PlanetCaptured")
AGENDA_COMPLETED = EventType("AgendaCompleted")
HAND_DISCARDED = EventType("HandDiscarded", doc="The whole hand under the Reserve (owner sees the cards).")
CYCLE_ENDED = EventType("CycleEnded", doc="Initiative gathered, Tech deck reshuffled.")
GAME_ENDED = EventType("GameEnded", doc="Private VPs counted; ranks and the reason.")
PASSED = EventType("Passed", doc="A seat declined an optional step.")
BATTLE_STEP = EventType("BattleStepBegan", doc="The battle moves on to its next step.")
DECOYS_ANNOUNCED = EventType("DecoysAnnounced", doc="How many decoys a player redeployed in its "
                                                    "build turn (p15), not which tokens.")
FLEET_FORMED = EventType("FleetFormed", doc="A Scout group became a fleet token (public).")

EVENTS = [GAME_SET_UP, AGENDAS_DEALT, SHIPS_STOCKED, STEP_BEGAN, TURN_BEGAN, REGROUPED, SYSTEM_PLACED, COLONY_CHOSEN,
          TECH_DECK_FORMED, FLEET_PLACED, INITIATIVE_CHOSEN, BUDGET_ALLOCATED, BUDGETS_REVEALED,
          BUDGET_SHIFTED, BUDGET_RESOLVED, OVERHEAD_PROMOTED, CARDS_DRAWN, SHIP_RETURNED,
          TECH_DISCARDED, TECH_PLAYED, MOVES_GAINED, FLEET_MOVED, FLEET_SCANNED, DECOY_REMOVED,
          AGENDA_RETURNED, BATTLE_BEGAN, SHIPS_COMMITTED, COMMITS_REVEALED, TACTICS_SET,
          ROUND_FOUGHT, SHIP_REPAIRED, BATTLE_ENDED, FLEET_REMOVED, FLEET_REDUCED,
          PLANET_CAPTURED, AGENDA_COMPLETED, HAND_DISCARDED, CYCLE_ENDED, GAME_ENDED, PASSED, BATTLE_STEP,
          FLEET_FORMED, DECOYS_ANNOUNCED]

VOCABULARY = Vocabulary("Exile Sun", commands=COMMANDS, events=EVENTS)
