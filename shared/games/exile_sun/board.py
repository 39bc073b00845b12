"""The map as spaces with kinds and adjacency, built from the AUTHORED layouts (data/map.json;
data/map_compact.json is the first, smaller map, for matches set up on it).

A table is `(players, map name)`: `table(state)` gives a match's. Systems sit in a ring in slot
order; a System's `e2` border space and the next System's `e1` are one split border space.
Keys join Systems through their `n3` space. Space names: `s{slot}.{space}` inside a System,
`x{slot}` for the split border space after slot, and `k{index}.{space}` on a Key.
"""
from functools import lru_cache

from shared.games.exile_sun.components import MAPS


def table(state) -> tuple:
    """The board a match plays on: its player count and its map's name."""
    return (len(state.players), state.map)


def _system_name(slot, space, players):
    if space == "e2":
        return f"x{slot}"
    if space == "e1":
        return f"x{(slot - 1) % players}"
    return f"s{slot}.{space}"


@lru_cache(maxsize=None)
def board(table: tuple):
    """(kinds: {space: kind}, adjacency: {space: frozenset}) for this table."""
    players, name = table
    layout = MAPS[name]
    kinds, edges = {}, set()
    for slot in range(players):
        for space, kind in layout["system_spaces"].items():
            kinds[_system_name(slot, space, players)] = kind
        for a, b in layout["system_edges"]:
            edges.add((_system_name(slot, a, players), _system_name(slot, b, players)))
    for index, key in enumerate(layout["layouts"][str(players)]["keys"]):
        shape = layout["key_shapes"][key["shape"]]
        for space, kind in shape["spaces"].items():
            kinds[f"k{index}.{space}"] = kind
        for a, b in shape["edges"]:
            edges.add((f"k{index}.{a}", f"k{index}.{b}"))
        for attach, slot in zip(shape["attach"], key["systems"]):
            edges.add((f"k{index}.{attach}", f"s{slot}.n3"))
    adjacency = {space: set() for space in kinds}
    for a, b in edges:
        adjacency[a].add(b)
        adjacency[b].add(a)
    return kinds, {s: frozenset(n) for s, n in adjacency.items()}


def slot_of(space: str):
    """The System slot a space lies in (None for Keys and split border spaces)."""
    return int(space[1:].split(".")[0]) if space.startswith("s") else None


def planets(players: int, slot: int) -> tuple:
    """A System's two planets: named p1 and p2 on every map."""
    return (f"s{slot}.p1", f"s{slot}.p2")


def all_planets(players: int) -> tuple:
    return tuple(p for slot in range(players) for p in planets(players, slot))


@lru_cache(maxsize=None)
def military_zones(table: tuple) -> dict:
    """Slot -> the spaces of that System's military zone (one space on the first map)."""
    kinds, _ = board(table)
    out = {}
    for space, kind in sorted(kinds.items()):
        if kind == "military_zone":
            out.setdefault(slot_of(space), []).append(space)
    return {slot: tuple(spaces) for slot, spaces in out.items()}


def inside_system(table: tuple, slot: int) -> tuple:
    """Spaces of a System where its starting fleets may go: not its split border spaces."""
    kinds, _ = board(table)
    return tuple(sorted(s for s in kinds if slot_of(s) == slot and kinds[s] != "gateway"))


@lru_cache(maxsize=None)
def gateways(table: tuple) -> tuple:
    kinds, _ = board(table)
    return tuple(sorted(s for s, k in kinds.items() if k == "gateway"))


@lru_cache(maxsize=None)
def neighbours(table: tuple, space: str) -> tuple:
    """Spaces one step away; from a gateway, also every space next to any other gateway
    (all gateways are one space for travel: rulebook p9, Gateways)."""
    kinds, adjacency = board(table)
    if kinds[space] != "gateway":
        return tuple(sorted(adjacency[space]))
    out = set()
    for gate in gateways(table):
        out |= adjacency[gate]
    return tuple(sorted(out - {space}))


@lru_cache(maxsize=None)
def distances(table: tuple, origin: str) -> dict:
    """Spaces from `origin` to every space, as scans count them (p9): every Gateway is one
    space ("The destination Gate itself doesn't cost any moves because it is the same space as
    the origin Gate"), so a space next to one Gateway is 2 from a space next to another."""
    kinds, adjacency = board(table)
    gates = sorted(s for s, k in kinds.items() if k == "gateway")
    seen, frontier, step = {origin: 0}, [origin], 0
    if origin in gates:
        seen.update({g: 0 for g in gates})
        frontier = list(gates)
    while frontier:
        step += 1
        nxt = []
        for space in frontier:
            for n in sorted(adjacency[space]):
                if n not in seen:
                    reached = gates if n in gates else [n]
                    for r in reached:
                        seen[r] = step
                    nxt.extend(reached)
        frontier = nxt
    return seen


def map_view(table: tuple) -> dict:
    """The map as views show it: the System and Key templates of this layout and the naming
    rule (above) that expands them into `board`'s spaces, and where the map says each System
    space is drawn (`places`; the first map has none: the client knows its places). A fresh
    value each time (callers may keep or change it); a few hundred bytes instead of every
    space's neighbours."""
    players, name = table
    layout = MAPS[name]
    keys = layout["layouts"][str(players)]["keys"]
    shapes = {key["shape"] for key in keys}
    system = {"spaces": dict(layout["system_spaces"]),
              "edges": [list(e) for e in layout["system_edges"]]}
    if "system_places" in layout:
        system["places"] = {s: list(xy) for s, xy in layout["system_places"].items()}
    return {"players": players,
            "system": system,
            "key_shapes": {name: {"spaces": dict(layout["key_shapes"][name]["spaces"]),
                                  "edges": [list(e) for e in layout["key_shapes"][name]["edges"]],
                                  "attach": list(layout["key_shapes"][name]["attach"])}
                           for name in sorted(shapes)},
            "keys": [{"shape": key["shape"], "systems": list(key["systems"])} for key in keys],
            "naming": "s{slot}.{space} inside a System; its e2 is x{slot} and its e1 is "
                      "x{slot-1} (split border spaces); k{key}.{space} on a Key, whose attach "
                      "spaces join s{system}.n3; all gateways are one space for moves"}
