"""Exile Sun's spec: 2-6 players; the Long War variant and the 'missing' reading as options."""
from shared.games.api import GameSpec
from shared.games.kit import bool_option, choice_option

# A safety limit of ours (RULES_NOTES.md): the book's four endings can all be avoided by
# passive play, so a match that reaches this many cycles ends, its outcome saying so.
CYCLE_LIMIT = 40

SPEC = GameSpec(
    name="exile_sun", title="Exile Sun", min_players=2, max_players=6, hides_information=True,
    options={
        "victory": choice_option("standard", ("standard", "long_war"),
                                 "standard: play to 10 VP; long_war: The Long War, to 15 VP."),
        "missing": choice_option("error_stands", ("error_stands", "redo_round"),
                                 "Tactics that name a ship not in the battle ('missing'): "
                                 "error_stands wastes those points; redo_round refuses them "
                                 "so the round's tactics are set again."),
        # Off by default: the book does not say either (RULES_NOTES.md, Token details).
        "scout_fleets": bool_option(False, "Scouts form fleets: a group of 3, 4 or 5 Scouts "
                                           "may become a Light, Medium or Heavy token (a "
                                           "reading of p15's \"Scouts may join only other "
                                           "Scouts to form a new fleet. (If the appropriate "
                                           "token is available)\"); off: Scouts only join "
                                           "into groups."),
        "shipyard_moves": bool_option(False, "The Shipyard token moves, scans and attacks as "
                                             "a fleet (a reading of \"Each fleet token may "
                                             "move 4 times\", p9); off: it stays where it was "
                                             "placed and only defends (p16)."),
    })

VICTORY_POINTS = {"standard": 10, "long_war": 15}
