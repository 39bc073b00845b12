"""The three Actions (rulebook, The Actions): what each may target, and what it causes.

An Action reads and changes only the board and the acting player's own cards, so these
functions take those two (`board`, `player`) rather than the whole table. That lets a turn's
second Action be listed and checked against `after(...)` its first, a few tuples built
directly, instead of folding the first Action's events into a whole new table.
"""
from shared.games.api import IllegalCommand
from shared.games.exordium import events
from shared.games.exordium.board import NEIGHBOUR_SETS
from shared.games.exordium.state import Player, colour_of

# The command field naming each Action's target (Examine has none).
TARGET_KEY = {"explore": "cell", "extract": "terrain", "examine": None}

_WHY_NOT = {
    "explore": "Explore takes a Terrain card orthogonally next to one of your Outposts on the "
               "board (rulebook, Explore); {target!r} is not one.",
    "extract": "Extract flips a Terrain card in your own play area (rulebook, Extract); "
               "{target!r} is not one.",
    "examine": "Examine takes no target (rulebook, Examine).",
}


def _explore_targets(board, player):
    if not player.deck:  # no card left to place as the Outpost
        return ()
    near = set()
    for outpost in player.outposts:
        near.update(NEIGHBOUR_SETS[outpost])
    near &= board
    return tuple(sorted(near))


def _extract_targets(board, player):
    return tuple(sorted(player.terrain))


def _examine_targets(board, player):
    return (None,) if player.deck else ()


_TARGETS = {"explore": _explore_targets, "extract": _extract_targets,
            "examine": _examine_targets}


def targets(board, player, action):
    """Every target the Action may take now; empty when it cannot be completed."""
    return _TARGETS[action](board, player)


def is_target(board, player, action, target):
    """True exactly when `target` is in `targets(board, player, action)`, without listing them."""
    if action == "explore":
        return bool(player.deck) and target in board \
            and not NEIGHBOUR_SETS[target].isdisjoint(player.outposts)
    if action == "extract":
        return target in player.terrain
    return target is None and bool(player.deck)


def choices(board, player, action):
    """Every way to write the Action in a command now (no target when it cannot be completed)."""
    key = TARGET_KEY[action]
    options = _TARGETS[action](board, player)
    if not options or key is None:
        return [{"action": action}]
    return [{"action": action, key: target} for target in options]


def after(board, player, action):
    """The board and the player's cards once a checked Action is done, as far as any later
    Action's targets can tell: the Resource an Extract reveals is left out, since no target
    depends on Resources (both Actions are allowed by those held when the card was chosen)."""
    name = action["action"]
    if name == "explore":
        cell = action.get("cell")
        if cell is None:  # could not be completed: nothing happened
            return board, player
        return board - {cell}, Player(player.outposts + (cell,), player.deck[1:],
                                      player.terrain + (cell,), player.resources, player.drones)
    if name == "extract":
        cell = action.get("terrain")
        if cell is None:
            return board, player
        return board, Player(player.outposts, player.deck,
                             tuple(t for t in player.terrain if t != cell), player.resources,
                             player.drones)
    if not player.deck:
        return board, player
    return board, Player(player.outposts, player.deck[1:], player.terrain, player.resources,
                         player.drones + player.deck[:1])


def _explore(state, seat, player, cell):
    deck = player.deck
    return [events.terrain_explored(seat, cell, deck[0], deck[1] if len(deck) > 1 else None)]


def _extract(state, seat, player, terrain):
    return [events.resource_extracted(seat, terrain, colour_of(state, terrain))]


def _examine(state, seat, player, _):
    deck = player.deck
    return [events.drone_sent(seat, deck[0], deck[1] if len(deck) > 1 else None)]


_EFFECTS = {"explore": _explore, "extract": _extract, "examine": _examine}


def perform(state, seat, action, board, player):
    """Check one chosen Action against the board and the seat's cards (`player`, as they are
    after any earlier Action of the turn) and return the events it causes."""
    name = action["action"]
    key = TARGET_KEY[name]
    target = action.get(key) if key else None
    if target is not None and not isinstance(target, str):
        raise IllegalCommand(f"{name.capitalize()} names its {key!r} as a cell, like 'b3'.")
    if is_target(board, player, name, target):
        return _EFFECTS[name](state, seat, player, target)
    if not _TARGETS[name](board, player):
        if target is not None:
            raise IllegalCommand(
                f"{name.capitalize()} cannot be completed now, so choose it without a target: "
                "it does nothing (rulebook: 'A player may select an Action that they cannot "
                "complete').")
        return [events.action_not_completed(seat, name)]
    if key and target is None:
        raise IllegalCommand(f"{name.capitalize()} can be completed now, so it needs a "
                             f"{key!r} (rulebook, {name.capitalize()}).")
    raise IllegalCommand(_WHY_NOT[name].format(target=target))
