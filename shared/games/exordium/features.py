"""What a learned evaluation reads of an Exordium position: numbers taken from one seat's view
(view.py), never from the state, so they hold nothing that seat could not see (the colours of
unextracted Terrain cards and the order of both decks below their top card).

Each quantity is given for the seat itself, for the other seat, and as their difference; the
seat to move and the cards left on the board are shared. services/bot/train.py fits a model
on them (`orrery train exordium`) and services/bot/policies/learned.py evaluates it.
"""
from __future__ import annotations

from shared.games.exordium.board import longest_line
from shared.games.exordium.components import RESOURCE_COLOURS, SET_BONUS

_PER_PLAYER = ("points", "resources", "colours", "set", "two_colours_and_terrain", "drones",
               "drone_cards", "outposts", "line", "outpost_points", "deck", "deck_top",
               "terrain", "usable_cards", "usable_x_outposts", "usable_x_line")
NAMES = tuple([f"own_{n}" for n in _PER_PLAYER] + [f"other_{n}" for n in _PER_PLAYER]
              + [f"diff_{n}" for n in _PER_PLAYER]
              + ["to_move", "board_terrain", "cards_left", "first_seat"])


def _player(p: dict, other: dict) -> list:
    colours = {r["colour"] for r in p["resources"]}
    outposts = len(p["outposts"])
    line = longest_line(p["outposts"]) if p["outposts"] else 0
    full_set = 1.0 if len(colours) == len(RESOURCE_COLOURS) else 0.0
    outpost_points = line * (outposts - line)
    points = len(p["resources"]) + SET_BONUS * full_set + sum(p["drones"]) + outpost_points
    usable = min(p["deck_size"], other["deck_size"] + 1)
    return [points, len(p["resources"]), len(colours), full_set,
            1.0 if len(colours) == 2 and p["terrain"] else 0.0,
            sum(p["drones"]), len(p["drones"]), outposts, line, outpost_points,
            p["deck_size"], p["deck_top"] or 0, len(p["terrain"]),
            usable, usable * outposts, usable * line]


def features(view: dict, seat: int) -> list:
    """The feature vector (NAMES, in order) of `seat`'s view of a two-seat table."""
    players = view["players"]
    own, other = players[seat], players[1 - seat]
    mine, theirs = _player(own, other), _player(other, own)
    board_terrain = sum(1 for occupant in view["board"].values() if occupant == "terrain")
    return (mine + theirs + [a - b for a, b in zip(mine, theirs)]
            + [1.0 if seat in view["to_act"] else 0.0, board_terrain,
               own["deck_size"] + other["deck_size"], 1.0 if seat == 0 else 0.0])
