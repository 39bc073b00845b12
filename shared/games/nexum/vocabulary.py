"""Nexum's vocabulary: every command and event type, declared once."""
from shared.games.kit import (CommandType, EventType, Vocabulary, choice, integer, listing,
                              text)
from shared.games.nexum.components import PHASE_CARDS, TECHS

_PLACE = text(8, pattern=r"[A-L][1-3*]|[a-l](?:[1-9]|\*{1,2})?|cloud|wormhole",
              description="A planet (system letter and number, e.g. D2), a star (D*), cloud "
                          "or wormhole (multi-battle); exotic systems are lower case (b3, h**, "
                          "the Wormhole i).")
_CARD = text(3, pattern=r"[A-L][1-3]", description="An event card: its letter and planet.")

CHOOSE_PHASE = CommandType("choose_phase", {
    "card": choice(*PHASE_CARDS, description="One of your phase cards not used this cycle."),
    "bid": integer(0, 35, description="Energy bid for turn order (paid when revealed)."),
}, doc="Choose your phase card and bid for this round, in secret.")
PLAY_EVENT = CommandType("play_event", {
    "card": _CARD, "slot": integer(0, 2, description="The Action Row slot to cover."),
}, doc="Play an event card from your hand on top of an Action Row card.")
PASS_EVENT = CommandType("pass_event", doc="Play no event card on this Action Row.")
MOVE = CommandType("move", {
    "origin": _PLACE, "to": _PLACE,
    "ships": integer(1, 40, description="How many of your ships there move."),
    "relics": integer(0, 8, description="How many of the relics they carry go with them."),
}, doc="Movement phase: move ships (an attack when the destination holds enemies).")
REPLICATE = CommandType("replicate", {"planet": _PLACE},
                        doc="Management phase: a new ship on a planet you hold.")
CAPTURE = CommandType("capture", {"planet": _PLACE},
                      doc="Load the asteroid of a planet where you have ships (Processing).")
DISCARD_ASTEROIDS = CommandType("discard_asteroids", {
    "asteroids": listing(integer(0, 10_000), 4, min_length=1)},
    doc="Return loaded asteroids to the reserve (once per turn, before capturing).")
RESEARCH = CommandType("research", {
    "tech": choice(*TECHS),
    "asteroids": listing(integer(0, 10_000), 4,
                         description="The loaded asteroids paying its crystals ([] for "
                                     "technologies paid in energy)."),
}, doc="Acquire a technology card (one per turn).")
END_PHASE = CommandType("end_phase", doc="End your current phase.")

