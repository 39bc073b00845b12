"""Choices inside combats and the choices owed after them (rulebook, Combat phases; Discard
rules): commitments, Dodge, evasion, Favorable Zone, the loser's card, the winner's discard.
A choice with a single legal answer is made automatically (`forced`).
"""
from shared.games.exsilium import actions, combat as fight, wards
from shared.games.exsilium.components import CARDS, card, kind_of, usable_by, usable_cards
from shared.games.exsilium.factions import displace, displace_nodes
from shared.games.exsilium.movement import move_on, onward_paths
from shared.games.exsilium.messages import refuse
from shared.games.exsilium.table import free_nodes_on_tile
from shared.games.exsilium.vocabulary import (
    CARD_PLACED, COMMIT, CONCEDE, DISCARD, DISPLACE, DIVE, DODGE, ENDURE, EVADE, FAVORABLE_ZONE,
    LEAVE_CONFLICT, MOVE_ON, PLACE_CARD, STAY)

# A commitment or a discard is offered as one command per set of cards while there are at
# most this many sets; beyond, the seat chooses its cards one by one (`place_card` then
# `commit`; `discard` of one card at a time). The book sets no hand limit (draw cards grow
# hands): a commitment of any size from a hand of n different cards is up to 2^n sets, a
# winner's discard of a quarter of 30 cards millions, and a listing that long freezes whoever
# asks for it.
MOST_LISTED_SETS = 64


def subsets(cards, sizes):
    """Card sets of the allowed sizes, one per mix of card definitions, in the order of
    counting through each definition's copies. A walk that stops past the largest size:
    trying every mix is 2^n for a hand of n definitions (a hand grown by draw cards made one
    discard's options take minutes)."""
    groups = actions.copies_by_definition(cards)
    sizes = set(sizes)
    most = max(sizes, default=-1)
    fewest = min(sizes, default=0)
    left = [0] * (len(groups) + 1)  # cards still to come after each definition
    for i in range(len(groups) - 1, -1, -1):
        left[i] = left[i + 1] + len(groups[i])
    out = []

    def walk(i, chosen):
        if i == len(groups):
            if len(chosen) in sizes:
                out.append(chosen)
            return
        if len(chosen) + left[i] < fewest:
            return
        copies = groups[i]
        for n in range(min(len(copies), most - len(chosen)) + 1):
            walk(i + 1, chosen + copies[:n])

    if sizes:
        walk(0, [])
    return out


def count_subsets(cards, sizes):
    """How many sets `subsets` would list, counted without listing them (a polynomial product
    over card definitions: the coefficient of x^k is the number of mixes of k cards)."""
    ways = [1]
    for copies in actions.copies_by_definition(cards):
        grown = [0] * (len(ways) + len(copies))
        for k, n in enumerate(ways):
            for extra in range(len(copies) + 1):
                grown[k + extra] += n
        ways = grown
    return sum(ways[k] for k in set(sizes) if 0 <= k < len(ways))


def chooser(state):
    """The seat owing a choice in a combat or after it, or None."""
    if state.pending:
        return state.pending[0].seat
    c = state.combat
    if c is None:
        return None
    if c.stage == "replica":
        return c.foe[1]
    return c.attacker


def _commit_sizes(state, seat):
    c = state.combat
    hand = _fighting_hand(state, seat)
    if c.kind == "newaru" or seat == c.attacker and c.stage == "intimidation":
        return range(1, len(hand) + 1) if hand else range(0, 1)
    k = len(c.committed)
    if k == 0:
        return range(0, 1)
    return range(1, k + 1) if len(hand) >= k else range(len(hand), len(hand) + 1)


def placing(state, seat):
    """Whether the seat commits card by card: it has begun to, or its hand has too many sets
    to list (MOST_LISTED_SETS)."""
    c = state.combat
    return bool(c.placed) or count_subsets(
        _fighting_hand(state, seat), _commit_sizes(state, seat)) > MOST_LISTED_SETS


def _placeable(state, seat):
    """The seat's fighting cards not placed yet (one id per copy)."""
    left = list(_fighting_hand(state, seat))
    for cid in state.combat.placed:
        if cid in left:
            left.remove(cid)
    return left


def _placing_options(state, seat):
    """One card more (of each definition left, while the largest commitment is not reached),
    and `commit` of the cards placed once their number is one the rules allow."""
    placed, sizes = state.combat.placed, _commit_sizes(state, seat)
    out = []
    if len(placed) < max(sizes):
        out += [PLACE_CARD(card=cid) for cid in actions.by_key(_placeable(state, seat))]
    if len(placed) in sizes:
        out.append(COMMIT(cards=list(placed)))
    return out


