"""The move phase (rulebook p9-10): 4 moves per fleet counted on the space entered, trade
routes (two spaces per move), gateways, military zones, asteroid fields, paths around enemy
fleets, scanning with the die, fleets locked in battle, and Initiative #6's agenda review."""
import heapq
from functools import lru_cache
from types import MappingProxyType

from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.board import (board, distances, military_zones, neighbours,
                                          planets, table)
from shared.games.exile_sun.components import (COLONIES, SCAN_NEEDS, SCOUTS_PER_GROUP,
                                               TOKEN_SHIPS, tech_effect)
from shared.games.exile_sun.messages import MESSAGES
from shared.games.exile_sun.state import fleet, fleets_at, in_battle
from shared.games.exile_sun.budget import holder

AGENDAS_REVIEWED = 2
TRADE_LIKE = ("trade_route", "gateway")


@lru_cache(maxsize=4096)
def _zones(board_table, held, seat) -> frozenset:
    """The spaces of the military zones `seat` controls, from the planets' owners (`held`:
    state.planets): "A player has control of a Military zone while holding all planets in the
    system" (p9)."""
    owners = dict(held)
    return frozenset(space for slot, spaces in military_zones(board_table).items()
                     if all(owners.get(p) == seat for p in planets(board_table[0], slot))
                     for space in spaces)


def _asteroid_cost(state, seat) -> int:
    return 1 if COLONIES[state.players[seat].colony]["ability"] == "asteroid_pilots" else 2


def step_cost(state, seat, space, credit):
    """(moves, credit after): a move into a trade route covers two trade route spaces."""
    zones = _zones(table(state), state.planets, seat)
    return _step(board(table(state))[0][space], space in zones,
                 _asteroid_cost(state, seat), credit)


def _step(kind, zone, asteroid, credit):
    if kind in TRADE_LIKE or zone:
        return (0, False) if credit else (1, True)
    if kind == "asteroid_field":
        return asteroid, False
    return 1, False


def _scouts(f) -> int:
    """Scouts in a fleet (0 for any other token): scouts are face up, so this is public."""
    return f.count if f.kind == "scout" else 0


def _occupancy(state) -> tuple:
    """What paths depend on in the fleets on the map: (space, owner, locked in a battle,
    scouts)."""
    battling = {fid for pair in state.battles for fid in pair}
    return tuple(sorted((f.space, f.owner, f.id in battling, _scouts(f)) for f in state.fleets))


def reachable(state, mover, occupancy=None) -> dict:
    """Every space the fleet may end on this move -> (cost, path as space numbers) of the
    cheapest way there; paths go around enemy fleets and through one's own. Remembered per
    distinct situation: legal commands and the decide that follows (and a bot's trials on
    sampled tables) search once."""
    board_table = table(state)
    return _reach(board_table, mover.space, mover.moves, mover.owner, _scouts(mover),
                  _zones(board_table, state.planets, mover.owner), _asteroid_cost(state, mover.owner),
                  occupancy or _occupancy(state))


@lru_cache(maxsize=None)
def _graph(board_table):
    """The map as integers, for the search: spaces numbered in name order (so comparing
    numbers orders paths as comparing names would), each space's kind and neighbours."""
    kinds = board(board_table)[0]
    names = tuple(sorted(kinds))
    index = {name: i for i, name in enumerate(names)}
    nexts = tuple(tuple(index[n] for n in neighbours(board_table, name)) for name in names)
    return names, index, tuple(kinds[n] for n in names), nexts


@lru_cache(maxsize=1024)
def _step_table(board_table, zones, asteroid):
    """Per space number: (moves, credit after) entered without and with trade route credit."""
    names, _, kinds, _ = _graph(board_table)
    return tuple((_step(kinds[i], names[i] in zones, asteroid, False),
                  _step(kinds[i], names[i] in zones, asteroid, True)) for i in range(len(names)))


@lru_cache(maxsize=4096)
def _fleets_by_space(board_table, owner, occupancy):
    """(space number -> [(seat, locked, scouts)], space numbers holding an enemy of `owner`)."""
    index = _graph(board_table)[1]
    here = {}
    for space, seat, locked, scouts in occupancy:
        here.setdefault(index[space], []).append((seat, locked, scouts))
    return here, frozenset(s for s, fleets in here.items()
                           if any(seat != owner for seat, _, _ in fleets))


