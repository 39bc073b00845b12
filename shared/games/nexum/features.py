"""What a learned evaluation reads of a Nexum position: numbers taken from one seat's view
(view.py), never from the state, so they hold nothing that seat could not see (the cards in
other hands, the crystals of asteroids others hold or that lie face down, phase cards and bids
not yet revealed, where another faction's cloaked ships hide, the deck's order).

Each quantity is given for the seat itself, for its rival, and as their difference. The rival
is the other faction, seat or AI civilisation, that the hand-written heuristic
(heuristics.py) measures the seat against on its view, the one it leads least: an AI that
reaches 6 victory points first beats every seat. The difference of strengths is the
heuristic's own value (a lead in material counted as it counts it). The quantities are the
heuristic's terms (so a model can at least weigh them as it does) and a few it leaves out.
The round, the seat to move, the table's size and the deck are shared. The vector has the
same length for any table: 1-4 seats, with or without AI civilisations.
services/bot/train.py fits a model on it (`orrery train nexum`) and
services/bot/policies/learned.py evaluates it.
"""
from __future__ import annotations

from types import SimpleNamespace

from shared.games.nexum.board import DISKS, is_planet, is_star
from shared.games.nexum.heuristics import (RESERVE, RESERVE_UNITS, STRIKE, WEIGHTS,
                                          battle_targets, lead, readiness)

_PER_PLAYER = ("strength", "victory_points", "relics", "one_from_win", "ships", "planets",
               "stars", "planet_sizes", "majorities", "largest_stack", "energy",
               "energy_reserve", "reserve", "techs", "asteroids", "hand", "lost")
NAMES = tuple([f"own_{n}" for n in _PER_PLAYER] + [f"rival_{n}" for n in _PER_PLAYER]
              + [f"diff_{n}" for n in _PER_PLAYER]
              + ["rival_is_ai", "best_ai_victory_points", "to_move", "first_in_order",
                 "choosing", "round", "rounds_left", "seats", "ais", "deck"])


def _held(view: dict, f: int) -> dict:
    """Places (planets and stars, not the cloud's disk) where faction `f` has ships: count."""
    key = str(f)
    return {place: here[key] for place, here in view["ships"].items()
            if key in here and place not in DISKS}


def _table(view: dict) -> SimpleNamespace:
    """What `heuristics.readiness` reads of a table (the ships, the relics they carry, Clonyx's
    affinity, the rules, the map's links and markers, each faction's techs and energy), all
    public, rebuilt from the view: so the strength below is the heuristic's own, computed
    once, not a copy of it."""
    factions = view["factions"]
    return SimpleNamespace(
        ships={p: {int(f): n for f, n in here.items()} for p, here in view["ships"].items()},
        carried={p: {int(f): tuple(r) for f, r in here.items()}
                 for p, here in view["carried_relics"].items()},
        affinity={int(f): p for f, p in view["nexum_affinity"].items()}, rules=view["rules"],
        links=view["links"], systems=view["systems"], no_move=view["no_movement"],
        mode=view["mode"], kinds=tuple(f["kind"] for f in factions),
        techs=tuple(tuple(f["techs"]) for f in factions),
        energy=tuple(f["energy"] for f in factions))