def options(state, seat):
    """Every command the choosing seat may send."""
    if state.pending:
        return _pending_options(state, state.pending[0])
    c = state.combat
    hand = state.players[seat].hand
    if placing(state, seat):
        out = _placing_options(state, seat)
        if c.placed:   # committing has begun: no Dodge or evasion instead any more
            return out
    else:
        out = [COMMIT(cards=s) for s in subsets(_fighting_hand(state, seat),
                                                 _commit_sizes(state, seat))]
    if c.kind == "player" and c.stage == "replica":
        out += [DODGE(card=cid) for cid in _one_each(hand, DODGE.name)]
    if c.kind == "newaru":
        out += [FAVORABLE_ZONE(card=cid) for cid in _one_each(hand, FAVORABLE_ZONE.name)]
        evade = fight.evade_type(state)
        if evade:
            out += [EVADE(card=cid)
                    for cid in actions.by_key([x for x in hand if card(x)["type"] == evade])]
    return out


def _one_each(hand, kind):
    return actions.by_key([c for c in hand if kind_of(c) == kind])


def _pending_options(state, pending):
    player = state.players[pending.seat]
    if pending.kind == "escape":
        paths = fight.escape_paths(state, pending.seat, pending.mini)
        # Faction type cards: "the card can only be used by a player of the represented
        # faction" -- not even for the winner's move out of the conflict zone.
        return [STAY()] + [LEAVE_CONFLICT(card=c, path=p)
                           for c in actions.by_key(usable_cards(player.hand, player.faction))
                           for p in paths]
    if pending.kind == DISPLACE.name:
        return [DISPLACE(node=n) for n in displace_nodes(state, pending.node, pending.figure)]
    if pending.kind == "ward":
        return wards.options(state, pending)
    if pending.kind == "onward":
        return [STAY()] + [MOVE_ON(path=p)
                           for p in onward_paths(state, pending.seat, pending.mini, pending.count)]
    if pending.kind == DISCARD.name:
        if _discards_one_by_one(player.hand, pending.count):
            return [DISCARD(cards=[cid]) for cid in actions.by_key(player.hand)]
        return [DISCARD(cards=s)
                for s in subsets(player.hand, {min(pending.count, len(player.hand))})]
    pool = [c for c in pending.cards if c in player.hand] or list(player.hand)
    cards = actions.by_key(pool) or [None]
    nodes = free_nodes_on_tile(state, pending.tile) if cards != [None] else [None]
    nodes = nodes or [None]
    values = sorted(set(player.baralytas)) if pending.give_to is not None else []
    values = values or [None]
    return [CONCEDE(card=c, node=n, baralytas=v) for c in cards for n in nodes for v in values]


def _discards_one_by_one(hand, count):
    """Whether a discard of `count` cards from `hand` has too many sets to list."""
    return count_subsets(hand, {min(count, len(hand))}) > MOST_LISTED_SETS


def _fighting_hand(state, seat):
    """Faction type cards: "the card can only be used by a player of the represented
    faction" -- another faction's card is never committed to a combat."""
    player = state.players[seat]
    return usable_cards(player.hand, player.faction)


def decide_choice(tx, seat, cmd):
    """Check and apply a combat or owed choice."""
    state = tx.state
    allowed = options(state, seat)
    kind = cmd["type"]
    if kind in (COMMIT.name, PLACE_CARD.name, LEAVE_CONFLICT.name):
        given = cmd["cards"] if kind == COMMIT.name else [cmd["card"]]
        foreign = [c for c in given if c in CARDS
                   and not usable_by(c, state.players[seat].faction)]
        if foreign:
            refuse(state, "faction_card", faction=card(foreign[0])["type"].capitalize())
    if kind == PLACE_CARD.name:
        ok = any(o["type"] == kind for o in allowed) and cmd["card"] in _placeable(state, seat)
    elif kind == CONCEDE.name:
        ok = _concede_ok(state, cmd, allowed)
    elif kind == MOVE_ON.name:
        ok = any(o["type"] == kind for o in allowed)   # the path is checked as it is walked
    elif kind == LEAVE_CONFLICT.name:
        ok = cmd.get("card") in state.players[seat].hand and any(
            o["type"] == kind and o["path"] == cmd.get("path")
            and card(o["card"])["key"] == card(cmd["card"])["key"] for o in allowed)
    elif kind in (COMMIT.name, DISCARD.name):
        ok = any(kind == o["type"] and sorted(o["cards"]) == sorted(cmd.get("cards") or [])
                 for o in allowed) or _same_mix(cmd, allowed, state, seat)
    else:
        # An equivalent card (same design) is accepted, but it must be one the seat holds.
        ok = (cmd in allowed or _same_key(cmd, allowed)) and (
            "card" not in cmd or cmd["card"] in state.players[seat].hand)
    if not ok:
        _explain(state, seat, kind)
    apply_choice(tx, seat, cmd)


def _concede_ok(state, cmd, allowed):
    for o in allowed:
        if o["type"] != CONCEDE.name:
            continue
        if o["node"] == cmd.get("node") and o["baralytas"] == cmd.get("baralytas"):
            if o["card"] == cmd.get("card") or (o["card"] and cmd.get("card") in card_ids() and
                                                card(o["card"])["key"] == card(cmd["card"])["key"]
                                                and cmd["card"] in _concede_pool(state)):
                return True
    return False