@lru_cache(maxsize=16384)
def _reach(board_table, origin, moves, owner, scouts, zones, asteroid, occupancy):
    """Dijkstra over (space, trade route credit), the cost counted on the space entered; ties
    go to the smallest (space, credit, path) by name. Paths as space numbers."""
    names, index, kinds, nexts = _graph(board_table)
    here, enemy = _fleets_by_space(board_table, owner, occupancy)
    start = index[origin]
    step = _step_table(board_table, zones, asteroid)

    def can_end(space):
        """Never a gateway; on one's own fleet only scouts joining scouts, at most 5 in a
        group (p15); on an enemy fleet only to attack one not already in a battle (and
        scouts never start battles, p15)."""
        if kinds[space] == "gateway":
            return False
        fleets = here.get(space)
        if not fleets:
            return True
        if len(fleets) > 1:
            return False
        seat, locked, group = fleets[0]
        if seat == owner:
            return bool(scouts and group and not locked and scouts + group <= SCOUTS_PER_GROUP)
        return not scouts and not locked

    best, out, queue = {}, {}, [(0, start, False, ())]
    pop, push = heapq.heappop, heapq.heappush
    while queue:
        cost, space, credit, path = pop(queue)
        if best.get((space, credit), 99) <= cost:
            continue
        best[(space, credit)] = cost
        if path:
            if space not in out and can_end(space):
                out[space] = (cost, path)
            if space in enemy:
                continue  # a move onto an enemy fleet ends there (battle)
        for nxt in nexts[space]:
            if nxt == start:
                continue
            spent, after = step[nxt][credit]
            total = cost + spent
            if total <= moves and best.get((nxt, after), 99) > total:
                push(queue, (total, nxt, after, path + (nxt,)))
    # shared by every caller through the cache: read-only
    return MappingProxyType({names[s]: route for s, route in out.items()})


def route_to(state, mover, space):
    """(cost, path as space names) of the cheapest way to `space`, or None."""
    route = reachable(state, mover).get(space)
    if route is None:
        return None
    names = _graph(table(state))[0]
    return route[0], tuple(names[i] for i in route[1])


def movable(state, seat, fleet_id):
    f = fleet(state, fleet_id)
    if f is None or f.owner != seat or in_battle(state, f.id):
        MESSAGES.refuse("no_such_fleet", fleet=fleet_id)
    if not moves_at_all(state, f):
        MESSAGES.refuse("shipyard_stays")
    return f


def scan_targets(state, scanner):
    """Enemy face-down fleets within 3 spaces whose value this seat has not seen."""
    near = distances(table(state), scanner.space)
    return [f for f in state.fleets if f.owner != scanner.owner and f.kind != "scout"
            and near.get(f.space, 99) <= 3 and f.id not in state.revealed
            and (scanner.owner, f.id) not in state.known]


def _sure_scans(p):
    return [t for t in p.techs if tech_effect(t)["effect"] == "sure_scan"]


def _move_techs(p):
    return [t for t in p.techs if tech_effect(t)["effect"] == "moves"]


def legal(state, seat):
    p = state.players[seat]
    if state.agenda_review:
        return [v.RETURN_AGENDA(card=c) for c in sorted(p.agendas)]
    out = [v.PASS()]
    if can_review(state, seat):
        out.append(v.REVIEW_AGENDAS())
    sure = _sure_scans(p)[:1]
    boosts = _move_techs(p)[:1]
    occupancy = _occupancy(state)
    for f in state.fleets:
        if f.owner != seat or in_battle(state, f.id) or not moves_at_all(state, f):
            continue
        out += [v.MOVE(fleet=f.id, to=space) for space in sorted(reachable(state, f, occupancy))]
        if not f.scanned and f.moves >= 1:
            for target in scan_targets(state, f):
                out.append(v.SCAN(fleet=f.id, target=target.id))
                out += [v.SCAN(fleet=f.id, target=target.id, tech=t) for t in sure]
        out += [v.BOOST(fleet=f.id, tech=t) for t in boosts]
        if state.scout_fleets:
            out += [v.FORM_FLEET(fleet=f.id, token=t) for t in formable(p, f)]
    return out


def moves_at_all(state, f) -> bool:
    """The Shipyard token stays where it was placed unless the match reads it as a fleet that
    moves (option `shipyard_moves`): the book only has it attacked ("If attacked, this token
    is handled as if it were a Heavy fleet", p16) and fleets deployed next to it."""
    return f.kind != "shipyard" or state.shipyard_moves


def formable(p, f) -> list:
    """The token a Scout group may become: as many ships as it has scouts, if that token is
    in the supply ("Scouts may join only other Scouts to form a new fleet (If the
    appropriate token is available)", p15)."""
    if f.kind != "scout":
        return []
    return [t for t in ("light", "medium", "heavy")
            if TOKEN_SHIPS[t] == f.count and p.supply_of(t)]


def can_review(state, seat):
    return (holder(state, 6) == seat and not state.agenda_reviewed
            and state.agenda_deck.size >= AGENDAS_REVIEWED)


