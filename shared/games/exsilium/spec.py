"""Exsilium: 2-4 factions fight for Baralytas crystals on Eris, among the Newaru."""
from shared.games.api import GameSpec
from shared.games.exsilium.components import SCENARIOS
from shared.games.kit import bool_option, choice_option, int_option, language_option

SPEC = GameSpec(
    name="exsilium", title="Exsilium", min_players=2, max_players=4,
    options={
        "language": language_option(("en", "es")),
        "scenario": choice_option(None, (None,) + tuple(SCENARIOS),
                                  "Scenario layout; must match the player count (default: the "
                                  "short game, or '2' for 2 players)."),
        "plus_two": bool_option(False, "Optional: increase the goal by 2 Baralytas."),
        "upgrade_discard": choice_option("one", ("one", "all"), "Upgrades board, once per "
                                         "upgrade: discard 1 of the 4 cards (English book) or "
                                         "all 4 (Spanish book)."),
        "keber_corners": bool_option(False, "Keber ability may target the 8 surrounding tiles "
                                     "(Spanish book) instead of the 4 edge tiles."),
        # One value left: both books defeat every enemy on the Keber tile as well as on the
        # chosen tile (RULES_NOTES.md); the key stays so that matches created with it load.
        "keber_strike": choice_option("both", ("both",), "Keber strike: the Keber's tile and "
                                      "the chosen adjacent tile, as both books say (the only "
                                      "value; 'chosen' is no longer offered)."),
        "winner_discard": choice_option("table", ("table", "quarter_up"), "The winner of a "
                                        "combat discards by the table both books print (1 of "
                                        "4, 1 of 5, 2 of 6-8: 'table') or by the text both "
                                        "books give, 25% of the hand rounded up (2 of 5, 3 "
                                        "of 9: 'quarter_up')."),
        "newaru_trigger": choice_option("moves", ("moves", "ends"), "Newaru move after a turn "
                                        "on tiles where the active player moved a miniature "
                                        "from, through or to (English book, Example 3: "
                                        "'moves'), or only where a move ended (Spanish book "
                                        "summary: 'ends')."),
        "newaru_target": choice_option("nearest", ("nearest", "active"), "Newaru move toward "
                                       "the nearest faction miniature (English book: "
                                       "'nearest') or the nearest miniature of the player in "
                                       "turn (Spanish book summary: 'active')."),
        "baralytas_return": choice_option("newaru", ("newaru", "fallen"), "A player who loses "
                                          "to a Newaru puts a Baralytas token on the closest "
                                          "deposit: closest to the Newaru (English reading: "
                                          "'newaru') or to the node where the miniature was "
                                          "defeated (Spanish book: 'fallen')."),
        "max_rounds": int_option(60, 3, 500, "Safety rule: the match ends after this many "
                                 "rounds (RULES_NOTES.md)."),
    },
    # Hands, decks, secret bids, face-down drops and committed cards (view.py).
    hides_information=True)

DEFAULT_SCENARIO = {2: "2", 3: "3_short", 4: "4_short"}
