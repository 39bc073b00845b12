"""Exile Sun's spec: 2-6 players; the Long War variant and the 'missing' reading as options."""
from shared.games.api import GameSpec
from shared.games.kit import choice_option

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
    })

VICTORY_POINTS = {"standard": 10, "long_war": 15}
