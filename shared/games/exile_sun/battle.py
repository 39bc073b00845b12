"""The battle phase (rulebook p10-13): Ship cards by fleet size chosen in secret, secret
tactics at most 8 a column, damage against armour circles, rounds until one side is left,
Repair Bots, casualties, trophies and tokens scaled down with scouts (p15-16)."""
from collections import Counter
from itertools import product

from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.board import board, neighbours, table
from shared.games.exile_sun.components import (MAX_PER_COLUMN, TOKEN_SHIPS, circles, ship_class,
                                               tech_effect)
from shared.games.exile_sun.messages import MESSAGES
from shared.games.exile_sun.scoring import capture_vp
from shared.games.exile_sun.state import (ATTACKER, DEFENDER, OVER_STEP, REPAIR_STEP, SHIPS_STEP,
                                          TACTICS_STEP, fleet, fleets_at, planet_owner)

QUIET_ROUNDS_TO_DISENGAGE = 3   # ours: RULES_NOTES.md, "Battles that cannot end"
SHIPYARD_CARD, FLAGSHIP_CARD = "shipyard-1", "flagship-1"


def size(f) -> int:
    """Ship cards a fleet token stands for (p10): Heavy 5, Medium 4, Light 3, Shipyard as a
    Heavy (p16), a scout 1 each."""
    return f.count if f.kind == "scout" else TOKEN_SHIPS.get(f.kind, 0)  # a decoy: none


def side_of(state, seat):
    b = state.battle
    return b.seats.index(seat) if b is not None and seat in b.seats else None


def power(ships, bonus=0) -> int:
    """Fleet power: the numbers in the uncovered circles (p11), plus Tech bonuses."""
    return bonus + sum(sum(circles(c)[:len(circles(c)) - dmg]) for c, dmg in ships)


# -- commit -----------------------------------------------------------------------------------

def _storage(p, cls):
    return sorted(c for c in p.storage if ship_class(c) == cls)


def _commit_frame(state, seat):
    b = state.battle
    side = side_of(state, seat)
    f = fleet(state, b.fleets[side])
    required = [SHIPYARD_CARD] if f.kind == "shipyard" else []
    return state.players[seat], size(f) - len(required), required


def commit_options(state, seat):
    """One commit per mix of ship classes (cards of a class are alike)."""
    p, need, _ = _commit_frame(state, seat)
    by_class = Counter(ship_class(c) for c in p.hand)
    classes = sorted(by_class)
    strikes = len(_storage(p, "strike_craft"))
    flag_options = (False, True) if _storage(p, "flagship") else (False,)
    power_techs = [t for t in p.techs if tech_effect(t)["effect"] == "power"][:1]
    out = []
    for counts in product(*(range(by_class[c] + 1) for c in classes)):
        h = sum(counts)
        if h > need or (h == 0 and p.hand):
            continue
        hand = [card for c, n in zip(classes, counts)
                for card in sorted(x for x in p.hand if ship_class(x) == c)[:n]]
        for flagship in flag_options:
            strike = need - h - int(flagship)
            if 0 <= strike <= strikes:
                for tech in [None] + power_techs:
                    out.append(v.COMMIT(hand=hand, strike_craft=strike, flagship=flagship,
                                        **({"tech": tech} if tech else {})))
    return out


def _commit(tx, seat, command):
    state = tx.state
    p, need, required = _commit_frame(state, seat)
    hand, tech = command["hand"], command.get("tech")
    why = None
    if len(set(hand)) != len(hand) or any(c not in p.hand for c in hand):
        why = "those cards are not all in your hand"
    elif p.hand and not hand:
        why = "at least one Ship card must come from your hand (p10)"
    elif command["strike_craft"] > len(_storage(p, "strike_craft")):
        why = "you do not have that many Strike Craft in storage"
    elif command["flagship"] and not _storage(p, "flagship"):
        why = "your Flagship is not in your storage"
    elif len(hand) + command["strike_craft"] + int(command["flagship"]) != need:
        why = f"this fleet needs exactly {need + len(required)} Ship cards"
    elif tech is not None and (tech not in p.techs or tech_effect(tech)["effect"] != "power"):
        why = "that Tech card does not add fleet power"
    if why:
        MESSAGES.refuse("bad_commit", why=why)
    cards, tech = committed_cards(state, seat, command)
    tx.emit(v.SHIPS_COMMITTED, seat=seat, side=side_of(state, seat), cards=list(cards), tech=tech)