def _concede_pool(state):
    pending = state.pending[0]
    player = state.players[pending.seat]
    return [c for c in pending.cards if c in player.hand] or list(player.hand)


def _same_mix(cmd, allowed, state, seat):
    """The same numbers of each card definition as an allowed set, from the seat's hand."""
    cards = cmd.get("cards")
    hand = list(state.players[seat].hand)
    if not isinstance(cards, list) or any(cards.count(c) > hand.count(c) for c in cards):
        return False
    mix = sorted(card(c)["key"] for c in cards)
    return any(o["type"] == cmd["type"] and sorted(card(c)["key"] for c in o["cards"]) == mix
               for o in allowed)


def _same_key(cmd, allowed):
    cid = cmd.get("card")
    return cid in card_ids() and any(o["type"] == cmd.get("type") and o.get("card")
                                     and card(o["card"])["key"] == card(cid)["key"]
                                     for o in allowed)


def card_ids():
    return CARDS


def _explain(state, seat, kind):
    if state.pending and state.pending[0].kind == "ward":
        refuse(state, "ward", ward=state.pending[0].ward.capitalize())
    if kind in (COMMIT.name, PLACE_CARD.name) and state.combat is not None \
            and not state.pending and placing(state, seat):
        _explain_placing(state, seat, kind)
    if kind not in {o["type"] for o in options(state, seat)}:
        refuse(state, "phase", phase="combat")  # not a choice the seat is being asked for
    if kind == DISCARD.name:
        count = state.pending[0].count
        if _discards_one_by_one(state.players[seat].hand, count):
            refuse(state, "discard_one", n=count)
        refuse(state, "discard_count", n=count)
    if kind in (MOVE_ON.name, STAY.name) and state.pending[0].kind == "onward":
        refuse(state, "onward", n=state.pending[0].count)
    if kind in (LEAVE_CONFLICT.name, STAY.name):
        refuse(state, "escape")
    if kind == DISPLACE.name:
        refuse(state, "displace_node")
    if kind == CONCEDE.name:
        refuse(state, "concede_choice",
               source="used in the combat" if state.pending[0].cards else "of your hand")
    if kind == COMMIT.name:
        sizes = _commit_sizes(state, seat)
        refuse(state, "commit_count", lo=min(sizes), hi=max(sizes))
    refuse(state, "react")


def _explain_placing(state, seat, kind):
    sizes = _commit_sizes(state, seat)
    if kind == COMMIT.name:
        refuse(state, "commit_placed", n=len(state.combat.placed), lo=min(sizes), hi=max(sizes))
    if len(state.combat.placed) >= max(sizes):
        refuse(state, "commit_count", lo=min(sizes), hi=max(sizes))
    refuse(state, "no_card")


def apply_choice(tx, seat, cmd):
    kind = cmd["type"]
    if tx.state.pending and tx.state.pending[0].kind == "ward":
        wards.decide(tx, seat, None if kind == ENDURE.name else cmd["card"])
    elif tx.state.pending and tx.state.pending[0].kind == "onward":
        move_on(tx, seat, cmd.get("path"))
    elif kind == COMMIT.name:
        fight.commit(tx, seat, cmd["cards"])
    elif kind == PLACE_CARD.name:
        tx.emit(CARD_PLACED, seat=seat, card=cmd["card"])
    elif kind == DODGE.name:
        fight.dodge(tx, seat, cmd["card"])
    elif kind in (EVADE.name, FAVORABLE_ZONE.name):
        fight.avoid_newaru(tx, seat, cmd["card"], kind)
    elif kind == CONCEDE.name:
        fight.concede(tx, seat, cmd["card"], cmd["node"], cmd["baralytas"])
    elif kind == DISCARD.name:
        owed = min(tx.state.pending[0].count, len(tx.state.players[seat].hand))
        fight.fatigue(tx, seat, cmd["cards"], left=owed - len(cmd["cards"]))
    elif kind == LEAVE_CONFLICT.name:
        fight.escape(tx, seat, cmd["card"], cmd["path"])
    elif kind == STAY.name:
        fight.escape(tx, seat, None, None)
    elif kind == DISPLACE.name:
        displace(tx, seat, cmd["node"])


def forced(tx):
    """Make the choice automatically when there is exactly one; True if one was made."""
    seat = chooser(tx.state)
    if tx.state.pending and tx.state.pending[0].kind == "ward":
        return False   # always the player's answer: a forced one would show they hold no card
    allowed = options(tx.state, seat)
    if len(allowed) != 1:
        return False
    if actions.before_combat(tx.state, seat) and (actions.play_commands(tx.state, seat)
                                                   or actions.remove_commands(tx.state, seat)):
        return False   # a hand action may still come before the only commitment
    apply_choice(tx, seat, allowed[0])
    return True