SECTOR_LAID_OUT = EventType("SectorLaidOut", doc="The sector, factions, ships and relics.")
ASTEROIDS_PLACED = EventType("AsteroidsPlaced", doc="An asteroid marker on each of these planets.")
ACTION_ROW_DRAWN = EventType("ActionRowDrawn", doc="Three event cards face up.")
DECK_RESHUFFLED = EventType("DeckReshuffled", doc="The discards became the event deck.")
EVENT_CARD_PLAYED = EventType("EventCardPlayed", doc="A faction covered an Action Row card.")
EVENT_PASSED = EventType("EventPassed", doc="A faction played no card on this row.")
EVENT_RESOLVED = EventType("EventResolved", doc="A top card took effect on these planets.")
MARKER_PLACED = EventType("MarkerPlaced", doc="A No Movement / No Management marker.")
PLANET_DESTROYED = EventType("PlanetDestroyed", doc="5 No Movement markers: destroyed.")
PLANET_DIED = EventType("PlanetDied", doc="5 No Management markers: a dead planet.")
SHIPS_DESTROYED = EventType("ShipsDestroyed", doc="Ships back to their reserve (reason).")
RELIC_MOVED = EventType("RelicMoved", doc="A loose relic moved (to the Asteroid Cloud).")
ROW_DISCARDED = EventType("RowDiscarded", doc="The Action Row's cards to the discards.")
PHASE_CHOSEN = EventType("PhaseChosen", doc="A faction chose in secret (hidden from others).")
PHASES_REVEALED = EventType("PhasesRevealed", doc="Every choice and bid, and the turn order.")
TURN_STARTED = EventType("TurnStarted", doc="A faction's turn and its phases.")
PHASE_STARTED = EventType("PhaseStarted", doc="A faction's movement or management phase.")
ENERGY_EXTRACTED = EventType("EnergyExtracted", doc="Management's extraction.")
SHIP_REPLICATED = EventType("ShipReplicated", doc="A new ship from the reserve.")
FLEET_MOVED = EventType("FleetMoved", doc="Ships (and relics) moved; energy paid.")
BATTLE_WON = EventType("BattleWon", doc="An attack that took a planet.")
STAR_LOST = EventType("StarLost", doc="The star's ships lost with the planet majority.")
RELIC_PICKED_UP = EventType("RelicPickedUp", doc="A ship landing on a relic picked it up.")
CARDS_DRAWN = EventType("CardsDrawn", doc="Event cards to a hand (hidden from others).")
CARDS_DISCARDED = EventType("CardsDiscarded", doc="Cards over the hand limit, face up.")
ASTEROID_CAPTURED = EventType("AsteroidCaptured", doc="Loaded; its crystals seen by the owner.")
ASTEROIDS_DISCARDED = EventType("AsteroidsDiscarded", doc="Returned to the reserve.")
TECH_RESEARCHED = EventType("TechResearched", doc="A technology card acquired.")
TURN_ENDED = EventType("TurnEnded", doc="A faction's turn is over.")
AI_CARD_RESOLVED = EventType("AiCardResolved", doc="An AI civilisation acted on a card.")
ROUND_ENDED = EventType("RoundEnded", doc="Every faction played; phase cards may return.")
GAME_WON = EventType("GameWon", doc="The match is over: winner and reason.")

# Multi-battle mode (wormholes.py): fleets leave through the wormhole for a linked match and
# arrive from one (the arrival is the platform's command, never a seat's: FLEET_ARRIVED).
JUMP = CommandType("jump", {
    "origin": _PLACE, "ships": integer(1, 40, description="How many of your ships there jump."),
    "table": integer(0, 3, description="The linked match they come out at (its table number "
                                       "in the battle group)."),
    "energy": integer(0, 200, required=False,
                      description="Energy the fleet carries to your faction there (default 0)."),
    "cards": listing(_CARD, 3, required=False,
                     description="Event cards from your hand the fleet carries (default none)."),
    "asteroids": listing(integer(0, 10_000), 4, required=False,
                         description="Loaded asteroids the fleet carries (default none)."),
}, doc="Movement phase, multi-battle: ships enter the wormhole and come out at another table.")
WORMHOLE_OPENED = EventType("WormholeOpened", doc="Multi-battle: this match's table and rules.")
FLEET_DEPARTED = EventType("FleetDeparted", doc="Ships left through the wormhole (energy, cards).")
FLEET_ARRIVED = EventType("FleetArrived", doc="Ships came through the wormhole from a table.")

COMMANDS = [CHOOSE_PHASE, PLAY_EVENT, PASS_EVENT, MOVE, REPLICATE, CAPTURE, DISCARD_ASTEROIDS,
            RESEARCH, END_PHASE, JUMP]
EVENTS = [SECTOR_LAID_OUT, ASTEROIDS_PLACED, ACTION_ROW_DRAWN, DECK_RESHUFFLED,
          EVENT_CARD_PLAYED, EVENT_PASSED, EVENT_RESOLVED, MARKER_PLACED, PLANET_DESTROYED,
          PLANET_DIED, SHIPS_DESTROYED, RELIC_MOVED, ROW_DISCARDED, PHASE_CHOSEN,
          PHASES_REVEALED, TURN_STARTED, PHASE_STARTED, ENERGY_EXTRACTED, SHIP_REPLICATED,
          FLEET_MOVED, BATTLE_WON, STAR_LOST, RELIC_PICKED_UP, CARDS_DRAWN, CARDS_DISCARDED,
          ASTEROID_CAPTURED, ASTEROIDS_DISCARDED, TECH_RESEARCHED, TURN_ENDED,
          AI_CARD_RESOLVED, ROUND_ENDED, GAME_WON, WORMHOLE_OPENED, FLEET_DEPARTED,
          FLEET_ARRIVED]