def committed_cards(state, seat, command):
    """(cards, tech) a commit command puts into the battle: the hand cards it names, the
    first Strike Craft of the storage, the Flagship, and a Shipyard's own card."""
    p, _, required = _commit_frame(state, seat)
    cards = (list(command["hand"]) + _storage(p, "strike_craft")[:command["strike_craft"]]
             + ([FLAGSHIP_CARD] if command["flagship"] else []) + required)
    return tuple(cards), command.get("tech")


# -- tactics ----------------------------------------------------------------------------------

def _fill(total, columns):
    """Pour `total` power into `columns` in order, at most 8 in each."""
    out = []
    for role, ship in columns:
        put = min(MAX_PER_COLUMN, total)
        if put:
            out.append({"role": role, "ship": ship, "power": put})
        total -= put
    return out


def _even(total, columns):
    """Spread `total` one point at a time over `columns` (at most 8 in each)."""
    amounts = [0] * len(columns)
    i = 0
    while total and columns and any(a < MAX_PER_COLUMN for a in amounts):
        if amounts[i % len(columns)] < MAX_PER_COLUMN:
            amounts[i % len(columns)] += 1
            total -= 1
        i += 1
    return [{"role": r, "ship": s, "power": a} for (r, s), a in zip(columns, amounts) if a]


def tactics_menu(state, seat):
    """A bounded menu of tactics (focus fire on each enemy ship, full defence, balanced);
    `decide` accepts any allocation within the rules."""
    b = state.battle
    side = side_of(state, seat)
    total = required_power(b, side)
    mine = [("defend", c) for c, _ in b.ships[side]]
    theirs = [("attack", c) for c, _ in b.ships[1 - side]]
    menus = [_fill(total, [t] + [o for o in theirs if o != t] + mine) for t in theirs]
    menus.append(_fill(total, mine + theirs))
    menus.append(_even(total, [c for pair in zip(theirs, mine) for c in pair]
                       + theirs[len(mine):] + mine[len(theirs):]))
    seen, out = set(), []
    for columns in menus:
        key = tuple(sorted((c["role"], c["ship"], c["power"]) for c in columns))
        if key not in seen:
            seen.add(key)
            out.append(v.TACTICS(columns=sorted(columns, key=lambda c: (c["role"], c["ship"]))))
    return out


def _tactics(tx, seat, command):
    state = tx.state
    b = state.battle
    side = side_of(state, seat)
    columns = command["columns"]
    keys = [(c["role"], c["ship"]) for c in columns]
    spent = sum(c["power"] for c in columns)
    due = required_power(b, side)
    if len(set(keys)) != len(keys):
        MESSAGES.refuse("bad_tactics", why="each column appears once")
    if spent != due:
        MESSAGES.refuse("bad_tactics", why=f"allocate all your fleet power: {due}, not {spent}")
    if state.missing == "redo_round" and any(_misses(b, side, c) for c in columns):
        MESSAGES.refuse("bad_tactics", why="a column names a ship not in this battle "
                                           "('missing': this match redoes such tactics)")
    tx.emit(v.TACTICS_SET, seat=seat, side=side, columns=[
        [c["role"], c["ship"], c["power"]] for c in columns])


def required_power(b, side) -> int:
    """All fleet power is allocated (p11), as far as 8 a column in this battle's columns hold."""
    columns = len(b.ships[0]) + len(b.ships[1])
    return min(power(b.ships[side], b.power_bonus[side]), MAX_PER_COLUMN * columns)


def _misses(b, side, column):
    target_side = side if column["role"] == "defend" else 1 - side
    return column["ship"] not in {c for c, _ in b.ships[target_side]}


