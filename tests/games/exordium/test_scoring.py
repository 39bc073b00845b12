"""Exordium scoring and the winner (rulebook, SCORING)."""
from dataclasses import replace

from shared.games.exordium import GAME
from shared.games.exordium.scoring import outpost_points, resource_points
from shared.games.exordium.state import OVER, with_player
from tests.games.exordium.helpers import PURPLE, YELLOW, given, table

# The rulebook's Outpost Scoring Example, laid out on our board (the picture was lost):
#      a b c d e
#   1  Y Y Y Y Y
#   2  P P P P .
#   3  Y P A . Y
#   4  P . Y P .
#   5  P . . . .
EXAMPLE_PURPLE = ("b2", "a2", "c2", "d2", "b3", "a4", "a5", "d4")
EXAMPLE_YELLOW = ("c4", "a1", "b1", "c1", "d1", "e1", "a3", "e3")


def _ended(**players):
    """A finished game whose players hold the given cards."""
    state = given(table())
    for seat, fields in players.items():
        state = with_player(state, {"purple": PURPLE, "yellow": YELLOW}[seat], **fields)
    return replace(state, phase=OVER, turn=None, triggers=("deck_empty",))


def test_rulebook_outpost_scoring_example():
    """SCORING example: purple 16 (line of 4 x 4 others), yellow 15 (line of 5 x 3 others)."""
    assert outpost_points(EXAMPLE_PURPLE) == 16
    assert outpost_points(EXAMPLE_YELLOW) == 15
    result = GAME.outcome(_ended(purple={"outposts": EXAMPLE_PURPLE},
                                 yellow={"outposts": EXAMPLE_YELLOW}))
    assert [p["longest_line"] for p in result["breakdown"]] == [4, 5]
    assert result["scores"] == [16, 15] and result["winner"] == PURPLE


def test_a_straight_line_is_horizontal_or_vertical_not_diagonal():
    """SCORING: straight line of Outposts (our reading: a horizontal or vertical run)."""
    assert outpost_points(("a1", "b2", "c3", "d4")) == 1 * 3
    assert outpost_points(("b1", "b2", "b3", "d5")) == 3 * 1


def test_a_lone_outpost_scores_nothing():
    """SCORING: a line of 1 times 0 other Outposts."""
    assert outpost_points(("b2",)) == 0


def test_one_point_per_resource_and_five_more_for_all_three_colours():
    """SCORING: 1 point per Resource card; +5 with 3 different Resource cards."""
    assert resource_points(["red", "red", "blue"]) == 3
    assert resource_points(["red", "blue", "green", "green"]) == 4 + 5


def test_drone_cards_score_their_combined_value():
    """SCORING: points equal to the combined value of their Drone cards."""
    result = GAME.outcome(_ended(purple={"drones": (3, 1, 2)}))
    assert result["breakdown"][PURPLE]["drone_points"] == 6


def test_the_score_adds_resources_drones_and_outposts():
    """SCORING: each player scores all three terms."""
    state = _ended(yellow={"outposts": ("d4", "d3", "d2", "b4"),
                           "resources": (("d3", "red"), ("d2", "blue"), ("b4", "green")),
                           "drones": (2, 3)})
    assert GAME.outcome(state)["scores"][YELLOW] == 3 * 1 + (3 + 5) + 5


def test_a_tie_goes_to_the_player_with_more_drone_cards():
    """SCORING: in the event of a tie, the player with the most Drone cards wins."""
    state = _ended(purple={"drones": (3, 3)}, yellow={"drones": (2, 2, 1, 1)})
    result = GAME.outcome(state)
    assert result["scores"] == [6, 6]
    assert result["winner"] == YELLOW and result["ranks"] == [2, 1]


def test_a_tie_with_as_many_drone_cards_is_a_draw():
    """SCORING tie-break exhausted: a draw, both ranked first (RULES_NOTES.md)."""
    state = _ended(purple={"drones": (3, 1)}, yellow={"drones": (2, 2)})
    result = GAME.outcome(state)
    assert result["winner"] is None and result["ranks"] == [1, 1]


def test_no_outcome_before_the_game_ends():
    """The game ends only on an end game trigger."""
    assert GAME.outcome(given(table())) is None
