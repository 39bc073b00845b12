"""A score-like estimate of a position for bots, from public information only."""
from shared.games.exordium.components import RESOURCE_COLOURS, SET_BONUS, TERRAIN_COUNTS
from shared.games.exordium.scoring import outpost_points, resource_points

# An unextracted Terrain card is worth 1 point once extracted; weigh it below a Resource
# because extracting it costs an Action.
_TERRAIN_WEIGHT = 0.6


def _set_chance(player, unseen):
    """Rough chance that the player's held Terrain completes a missing Resource colour."""
    held = {colour for _, colour in player.resources}
    missing = [c for c in RESOURCE_COLOURS if c not in held]
    if not missing or not player.terrain or not unseen:
        return 1.0 if not missing else 0.0
    share = min(sum(unseen[c] for c in missing) / sum(unseen.values()), 1.0)
    return share ** len(missing) * min(1.0, len(player.terrain) / len(missing))


def _unseen_colours(state):
    """Colours not yet extracted by anyone (the public count of hidden Terrain colours)."""
    counts = dict(TERRAIN_COUNTS)
    for player in state.players:
        for _, colour in player.resources:
            counts[colour] -= 1
    return counts


def _estimate(state, seat, unseen):
    player = state.players[seat]
    colours = [colour for _, colour in player.resources]
    points = resource_points(colours) + sum(player.drones) + outpost_points(player.outposts)
    bonus_hope = 0.0 if len(set(colours)) == 3 else SET_BONUS * _set_chance(player, unseen)
    return points + _TERRAIN_WEIGHT * len(player.terrain) + 0.5 * bonus_hope


def evaluate(state, seat):
    """Own estimated points minus the opponent's; uses no hidden colour or deck order."""
    unseen = _unseen_colours(state)
    return _estimate(state, seat, unseen) - _estimate(state, 1 - seat, unseen)