def fight(b):
    """One round: damage = attack on a ship minus its defence, one armour circle a point
    (p11-13); missing columns are wasted. Returns (ships, lost, damage) per side."""
    ships, lost, damage = [], [], []
    for side in (ATTACKER, DEFENDER):
        attack, defend = Counter(), Counter()
        for role, ship, amount in b.tactics[1 - side]:
            if role == "attack":
                attack[ship] += amount
        for role, ship, amount in b.tactics[side]:
            if role == "defend":
                defend[ship] += amount
        kept, gone, hits = [], [], []
        for card, dmg in b.ships[side]:
            hit = max(0, attack[card] - defend[card])
            hits.append([card, hit])
            if dmg + hit >= len(circles(card)):
                gone.append(card)
            else:
                kept.append([card, dmg + hit])
        ships.append(kept)
        lost.append(gone)
        damage.append(hits)
    return ships, lost, damage


def _fight_round(tx):
    b = tx.state.battle
    ships, lost, damage = fight(b)
    quiet = not any(h for side in damage for _, h in side)
    over = (not ships[0] or not ships[1]
            or (quiet and b.quiet_rounds + 1 >= QUIET_ROUNDS_TO_DISENGAGE))
    step = REPAIR_STEP if any(lost) else (OVER_STEP if over else TACTICS_STEP)
    tx.emit(v.ROUND_FOUGHT, round=b.round + 1, tactics=[list(map(list, t)) for t in b.tactics],
            damage=damage, ships=ships, lost=lost, quiet=quiet, next=step,
            repair_done=[not lost[0], not lost[1]])


# -- repair -----------------------------------------------------------------------------------

def _repair_techs(p):
    return [t for t in p.techs if tech_effect(t)["effect"] == "repair_bots"]


def repair_options(state, seat):
    side = side_of(state, seat)
    b = state.battle
    techs = _repair_techs(state.players[seat])[:1]
    return [v.PASS()] + [v.REPAIR(ship=c, tech=t) for c in b.lost_this_round[side] for t in techs]


def _repair(tx, seat, command):
    state = tx.state
    side = side_of(state, seat)
    b = state.battle
    if (command["ship"] not in b.lost_this_round[side]
            or command["tech"] not in _repair_techs(state.players[seat])):
        MESSAGES.refuse("bad_repair")
    tx.emit(v.SHIP_REPAIRED, seat=seat, side=side, ship=command["ship"], tech=command["tech"])


# -- the battle's course ----------------------------------------------------------------------

def aggressor_battles(state):
    """(aggressor, its battles still to fight) for the next battle: battles go in the
    aggressors' turn order (p10), so the first pending battle names the aggressor."""
    if state.battle is not None or not state.battles:
        return None, ()
    owner = fleet(state, state.battles[0][0]).owner
    return owner, tuple(p for p in state.battles if fleet(state, p[0]).owner == owner)


def choosing(state):
    """The aggressor who must choose which of its battles comes next (p10: "If a player has
    initiated more than one battle he may choose their order"), or None."""
    seat, mine = aggressor_battles(state)
    return seat if len(mine) > 1 else None


def battle_at(state, space):
    return next((p for p in aggressor_battles(state)[1] if fleet(state, p[1]).space == space),
                None)


def to_act(state):
    b = state.battle
    if b is None:
        seat = choosing(state)
        return () if seat is None else (seat,)
    if b.step == SHIPS_STEP:
        return tuple(s for side, s in enumerate(b.seats) if b.commits[side] is None)
    if b.step == TACTICS_STEP:
        return tuple(s for side, s in enumerate(b.seats) if b.tactics[side] is None)
    if b.step == REPAIR_STEP:
        return tuple(s for side, s in enumerate(b.seats) if not b.repair_done[side])
    return ()


def legal(state, seat):
    b = state.battle
    if seat not in to_act(state):
        return []
    if b is None:
        return [v.PASS()] + sorted((v.FIGHT(space=fleet(state, p[1]).space)
                                    for p in aggressor_battles(state)[1]),
                                   key=lambda c: c["space"])
    if not all(fleet(state, f) and size(fleet(state, f)) for f in b.fleets):
        return []  # between two events of one command: a battle settled without cards
    if b.step == SHIPS_STEP:
        return commit_options(state, seat)
    if b.step == TACTICS_STEP:
        return tactics_menu(state, seat)
    return repair_options(state, seat)