def _player(view: dict, f: int, table: SimpleNamespace, targets: dict) -> tuple:
    """(the faction's quantities, its points and its material as the heuristic counts them)."""
    p = view["factions"][f]
    rules = view["rules"]
    held = _held(view, f)
    planets = [place for place in held if is_planet(place)]
    stars = sum(1 for place in held if is_star(place))
    # Cloaked ships are off the map but still the faction's (their number shows: each
    # carries one of the relics listed as cloaked); "relics" counts theirs already.
    ships = sum(view["ships"].get(place, {}).get(str(f), 0) for place in view["ships"]) \
        + len(p["cloaked_relics"])
    relics = len(p["relics"])
    techs = len(p["techs"]) if p["kind"] == "seat" else 0
    # A system's majority (half its live planets, rounded up) lets ships onto its star.
    # The Binary Star's lower threshold is left out: a feature, not a rule.
    majorities = 0
    for letter, sizes in view["systems"].items():
        live = [f"{letter}{n}" for n in range(1, len(sizes) + 1)
                if f"{letter}{n}" not in view["destroyed"]]
        mine = sum(1 for place in live if place in held)
        majorities += 1 if live and mine * 2 >= len(live) else 0
    # What a won battle plunders: the planets' sizes (dead planets plunder nothing).
    sizes = sum(view["systems"][place[0]][int(place[1:]) - 1] for place in planets
                if place not in view["dead"])
    # One step from the game's end: a victory point short of 6, or (seats only) a relic
    # short of 5; the logistic model cannot see that threshold in a plain count.
    near = p["victory_points"] >= rules["victory_points"] - 1 or (
        p["kind"] == "seat" and relics >= rules["relic_victory"] - 1)
    points = (WEIGHTS["vp"] * p["victory_points"] + WEIGHTS["relic"] * relics
              + WEIGHTS["vp"] * STRIKE * readiness(table, f, targets))
    material = (WEIGHTS["ship"] * ships + WEIGHTS["planet"] * len(planets)
                + WEIGHTS["star"] * stars + WEIGHTS["energy"] * p["energy"]
                + RESERVE * min(p["energy"], RESERVE_UNITS) + WEIGHTS["tech"] * techs
                + WEIGHTS["asteroid"] * len(p["asteroids"]))
    return [points + material, p["victory_points"], relics, 1.0 if near else 0.0, ships,
            len(planets), stars, sizes, majorities, max(held.values(), default=0), p["energy"],
            min(p["energy"], RESERVE_UNITS), p["reserve"], techs, len(p["asteroids"]),
            p["hand_size"], p["lost_for_good"]], points, material


def _to_move(view: dict, seat: int) -> bool:
    """Whether `seat` is to act: the view names the acting faction in a turn, the queue on
    the Action Row, and whether each faction has chosen its phase card."""
    stage = view["stage"]
    if stage == "turn":
        return view["acting"] == seat
    if stage in ("event_play", "civilize"):
        return bool(view["deciding_on_row"]) and view["deciding_on_row"][0] == seat
    if stage == "choose":
        own = view["factions"][seat]
        return own["in_play"] and not own.get("has_chosen", False)
    return False


def features(view: dict, seat: int) -> list:
    """The feature vector (NAMES, in order) of `seat`'s view of a table of any size."""
    factions = view["factions"]
    table = _table(view)
    targets = battle_targets(table)  # the same for every faction, as in heuristics.evaluate
    mine, points, material = _player(view, seat, table, targets)
    others = {f: _player(view, f, table, targets) for f in range(len(factions)) if f != seat}
    # The faction the seat leads least as the heuristic counts a lead, the lowest number on
    # a tie.
    margins = {f: points - theirs_points + lead(material - theirs_material)
               for f, (_, theirs_points, theirs_material) in others.items()}
    rival = min(margins, key=lambda f: (margins[f], f)) if others else None
    theirs = others[rival][0] if rival is not None else [0.0] * len(mine)
    differences = [a - b for a, b in zip(mine, theirs)]
    if rival is not None:
        differences[0] = margins[rival]
    ais = [f for f in range(len(factions)) if factions[f]["kind"] == "ai"]
    seats = len(factions) - len(ais)
    return (mine + theirs + differences
            + [1.0 if rival in ais else 0.0,
               max((factions[f]["victory_points"] for f in ais), default=0),
               1.0 if _to_move(view, seat) else 0.0,
               1.0 if view["order"] and view["order"][0] == seat else 0.0,
               1.0 if view["stage"] == "choose" else 0.0,
               view["round"], view["max_rounds"] - view["round"], seats, len(ais),
               view["deck"]])