# --- Exotic systems, exploration and cloaking (Asteroids pp.9-12), optional rules ---------
SYSTEM = text(8, pattern=r"[A-H]|[a-l]|cloud|wormhole",
              description="A system: a planetary system (A-H), an exotic one (a-l) or cloud.")
LANDING = text(8, min_length=0, pattern=r"|[a-l](?:[1-9])?",
               description="The new exotic system's planet the explorer lands on (i for the "
                           "Wormhole; empty when the exploration failed).")
PLACE = text(8, pattern=r"[A-L][1-3*]|[a-l](?:[1-9]|\*{1,2})?|cloud",
             description="A planet (D2 or b3), a star (D*, h**), cloud or i.")

EXPLORE = CommandType("explore", {"origin": PLACE},
                      doc="Movement phase: send a ship with no relic exploring (3 energy, one "
                          "event card drawn).")
EXTEND_EXPLORATION = CommandType("extend_exploration",
                                 doc="Extend the trip: 3 more energy, a new card (only the "
                                     "last card counts).")
END_EXPLORATION = CommandType("end_exploration", {
    "links": listing(SYSTEM, 6, description="The systems the new exotic system touches."),
    "planet": LANDING,
}, doc="Stop exploring: place the exotic system the last card names (if it can be placed).")
CLOAK = CommandType("cloak", {
    "origin": PLACE, "card": text(3, pattern=r"[A-L][1-3]",
                                  description="The event card from your hand (face down): "
                                              "it names the planet."),
}, doc="Cloaking (15 energy): a ship carrying a relic hides on the planet a card names.")
UNCLOAK = CommandType("uncloak", {"place": PLACE}, doc="Your cloaked ship there shows itself.")

OPTIONAL_RULES_CHOSEN = EventType("OptionalRulesChosen",
                                  doc="The book's optional parts this match plays with.")
EXPLORATION_STARTED = EventType("ExplorationStarted", doc="A ship left to explore.")
EXPLORATION_CARD_DRAWN = EventType("ExplorationCardDrawn", doc="A card for an exploration.")
EXPLORATION_FAILED = EventType("ExplorationFailed", doc="The explorer is lost.")
EXOTIC_SYSTEM_PLACED = EventType("ExoticSystemPlaced", doc="A new exotic system on the map.")
EXOTIC_ASTEROIDS_PLACED = EventType("ExoticAsteroidsPlaced",
                                    doc="Asteroid markers on the new system's planets.")
SHIPS_RECOVERED = EventType("ShipsRecovered", doc="Ships lost for good back in the reserve.")
WORMHOLE_CROSSED = EventType("WormholeCrossed", doc="A fleet came out of the other end.")
QUANTIC_CARDS_DRAWN = EventType("QuanticCardsDrawn", doc="The Quantic Instability struck.")
SHIP_CLOAKED = EventType("ShipCloaked", doc="A ship hid (where: only its owner knows).")
SHIP_UNCLOAKED = EventType("ShipUncloaked", doc="A cloaked ship showed itself.")

EXOTIC_COMMANDS = [EXPLORE, EXTEND_EXPLORATION, END_EXPLORATION, CLOAK, UNCLOAK]
EXOTIC_EVENTS = [OPTIONAL_RULES_CHOSEN, EXPLORATION_STARTED, EXPLORATION_CARD_DRAWN,
                 EXPLORATION_FAILED, EXOTIC_SYSTEM_PLACED, EXOTIC_ASTEROIDS_PLACED, SHIPS_RECOVERED, WORMHOLE_CROSSED,
                 QUANTIC_CARDS_DRAWN, SHIP_CLOAKED, SHIP_UNCLOAKED]