def decide(tx, seat, command, on_end):
    b, kind = tx.state.battle, command["type"]
    if b is None and kind == v.FIGHT.name:
        pair = battle_at(tx.state, command["space"])
        if pair is None:
            MESSAGES.refuse("no_battle_there", space=command["space"])
        begin(tx, pair, on_end)
    elif b is None and kind == v.PASS.name:
        begin(tx, aggressor_battles(tx.state)[1][0], on_end)
    elif b is not None and b.step == SHIPS_STEP and kind == v.COMMIT.name:
        _commit(tx, seat, command)
    elif b is not None and b.step == TACTICS_STEP and kind == v.TACTICS.name:
        _tactics(tx, seat, command)
    elif b is not None and b.step == REPAIR_STEP and kind == v.REPAIR.name:
        _repair(tx, seat, command)
    elif b is not None and b.step == REPAIR_STEP and kind == v.PASS.name:
        tx.emit(v.PASSED, seat=seat, what=REPAIR_STEP, side=side_of(tx.state, seat))
    else:
        MESSAGES.refuse("wrong_step", phase=tx.state.phase)


def begin(tx, pair, on_end):
    """Start the battle between `pair` (attacker, defender): decoys and lone scouts are
    settled at once (p15-16); otherwise both sides choose their Ship cards."""
    state = tx.state
    a, d = fleet(state, pair[0]), fleet(state, pair[1])
    tx.emit(v.BATTLE_BEGAN, space=d.space, fleets=[a.id, d.id], seats=[a.owner, d.owner],
            tokens=[a.kind, d.kind])
    lone_scout = d.kind == "scout" and d.count == 1
    if d.kind == "decoy":
        tx.emit(v.DECOY_REMOVED, fleet=d.id, owner=d.owner)
        finish(tx, ATTACKER, on_end, capture=a.kind != "decoy")
    elif a.kind == "decoy" and not lone_scout:
        tx.emit(v.DECOY_REMOVED, fleet=a.id, owner=a.owner)
        finish(tx, DEFENDER, on_end)
    elif lone_scout:
        tx.emit(v.FLEET_REMOVED, fleet=d.id, owner=d.owner)
        finish(tx, ATTACKER, on_end, capture=a.kind != "decoy")


def advance(tx, on_end):
    """Move the current battle on when every side has acted; True when something happened."""
    b = tx.state.battle
    if b is None or to_act(tx.state):
        return False
    if b.step == SHIPS_STEP:
        tx.emit(v.COMMITS_REVEALED, commits=[[list(cards), tech] for cards, tech in b.commits],
                tokens=list(b.tokens))
    elif b.step == TACTICS_STEP:
        _fight_round(tx)
    elif b.step == REPAIR_STEP or b.step == OVER_STEP:
        ships = tx.state.battle.ships
        stuck = (tx.state.battle.quiet_rounds >= QUIET_ROUNDS_TO_DISENGAGE)
        if ships[0] and ships[1] and not stuck:
            tx.emit(v.BATTLE_STEP, step=TACTICS_STEP)
        else:
            winner = None if (ships[0] and ships[1]) or not (ships[0] or ships[1]) \
                else (ATTACKER if ships[0] else DEFENDER)
            finish(tx, winner, on_end, capture=True)
    return True


def finish(tx, winner, on_end, capture=True):
    """Casualties back to their decks, trophies, tokens removed or scaled down (p13, p15)."""
    state = tx.state
    b = state.battle
    survivors = [[c for c, _ in side] for side in b.ships]
    tx.emit(v.BATTLE_ENDED, winner=winner, survivors=survivors,
            destroyed=[list(x) for x in b.destroyed])
    fought = bool(b.ships[0] or b.ships[1] or b.destroyed[0] or b.destroyed[1])
    for side in (ATTACKER, DEFENDER):
        f = fleet(tx.state, b.fleets[side])
        if f is None or not fought:
            continue
        if not survivors[side]:
            tx.emit(v.FLEET_REMOVED, fleet=f.id, owner=f.owner)
        else:
            _scale_down(tx, f, survivors[side], SHIPYARD_CARD in b.destroyed[side])
    if winner is None and fleet(tx.state, b.fleets[ATTACKER]) and fleet(tx.state, b.fleets[DEFENDER]):
        _retreat(tx, fleet(tx.state, b.fleets[ATTACKER]))
    attacker = fleet(tx.state, b.fleets[ATTACKER])
    owner = planet_owner(tx.state, b.space)
    if (capture and winner == ATTACKER and attacker is not None and b.space in dict(state.planets)
            and owner != attacker.owner):
        tx.emit(v.PLANET_CAPTURED, seat=attacker.owner, space=b.space, previous=owner,
                vp=capture_vp(state, attacker.owner, b.space))
    on_end(tx, b, winner)


