"""The move phase (rulebook p9-10): 4 moves per fleet counted on the space entered, trade
routes (two spaces per move), gateways, military zones, asteroid fields, paths around enemy
fleets, scanning with the die, fleets locked in battle, and Initiative #6's agenda review."""
import heapq

from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.board import board, distances, neighbours, planets, slot_of
from shared.games.exile_sun.components import COLONIES, SCAN_NEEDS, tech_effect
from shared.games.exile_sun.messages import MESSAGES
from shared.games.exile_sun.state import fleet, fleets_at, in_battle, planet_owner
from shared.games.exile_sun.budget import holder

AGENDAS_REVIEWED = 2
TRADE_LIKE = ("trade_route", "gateway")


def _controls_zone(state, seat, space) -> bool:
    """p9: a player controls a military zone while holding all planets of its System."""
    slot = slot_of(space)
    return all(planet_owner(state, p) == seat for p in planets(len(state.players), slot))


def step_cost(state, seat, space, credit):
    """(moves, credit after): a move into a trade route covers two trade route spaces."""
    return _Costs(state, seat).step(space, credit)


class _Costs:
    """Move costs for one seat on one table, worked out once per search."""

    def __init__(self, state, seat):
        players = len(state.players)
        self.kinds = board(players)[0]
        self.zones = {f"s{slot}.m" for slot in range(players)
                      if _controls_zone(state, seat, f"s{slot}.m")}
        self.asteroid = 1 if COLONIES[state.players[seat].colony]["ability"] == \
            "asteroid_pilots" else 2

    def step(self, space, credit):
        kind = self.kinds[space]
        if kind in TRADE_LIKE or space in self.zones:
            return (0, False) if credit else (1, True)
        if kind == "asteroid_field":
            return self.asteroid, False
        return 1, False


def _enemy(state, seat, space):
    return any(f.owner != seat for f in fleets_at(state, space))


def _can_end(kinds, occupied, battling, mover, space):
    """Where a path may end: never a gateway, never on one's own fleet, on an enemy fleet only
    to attack one that is not already in a battle (and scouts never start battles, p15)."""
    if kinds[space] == "gateway":
        return False
    here = occupied.get(space, ())
    if not here:
        return True
    if len(here) > 1:
        return False
    other = here[0]
    return other.owner != mover.owner and mover.kind != "scout" and other.id not in battling


def reachable(state, mover) -> dict:
    """Every space the fleet may end on this move, with the cheapest path (Dijkstra over
    (space, trade route credit)); paths go around enemy fleets and through one's own."""
    players = len(state.players)
    costs = _Costs(state, mover.owner)
    occupied = {}
    for f in state.fleets:
        occupied.setdefault(f.space, []).append(f)
    battling = {fid for pair in state.battles for fid in pair}
    best, out, queue = {}, {}, [(0, mover.space, False, ())]
    while queue:
        cost, space, credit, path = heapq.heappop(queue)
        if best.get((space, credit), 99) <= cost:
            continue
        best[(space, credit)] = cost
        if path and space not in out and _can_end(costs.kinds, occupied, battling, mover, space):
            out[space] = (cost, path)
        if path and any(f.owner != mover.owner for f in occupied.get(space, ())):
            continue  # a move onto an enemy fleet ends there (battle)
        for nxt in neighbours(players, space):
            if nxt == mover.space:
                continue
            step, after = costs.step(nxt, credit)
            if cost + step <= mover.moves and best.get((nxt, after), 99) > cost + step:
                heapq.heappush(queue, (cost + step, nxt, after, path + (nxt,)))
    return out


def movable(state, seat, fleet_id):
    f = fleet(state, fleet_id)
    if f is None or f.owner != seat or in_battle(state, f.id):
        MESSAGES.refuse("no_such_fleet", fleet=fleet_id)
    return f


def scan_targets(state, scanner):
    """Enemy face-down fleets within 3 spaces whose value this seat has not seen."""
    near = distances(len(state.players), scanner.space)
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
    for f in state.fleets:
        if f.owner != seat or in_battle(state, f.id):
            continue
        out += [v.MOVE(fleet=f.id, to=space) for space in sorted(reachable(state, f))]
        if not f.scanned and f.moves >= 1:
            for target in scan_targets(state, f):
                out.append(v.SCAN(fleet=f.id, target=target.id))
                out += [v.SCAN(fleet=f.id, target=target.id, tech=t) for t in sure]
        out += [v.BOOST(fleet=f.id, tech=t) for t in boosts]
    return out


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
    route = reachable(state, f).get(command["to"])
    if route is None:
        MESSAGES.refuse("bad_path", why=f"{command['to']} cannot be reached (moves left: "
                                         f"{f.moves}; enemy fleets block paths; a move never "
                                         f"ends on a gateway or on one's own fleet)")
    cost, path = route
    target = next((o.id for o in fleets_at(state, command["to"]) if o.owner != seat), None)
    tx.emit(v.FLEET_MOVED, fleet=f.id, path=list(path), cost=cost, attack=target)


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
    distance = distances(len(state.players), f.space)[target.space]
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
    """Planets entered unopposed change hands when the mover ends its turn (p14)."""
    state = tx.state
    for f in state.fleets:
        owner = planet_owner(state, f.space)
        if (f.owner == seat and f.kind != "decoy" and f.space in dict(state.planets)
                and owner != seat and len(fleets_at(state, f.space)) == 1):
            tx.emit(v.PLANET_CAPTURED, seat=seat, space=f.space, previous=owner, vp=1)
    tx.emit(v.TURN_BEGAN, turn=state.turn + 1)