def decide(tx, seat, command):
    state, kind = tx.state, command["type"]
    if state.agenda_review and kind != v.RETURN_AGENDA.name:
        MESSAGES.refuse("must_return_agendas", count=state.agenda_review)
    if kind == v.MOVE.name:
        _move(tx, seat, command)
    elif kind == v.SCAN.name:
        _scan(tx, seat, command)
    elif kind == v.BOOST.name:
        f = movable(state, seat, command["fleet"])
        if command["tech"] not in _move_techs(state.players[seat]):
            MESSAGES.refuse("no_such_tech", card=command["tech"])
        tx.emit(v.TECH_PLAYED, seat=seat, card=command["tech"])
        tx.emit(v.MOVES_GAINED, fleet=f.id, amount=tech_effect(command["tech"])["amount"])
    elif kind == v.FORM_FLEET.name:
        f = movable(state, seat, command["fleet"])
        if not state.scout_fleets:
            MESSAGES.refuse("no_scout_fleets")
        if command["token"] not in formable(state.players[seat], f):
            MESSAGES.refuse("bad_scout_join", why=f"a {command['token']} fleet needs "
                            f"{TOKEN_SHIPS[command['token']]} scouts in one group and that "
                            f"token in your supply")
        tx.emit(v.FLEET_FORMED, fleet=f.id, owner=seat, token=command["token"], scouts=f.count)
    elif kind == v.REVIEW_AGENDAS.name:
        if not can_review(state, seat):
            MESSAGES.refuse("no_review")
        drawn = state.agenda_deck.draw(AGENDAS_REVIEWED, tx.rng)
        tx.emit(v.CARDS_DRAWN, seat=seat, kind="agenda", cards=list(drawn), review=True)
    elif kind == v.RETURN_AGENDA.name:
        if not state.agenda_review or command["card"] not in state.players[seat].agendas:
            MESSAGES.refuse("no_such_card", card=command["card"])
        tx.emit(v.AGENDA_RETURNED, seat=seat, card=command["card"])
    elif kind == v.PASS.name:
        _end_turn(tx, seat)
    else:
        MESSAGES.refuse("wrong_step", phase=state.phase)


def _move(tx, seat, command):
    state = tx.state
    f = movable(state, seat, command["fleet"])
    route = route_to(state, f, command["to"])
    if route is None:
        MESSAGES.refuse("bad_path", why=f"{command['to']} cannot be reached (moves left: "
                                         f"{f.moves}; enemy fleets block paths; a move never "
                                         f"ends on a gateway or on one's own fleet)")
    cost, path = route
    there = fleets_at(state, command["to"])
    target = next((o.id for o in there if o.owner != seat), None)
    join = next((o.id for o in there if o.owner == seat), None)
    tx.emit(v.FLEET_MOVED, fleet=f.id, path=list(path), cost=cost, attack=target,
            **({"join": join} if join else {}))


def _scan(tx, seat, command):
    state = tx.state
    f = movable(state, seat, command["fleet"])
    if f.scanned or f.moves < 1:
        MESSAGES.refuse("bad_scan", why="each fleet scans once a cycle, for one move")
    target = next((t for t in scan_targets(state, f) if t.id == command["target"]), None)
    if target is None:
        MESSAGES.refuse("bad_scan", why="no unscanned enemy fleet of that id within 3 spaces")
    tech = command.get("tech")
    if tech is not None and tech not in _sure_scans(state.players[seat]):
        MESSAGES.refuse("no_such_tech", card=tech)
    distance = distances(table(state), f.space)[target.space]
    roll = None
    if distance > 1 and tech is None:
        roll = tx.rng.randint(1, 6)
    success = scan_succeeds(state, seat, distance, roll)
    if tech:
        tx.emit(v.TECH_PLAYED, seat=seat, card=tech)
    tx.emit(v.FLEET_SCANNED, seat=seat, fleet=f.id, target=target.id, distance=distance,
            roll=roll, success=success, token=target.kind if success else None)
    if success and target.kind == "decoy":
        tx.emit(v.DECOY_REMOVED, fleet=target.id, owner=target.owner)


def scan_succeeds(state, seat, distance, roll) -> bool:
    """The scan table (p9): adjacent always; 2 spaces on 3+; 3 spaces on 5+."""
    if roll is None:
        return True
    bonus = int(COLONIES[state.players[seat].colony]["ability"] == "keen_sensors")
    return roll + bonus >= SCAN_NEEDS[distance]


def _end_turn(tx, seat):
    """The mover's turn ends; planets entered unopposed are claimed in the Battle phase (p8,
    battle.claim_planets), not here."""
    tx.emit(v.TURN_BEGAN, turn=tx.state.turn + 1)