def claim_planets(tx):
    """The Battle phase's "Claim Planets & VPs" (p8), once every battle is fought: a planet
    held alone by another player's fleet (never a decoy: a recon probe holds nothing) changes
    hands, +1 public VP (p14: "Every time a player acquires any planet space from an
    opponent"), none for taking back one's own home planet (scoring.capture_vp). Planets won in a battle were claimed after that battle (p13)."""
    state = tx.state
    for space, owner in sorted(state.planets, key=lambda po: po[0]):
        here = fleets_at(state, space)
        if len(here) == 1 and here[0].kind != "decoy" and here[0].owner != owner:
            tx.emit(v.PLANET_CAPTURED, seat=here[0].owner, space=space, previous=owner,
                    vp=capture_vp(state, here[0].owner, space))


def scaled(survivors: int, kind: str, count: int, supply: dict):
    """The token (kind, count) and spare scouts for `survivors` ships (p15, Scouts): the
    largest fleet token that fits, the rest as Scouts; only Scouts below 3 ships.

    When the Scouts run out, nothing vanishes: "Scouts are used when a Fleet loses some ships
    but is not completely destroyed" (p15), so a fleet with survivors stays on the map. If the
    supply cannot show them exactly, the fleet becomes the smallest fleet token available that
    holds them all (its own token is always available): it stands for a ship more than it
    has, as the book's Shipyard token does ("the Shipyard fleet token *still* remains in place
    as a Heavy Fleet", p16), rather than losing ships or its place."""
    available = dict(supply)
    if kind not in ("scout", "shipyard"):
        available[kind] = available.get(kind, 0) + 1
    scouts = available.get("scout", 0) + (count if kind == "scout" else 0)
    if survivors >= 3:
        for token in ("heavy", "medium", "light"):
            if TOKEN_SHIPS[token] <= survivors and available.get(token, 0) \
                    and survivors - TOKEN_SHIPS[token] <= scouts:
                return token, 1, survivors - TOKEN_SHIPS[token]
    if survivors <= scouts:
        return "scout", survivors, 0
    for token in ("light", "medium", "heavy"):
        if TOKEN_SHIPS[token] >= survivors and available.get(token, 0):
            return token, 1, 0
    return ("scout", scouts, 0) if scouts else (None, 0, 0)


def _scale_down(tx, f, survivors, shipyard_lost):
    if f.kind == "shipyard" and not shipyard_lost:
        return   # p16, Rule Exception: the Shipyard token stays while its card survives
    if len(survivors) == size(f) and f.kind != "shipyard":
        return
    supply = dict(tx.state.players[f.owner].supply)
    kind, count, spare = scaled(len(survivors), f.kind, f.count, supply)
    scouts = None
    if spare:
        space = _free_next_to(tx.state, f.space, f.space)
        if space:
            scouts = {"fleet": f"f{tx.state.next_fleet}", "space": space, "count": spare}
    tx.emit(v.FLEET_REDUCED, fleet=f.id, owner=f.owner, kind=kind, count=count, scouts=scouts)


def _free_next_to(state, space, avoid):
    kinds = board(table(state))[0]
    for n in sorted(neighbours(table(state), space)):
        if n != avoid and kinds[n] != "gateway" and not fleets_at(state, n):
            return n
    return None


def _retreat(tx, f):
    """A battle with no damage for 3 rounds ends; the attacker falls back (ours)."""
    state = tx.state
    back = f.came_from
    kinds = board(table(state))[0]
    if back is None or kinds.get(back) == "gateway" or fleets_at(state, back):
        back = _free_next_to(state, f.space, None)
    if back is None:
        tx.emit(v.FLEET_REMOVED, fleet=f.id, owner=f.owner)
    else:
        tx.emit(v.FLEET_MOVED, fleet=f.id, path=[back], cost=0, attack=None, retreat=True)
