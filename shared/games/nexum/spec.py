"""Nexum: Galaxy with its Asteroids expansion: what the game is and which options it takes."""
from shared.games.api import GameSpec
from shared.games.kit import bool_option, choice_option, int_option
from shared.games.nexum.campaign import OWNERS, SPECIALS
from shared.games.nexum.components import RULES, SECTORS

MODES = ("asteroids", "core", "eventless")
AI_COUNTS = ("auto", "0", "1", "2", "3")
# Planetary systems shown on their exotic face at setup (the book's scenarios "flip" disks):
# B, E, F show H, K, L (A p.20 pairs them); the others' faces are pictures we lack, and
# system X shows Exotic System X (setup.FACES).
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
        "aggressiveness": int_option(2, 1, 3, "Aggressiveness: an AI runs 3 event cards "
                                              "per level each round; with events and no "
                                              "AI, a round reveals this many Action Rows."),
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
        "exotic_exploration": bool_option(True, "The exploration path after Hyperspace "
                                                "(Exploration, Cloaking, Controlled "
                                                "Exploration) and the exotic systems it "
                                                "finds; false: research stops at Hyperspace."),
        "civilization_cards": bool_option(False, "Asymmetrical civilizations (Psycon, "
                                                 "Biontes, Clonyx, Gnomicon), chosen in "
                                                 "reverse seat order before the first round."),
        "campaign": bool_option(False, "This match is a battle of a campaign: the options "
                                       "below carry the campaign over (a finished match's "
                                       "outcome.campaign.next_options gives the next)."),
        "campaign_first_player": int_option(0, 0, 3, "Campaign: the seat that picked this "
                                                     "sector (First Player)."),
        "campaign_sector": choice_option("none", SPECIALS, "Campaign: the sector's special "
                                                            "type (the First Player's bonus)."),
        "campaign_owner": choice_option("none", OWNERS, "Campaign: the seat controlling this "
                                                        "sector (Reconquest: +1 ship, +1 "
                                                        "energy)."),
        **{f"campaign_withheld_{s}": int_option(0, 0, 25, f"Campaign: ships seat {s}'s "
                                                           "civilization keeps on the map or "
                                                           "lost for good (off its reserve).")
           for s in range(4)},
        "flip": choice_option("none", FLIPS, "Planetary systems shown on their exotic face "
                                             "(B, E, F show H, K, L; any other X shows X; "
                                             "asteroids mode; never a Tann system in use)."),
    })
