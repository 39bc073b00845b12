"""Scoring and the outcome (rulebook, Scoring)."""
from shared.games.exordium.board import longest_line
from shared.games.exordium.components import RESOURCE_COLOURS, SET_BONUS
from shared.games.exordium.spec import SEAT_COLOURS
from shared.games.exordium.state import OVER


def outpost_points(outposts):
    """Longest straight line of Outposts × the player's Outposts not in that line."""
    line = longest_line(outposts)
    return line * (len(outposts) - line)


def resource_points(colours):
    """1 point per Resource, plus 5 for holding all 3 different Resources."""
    bonus = SET_BONUS if set(RESOURCE_COLOURS) <= set(colours) else 0
    return len(colours) + bonus


def breakdown(state, seat):
    """Every term of one player's score, and the tie-break count."""
    player = state.players[seat]
    colours = [colour for _, colour in player.resources]
    parts = {"seat": seat, "colour": SEAT_COLOURS[seat],
             "resources": len(colours),
             "resource_points": resource_points(colours),
             "drone_points": sum(player.drones),
             "drone_cards": len(player.drones),
             "outposts": len(player.outposts),
             "longest_line": longest_line(player.outposts),
             "outpost_points": outpost_points(player.outposts)}
    parts["total"] = parts["resource_points"] + parts["drone_points"] + parts["outpost_points"]
    return parts


def outcome(state):
    """None until the game is over; then ranks, scores, the winner and each score's terms."""
    if state is None or state.phase != OVER:
        return None
    parts = [breakdown(state, seat) for seat in range(len(state.players))]
    # Most points wins; tie: most Drone cards; still tied: a draw (RULES_NOTES.md).
    keys = [(p["total"], p["drone_cards"]) for p in parts]
    ranks = [1 + sum(other > key for other in keys) for key in keys]
    winner = ranks.index(1) if ranks.count(1) == 1 else None
    return {"ranks": ranks, "scores": [p["total"] for p in parts], "winner": winner,
            "breakdown": parts}
