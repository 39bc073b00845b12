"""Nexum: Galaxy with its Asteroids expansion: what the game is and which options it takes."""
from shared.games.api import GameSpec
from shared.games.kit import bool_option, choice_option, int_option
from shared.games.nexum.components import RULES, SECTORS

MODES = ("asteroids", "core", "eventless")
AI_COUNTS = ("auto", "0", "1", "2", "3")
# Parts of the Asteroids book we have not built: asking for one is refused at creation.
NOT_IMPLEMENTED = ("campaign",)
# Planetary systems shown on their exotic face at setup (the book's scenarios "flip" disks;
# which exotic face a disk has is a picture we lack: system X flips to Exotic System X).
FLIPS = ("none", "A", "B", "D", "E", "F", "G", "H", "A,D", "D,G", "B,F", "F,G")

SPEC = GameSpec(
    name="nexum", title="Nexum: Galaxy + Asteroids (reconstructed core)",
    min_players=1, max_players=4, hides_information=True,
    options={
        "sector": choice_option("tabula", tuple(SECTORS),
                                "The Galaxy Atlas sector: tabula, ihx or limit (8 systems)."),
        "mode": choice_option("asteroids", MODES,
                              "asteroids (the expansion: no hyperspace until researched, "
                              "asteroids, technology, events); core (the reconstructed core "
                              "game with events); eventless (core rules, no events, no AI)."),
        "ai": choice_option("auto", AI_COUNTS,
                            "AI civilisations besides the seats (at most 4 factions in all); "
                            "auto: one AI unless 4 seats play or the mode is eventless."),
        "aggressiveness": int_option(2, 1, 3, "The AI's aggressiveness: it runs 3 event "
                                              "cards per level each round."),
        "max_rounds": int_option(RULES["max_rounds"], 4, 200,
                                 "Safety limit: after this many rounds the match ends, "
                                 "ranked by victory points (reason round_limit)."),
        "multi_battle": bool_option(False, "Multi-battle: this match is one table of a battle "
                                           "group linked by wormholes (set by POST "
                                           "/v1/battle-groups, which creates the tables "
                                           "together; refused elsewhere)."),
        "battle_tables": int_option(2, 2, 4, "Multi-battle: how many tables the group has "
                                             "(set by the battle group)."),
        "battle_table": int_option(0, 0, 3, "Multi-battle: this match's table number (set by "
                                            "the battle group)."),
        **{name: bool_option(False, f"{name.replace('_', ' ')}: not implemented yet "
                                    "(true is refused)") for name in NOT_IMPLEMENTED},
        "exotic_exploration": bool_option(True, "The exploration path after Hyperspace "
                                                "(Exploration, Cloaking, Controlled "
                                                "Exploration) and the exotic systems it "
                                                "finds; false: research stops at Hyperspace."),
        "civilization_cards": bool_option(False, "Asymmetrical civilizations (Psycon, "
                                                 "Biontes, Clonyx, Gnomicon), chosen in "
                                                 "reverse seat order before the first round."),
        "flip": choice_option("none", FLIPS, "Planetary systems shown on their exotic face "
                                             "(asteroids mode; never a Tann system in use)."),
    })
