"""The three Actions (rulebook, The Actions): what each may target, and what it causes."""
from shared.games.api import IllegalCommand
from shared.games.exordium import events
from shared.games.exordium.board import NEIGHBOURS
from shared.games.exordium.state import colour_of

# The command field naming each Action's target (Examine has none).
TARGET_KEY = {"explore": "cell", "extract": "terrain", "examine": None}

_WHY_NOT = {
    "explore": "Explore takes a Terrain card orthogonally next to one of your Outposts on the "
               "board (rulebook, Explore); {target!r} is not one.",
    "extract": "Extract flips a Terrain card in your own play area (rulebook, Extract); "
               "{target!r} is not one.",
    "examine": "Examine takes no target (rulebook, Examine).",
}


def _explore_targets(state, seat):
    player = state.players[seat]
    if not player.deck:  # no card left to place as the Outpost
        return ()
    own = set(player.outposts)
    return tuple(sorted(c for c in state.board if own.intersection(NEIGHBOURS[c])))


def _extract_targets(state, seat):
    return tuple(sorted(state.players[seat].terrain))


def _examine_targets(state, seat):
    return (None,) if state.players[seat].deck else ()


_TARGETS = {"explore": _explore_targets, "extract": _extract_targets,
            "examine": _examine_targets}


def targets(state, seat, action):
    """Every target the Action may take now; empty when it cannot be completed."""
    return _TARGETS[action](state, seat)


def choices(state, seat, action):
    """Every way to write the Action in a command now (no target when it cannot be completed)."""
    key = TARGET_KEY[action]
    options = targets(state, seat, action)
    if not options or key is None:
        return [{"action": action}]
    return [{"action": action, key: target} for target in options]


def _explore(state, seat, cell):
    deck = state.players[seat].deck
    return [events.terrain_explored(seat, cell, deck[0], deck[1] if len(deck) > 1 else None)]


def _extract(state, seat, terrain):
    return [events.resource_extracted(seat, terrain, colour_of(state, terrain))]


def _examine(state, seat, _):
    deck = state.players[seat].deck
    return [events.drone_sent(seat, deck[0], deck[1] if len(deck) > 1 else None)]


_EFFECTS = {"explore": _explore, "extract": _extract, "examine": _examine}


def perform(state, seat, action):
    """Check one chosen Action against the state and return the events it causes."""
    name = action["action"]
    key = TARGET_KEY[name]
    target = action.get(key) if key else None
    if target is not None and not isinstance(target, str):
        raise IllegalCommand(f"{name.capitalize()} names its {key!r} as a cell, like 'b3'.")
    options = targets(state, seat, name)
    if not options:
        if target is not None:
            raise IllegalCommand(
                f"{name.capitalize()} cannot be completed now, so choose it without a target: "
                "it does nothing (rulebook: 'A player may select an Action that they cannot "
                "complete').")
        return [events.action_not_completed(seat, name)]
    if key and target is None:
        raise IllegalCommand(f"{name.capitalize()} can be completed now, so it needs a "
                             f"{key!r} (rulebook, {name.capitalize()}).")
    if target not in options:
        raise IllegalCommand(_WHY_NOT[name].format(target=target))
    return _EFFECTS[name](state, seat, target)
