"""Exsilium: 2-4 factions fight for Baralytas crystals on Eris, among the Newaru."""
from shared.games.api import GameSpec, OptionSpec
from shared.games.exsilium.components import SCENARIOS

SPEC = GameSpec(
    name="exsilium", title="Exsilium", min_players=2, max_players=4,
    options={
        "language": OptionSpec("choice", "en", "Language of card texts and messages.",
                               choices=("en", "es")),
        "scenario": OptionSpec("choice", None, "Scenario layout; must match the player count "
                               "(default: the short game, or '2' for 2 players).",
                               choices=(None,) + tuple(SCENARIOS)),
        "plus_two": OptionSpec("bool", False, "Optional: increase the goal by 2 Baralytas."),
        "upgrade_discard": OptionSpec("choice", "one", "Upgrades board, once per upgrade: "
                                      "discard 1 of the 4 cards (English book) or all 4 "
                                      "(Spanish book).", choices=("one", "all")),
        "keber_corners": OptionSpec("bool", False, "Keber ability may target the 8 surrounding "
                                    "tiles (Spanish book) instead of the 4 edge tiles."),
        "newaru_trigger": OptionSpec("choice", "moves", "Newaru move after a turn on tiles "
                                     "where the active player moved a miniature from, through "
                                     "or to (English book, Example 3: 'moves'), or only where "
                                     "a move ended (Spanish book summary: 'ends').",
                                     choices=("moves", "ends")),
        "max_rounds": OptionSpec("int", 60, "Safety rule: the match ends after this many "
                                 "rounds (RULES_NOTES.md).", minimum=3, maximum=500),
    },
    # Hands, decks, secret bids, face-down drops and committed cards (view.py).
    hides_information=True)

DEFAULT_SCENARIO = {2: "2", 3: "3_short", 4: "4_short"}