# --- Civilization cards (Asteroids p.13, optional) ---------------------------------------
CIVILIZATIONS = ("psycon", "biontes", "clonyx", "gnomicon")
CIV_SKILLS = ("de_ionizing", "overcharge", "regenerator_1", "regenerator_2", "revive",
              "invulnerable", "nexum_affinity", "seer")
CHOOSE_CIVILIZATION = CommandType("choose_civilization", {
    "civ": choice(*CIVILIZATIONS, description="A civilization nobody chose yet.")},
    doc="Before the first round, in reverse seat order: your civilization card.")
EVOLVE_CIVILIZATION = CommandType("evolve_civilization", {
    "asteroids": listing(integer(0, 10_000), 4, description="The loaded asteroids paying "
                                                            "(2 crystals of your colour; "
                                                            "Clonyx: 4 asteroids).")},
    doc="Learn your civilization's 2nd Generation skill (once).")
USE_SKILL = CommandType("use_skill", {
    "skill": choice(*CIV_SKILLS, description="A skill of your civilization's generations."),
    "target": text(8, min_length=0, pattern=r"|[A-L][1-3]|[a-l][1-9]",
                   description="The planet the skill acts on (empty for none)."),
}, doc="Use your civilization's skill (once per turn).")
CIVILIZATION_CHOSEN = EventType("CivilizationChosen", doc="A seat's civilization card.")
CIVILIZATION_EVOLVED = EventType("CivilizationEvolved", doc="2nd Generation learned.")
SKILL_USED = EventType("SkillUsed", doc="A civilization's skill, once this turn.")
MARKERS_REMOVED = EventType("MarkersRemoved", doc="Every marker of a kind off a planet.")
PLANET_REVIVED = EventType("PlanetRevived", doc="A dead planet regenerated (Biontes).")
DECK_TOP_SEEN = EventType("DeckTopSeen", doc="The deck's next cards, seen by their seer only.")
CIV_COMMANDS = [CHOOSE_CIVILIZATION, EVOLVE_CIVILIZATION, USE_SKILL]
CIV_EVENTS = [CIVILIZATION_CHOSEN, CIVILIZATION_EVOLVED, SKILL_USED, MARKERS_REMOVED,
              PLANET_REVIVED, DECK_TOP_SEEN]


# --- Campaign mode (Asteroids pp.14-17, optional) -----------------------------------------
PLAY_CAMPAIGN_MARKER = CommandType("play_campaign_marker", {"planet": _PLACE},
                                   doc="Ice / Scorching Sector's First Player: its marker, "
                                       "once a game, for 1 full round.")
CAMPAIGN_ASTEROID_GIVEN = EventType("CampaignAsteroidGiven",
                                    doc="Mining Sector: an asteroid for the First Player.")
CAMPAIGN_MARKER_PLAYED = EventType("CampaignMarkerPlayed", doc="A campaign marker played.")
CAMPAIGN_MARKER_EXPIRED = EventType("CampaignMarkerExpired", doc="Its full round is over.")
CAMPAIGN_COMMANDS = [PLAY_CAMPAIGN_MARKER]
CAMPAIGN_EVENTS = [CAMPAIGN_ASTEROID_GIVEN, CAMPAIGN_MARKER_PLAYED, CAMPAIGN_MARKER_EXPIRED]

COMMANDS += EXOTIC_COMMANDS + CIV_COMMANDS + CAMPAIGN_COMMANDS
EVENTS += EXOTIC_EVENTS + CIV_EVENTS + CAMPAIGN_EVENTS
VOCABULARY = Vocabulary("Nexum", commands=COMMANDS, events=EVENTS)
