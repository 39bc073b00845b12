"""Exsilium evolve: one small function per event type. Trusts every event; never fails."""
from shared.games.kit.frozen import replace

from shared.games.exsilium.board import parse_pos, tile_nodes, tile_pos
from shared.games.exsilium.state import (
    BID, OVER, PLAY, START, Combat, Pending, Player, State, Turn, with_player)
from shared.games.exsilium.vocabulary import (
    ABILITY_RELEASED, ABILITY_UNLEASHED, BARALYTAS_COLLECTED, BARALYTAS_GIVEN,
    BARALYTAS_RETURNED, BIDS_REVEALED, BID_PLACED, CARDS_BOUGHT, CARDS_COMMITTED, CARD_PLACED,
    CARDS_DISCARDED, CARDS_DRAWN, CARDS_FATIGUED, CARD_CONCEDED, CARD_DROPPED, CARD_REMOVED,
    CARD_SWAPPED, CARD_USED, CHOICE_OWED, COMBAT_AVOIDED, COMBAT_REVEALED, COMBAT_STARTED,
    COMBAT_WON, CONTROL_WITHDRAWN, DECK_RESHUFFLED, ENEMY_ACTION_REVEALED, ESCAPE_DECIDED,
    FACTION_CHOSEN, FRONTIER_BLOCKED, HOLE_OPENED, HOLOGRAM_RESOLVED, HOLOGRAM_SET,
    MARKER_PICKED_UP, MATCH_ENDED, MATCH_SET_UP, MINE_DETONATED, MINIATURE_ACTIVATED,
    MINIATURE_DEFEATED, MINIATURE_DISPLACED, MINIATURE_MOVED, MINIATURE_TRAPPED, NEWARU_MOVED,
    NEWARU_REMOVED, NEWARU_SPAWNED, OUTCOME_DRAWN, REWARD_TAKEN, ROUND_STARTED, SLOT_FILLED,
    START_CHOSEN, TERMINAL_CONTROLLED, TERMINAL_TOKEN_GIVEN, TERMINAL_TOKEN_TAKEN,
    TILE_REVEALED, TOKENS_PAID, TURN_ENDED, TURN_STARTED, UPGRADE_ACCESSED, UPGRADE_CYCLED,
    UPGRADE_LEFT, WARD_DECIDED, MOVE_RESUMED)


def _without(items, *gone):
    """A tuple with one occurrence of each of `gone` removed."""
    out = list(items)
    for item in gone:
        out.remove(item)
    return tuple(out)


def _remove_one(items, item):
    out = list(items)
    out.remove(item)
    return tuple(out)


def _match_set_up(state, d):
    placed = {parse_pos(k): v for k, v in d["placed"].items()}
    kinds = {}
    for pos, tile in placed.items():
        kinds.update(tile_nodes(tile, pos))
    players = tuple(Player(deck=tuple(d["decks"][str(s)])) for s in range(d["seats"]))
    return State(options=dict(d["options"]), seats=d["seats"], players=players, placed=placed,
                 facedown=frozenset(parse_pos(p) for p in d["facedown"]),
                 stack=tuple(d["stack"]), kinds=kinds,
                 terminal_tokens=frozenset(d["terminal_tokens"]),
                 upgrade_deck=tuple(d["upgrade_deck"]), row=tuple(d["row"]),
                 enemy_decks={k: tuple(v) for k, v in d["enemy_decks"].items()},
                 outcome_deck=tuple(d["outcome"]), baralytas_deck=tuple(d["baralytas"]),
                 terminal_reserve=d["terminal_reserve"], order=tuple(range(d["seats"])))


def _faction_chosen(state, d):
    state = with_player(state, d["seat"], faction=d["faction"])
    if all(p.faction for p in state.players):
        return replace(state, phase=BID, bidders=tuple(range(state.seats)))
    return state


def _bid_placed(state, d):
    return with_player(state, d["seat"], bid=d.get("amount", -1))


def _bids_revealed(state, d):
    state = replace(state, revealed={**state.revealed, "bids": dict(d["bids"])})
    tied = set(d["tied"])
    for seat_key, amount in d["bids"].items():
        seat = int(seat_key)
        player = state.players[seat]
        paid = 0 if seat in tied else amount
        state = with_player(state, seat, tokens=player.tokens - paid, bid=None)
        state = replace(state, pool=state.pool + paid)
    if d["first"] is None:
        return replace(state, bidders=tuple(sorted(tied)), tied_bids=state.tied_bids + 1)
    first = d["first"]
    order = tuple((first + i) % state.seats for i in range(state.seats))
    return replace(state, phase=START, bidders=(), order=order, tied_bids=0)


def _start_chosen(state, d):
    """The starting tile is marked with one of the faction's 10 tokens (rulebook, Game board)."""
    player = state.players[d["seat"]]
    return with_player(state, d["seat"], start=d["node"], tokens=player.tokens - 1)


def _round_started(state, d):
    return replace(state, phase=PLAY, round=d["round"], active=None)


def _deck_reshuffled(state, d):
    player = state.players[d["seat"]]
    return with_player(state, d["seat"], deck=tuple(sorted(player.deck + player.discard)),
                       discard=())


def _cards_drawn(state, d):
    player = state.players[d["seat"]]
    return with_player(state, d["seat"], deck=_without(player.deck, *d["cards"]),
                       hand=player.hand + tuple(d["cards"]))


def _turn_started(state, d):
    return replace(state, active=d["seat"], turn=Turn())


def _card_used(state, d):
    player = state.players[d["seat"]]
    return with_player(state, d["seat"], hand=_remove_one(player.hand, d["card"]),
                       discard=player.discard + (d["card"],))


def _card_removed(state, d):
    player = state.players[d["seat"]]
    zone = d["zone"]
    return with_player(state, d["seat"], **{zone: _remove_one(getattr(player, zone), d["card"])})


def _cards_discarded(state, d):
    player = state.players[d["seat"]]
    return with_player(state, d["seat"], hand=_without(player.hand, *d["cards"]),
                       discard=player.discard + tuple(d["cards"]))


def _card_swapped(state, d):
    player = state.players[d["seat"]]
    return with_player(state, d["seat"],
                       hand=_remove_one(player.hand, d["give"]) + (d["take"],),
                       discard=_remove_one(player.discard, d["take"]) + (d["give"],))


def _tokens_paid(state, d):
    player = state.players[d["seat"]]
    # A token on an ability slot goes back to its owner on release; one for anything else
    # stays in the game pool.
    in_slot = d["count"] if d.get("why") == "ability_slot" else 0
    state = with_player(state, d["seat"], tokens=player.tokens - d["count"],
                        slot_tokens=player.slot_tokens + in_slot)
    return replace(state, pool=state.pool + d["count"])


def _miniature_activated(state, d):
    player = state.players[d["seat"]]
    minis = list(player.minis)
    minis[d["mini"]] = d["node"]
    return with_player(state, d["seat"], minis=tuple(minis),
                       board=_remove_one(player.board, d["mini"]),
                       fallen=player.fallen - {d["mini"]})


def _miniature_moved(state, d):
    player = state.players[d["seat"]]
    minis = list(player.minis)
    minis[d["mini"]] = d["to"]
    left = player.left_terminals
    if state.kinds.get(d["from"]) == "T":
        left = left | {d["from"]}    # Control a terminal: only the first time it is left
    state = with_player(state, d["seat"], minis=tuple(minis), left_terminals=left)
    if d["seat"] != state.active:
        return state
    tiles = state.turn.moved_tiles | {tile_pos(d["from"]), tile_pos(d["to"])}
    ended = state.turn.ended_tiles | ({tile_pos(d["to"])} if d.get("end") else set())
    return replace(state, turn=replace(state.turn, moved_tiles=tiles, ended_tiles=ended))


def _frontier_blocked(state, d):
    return state


def _tile_revealed(state, d):
    pos = parse_pos(d["pos"])
    kinds = {**state.kinds, **tile_nodes(d["tile"], pos)}
    deposits = {**state.deposits, **{int(k): (v,) for k, v in d["baralytas"].items()}}
    newaru = {**state.newaru, **{int(k): v for k, v in d["newaru"].items()}}
    return replace(state, placed={**state.placed, pos: d["tile"]},
                   facedown=state.facedown - {pos}, stack=_remove_one(state.stack, d["tile"]),
                   kinds=kinds, deposits=deposits, newaru=newaru,
                   terminal_tokens=state.terminal_tokens | set(d["terminals"]),
                   terminal_reserve=state.terminal_reserve - len(d["terminals"]),
                   baralytas_deck=_without(state.baralytas_deck, *d["baralytas"].values()))


def _baralytas_collected(state, d):
    player = state.players[d["seat"]]
    deposits = dict(state.deposits)
    del deposits[d["node"]]
    state = replace(state, deposits=deposits)
    return with_player(state, d["seat"], baralytas=player.baralytas + tuple(d["values"]))


def _terminal_token_taken(state, d):
    player = state.players[d["seat"]]
    state = replace(state, terminal_tokens=state.terminal_tokens - {d["node"]})
    return with_player(state, d["seat"], terminal_tokens=player.terminal_tokens + 1)


def _terminal_controlled(state, d):
    player = state.players[d["seat"]]
    state = with_player(state, d["seat"], tokens=player.tokens - 1)
    return replace(state, control={**state.control, d["node"]: d["seat"]})


def _control_withdrawn(state, d):
    control = dict(state.control)
    del control[d["node"]]
    return replace(state, control=control, pool=state.pool + 1)


def _card_dropped(state, d):
    seat, face, card = d["seat"], d["face"], d["card"]
    player = state.players[seat]
    state = with_player(state, seat, hand=_remove_one(player.hand, card),
                        tokens=player.tokens - 1)
    marker = (seat, None if face == "supply" else card, face)
    supply = state.supply + ((card,) if face == "supply" else ())
    return replace(state, markers={**state.markers, d["node"]: marker}, supply=supply)


def _marker_picked_up(state, d):
    markers = dict(state.markers)
    del markers[d["node"]]
    supply = state.supply[:-1] if d["source"] == "supply" and d["card"] else state.supply
    state = replace(state, markers=markers, supply=supply, pool=state.pool + 1)
    if not d["card"]:
        return state
    player = state.players[d["seat"]]
    return with_player(state, d["seat"], hand=player.hand + (d["card"],))


def _mine_detonated(state, d):
    markers = dict(state.markers)
    del markers[d["node"]]
    owner = state.players[d["owner"]]
    state = with_player(state, d["owner"], discard=owner.discard + (d["card"],))
    return replace(state, markers=markers, pool=state.pool + 1)


def _miniature_defeated(state, d):
    seat, mini = d["seat"], d["mini"]
    player = state.players[seat]
    minis = list(player.minis)
    minis[mini] = None
    state = with_player(state, seat, minis=tuple(minis), board=player.board + (mini,),
                        fallen=player.fallen | {mini})
    hologram = state.turn.hologram
    if seat == state.active and hologram and hologram[0] == mini:
        state = replace(state, turn=replace(state.turn, hologram=None))
        state = with_player(state, seat, tokens=state.players[seat].tokens + 1,
                            discard=state.players[seat].discard + (hologram[2],))
    return state


def _ability_released(state, d):
    """Release: the tokens on the ability slots go back to the reserve; a slot paid with a
    card (SYL Drone Uplink) gives nothing back (rulebook, Release ability)."""
    player = state.players[d["seat"]]
    state = with_player(state, d["seat"], tokens=player.tokens + player.slot_tokens, slots=0,
                        slot_tokens=0, trapped=None)
    return replace(state, pool=state.pool - player.slot_tokens)


def _newaru_removed(state, d):
    newaru = dict(state.newaru)
    del newaru[d["id"]]
    return replace(state, newaru=newaru)


def _newaru_moved(state, d):
    return replace(state, newaru={**state.newaru, d["id"]: d["to"]})


def _combat_started(state, d):
    state = replace(state, revealed={k: v for k, v in state.revealed.items() if k == "bids"})
    return replace(state, combat=Combat(kind=d["kind"], attacker=d["attacker"], mini=d["mini"],
                                        foe=tuple(d["foe"]), stage=d["stage"],
                                        newaru_first=d.get("newaru_first", False)))


def _cards_committed(state, d):
    combat = replace(state.combat, placed=())
    if d["seat"] == combat.attacker and combat.stage == "intimidation":
        combat = replace(combat, committed=tuple(d.get("cards", ())), stage="replica")
    return replace(state, combat=combat)


def _card_placed(state, d):
    combat = state.combat
    return replace(state, combat=replace(combat, placed=combat.placed + (d.get("card"),)))


def _combat_avoided(state, d):
    truce = state.turn.truce | {(d["mini"], tuple(d["foe"]))}
    return replace(state, combat=None, turn=replace(state.turn, truce=truce))


def _combat_revealed(state, d):
    return replace(state, revealed={**state.revealed, "combat": dict(d), "outcomes": []})


def _outcome_drawn(state, d):
    deck = state.outcome_deck if not d["reshuffled"] else tuple(d["deck"])
    state = replace(state, outcome_deck=_remove_one(deck, d["value"]), revealed={
        **state.revealed, "outcomes": state.revealed.get("outcomes", []) + [
            [d["side"], d["value"]]]})
    if d.get("to_bonus"):
        state = replace(state, combat=replace(state.combat, bonus=state.combat.bonus + d["value"]))
    return state


def _enemy_action_revealed(state, d):
    decks = dict(state.enemy_decks)
    deck = tuple(d["deck"]) if d["reshuffled"] else decks[d["level"]]
    decks[d["level"]] = _remove_one(deck, d["card"])
    combat = replace(state.combat, enemy=d["card"], bonus=state.combat.bonus + d.get("bonus", 0))
    return replace(state, enemy_decks=decks, combat=combat)


def _combat_won(state, d):
    return replace(state, combat=None)


def _reward_taken(state, d):
    player = state.players[d["seat"]]
    state = with_player(state, d["seat"], tokens=player.tokens + d["faction_tokens"],
                        terminal_tokens=player.terminal_tokens + d["terminal_tokens"])
    return replace(state, pool=state.pool - d["faction_tokens"],
                   terminal_reserve=state.terminal_reserve - d["terminal_tokens"])


def _terminal_token_given(state, d):
    giver, taker = state.players[d["from"]], state.players[d["to"]]
    state = with_player(state, d["from"], terminal_tokens=giver.terminal_tokens - 1)
    return with_player(state, d["to"], terminal_tokens=taker.terminal_tokens + 1)


def _baralytas_given(state, d):
    giver, taker = state.players[d["from"]], state.players[d["to"]]
    state = with_player(state, d["from"], baralytas=_remove_one(giver.baralytas, d["value"]))
    return with_player(state, d["to"], baralytas=taker.baralytas + (d["value"],))


def _baralytas_returned(state, d):
    player = state.players[d["seat"]]
    state = with_player(state, d["seat"], baralytas=_remove_one(player.baralytas, d["value"]))
    on = state.deposits.get(d["node"], ())
    return replace(state, deposits={**state.deposits, d["node"]: on + (d["value"],)})


def _choice_owed(state, d):
    pending = Pending(kind=d["kind"], seat=d["seat"], count=d.get("count", 0),
                      tile=tuple(d["tile"]) if d.get("tile") else None,
                      cards=tuple(d.get("cards", ())), give_to=d.get("give_to"),
                      node=d.get("node"), winner_node=d.get("winner_node"), mini=d.get("mini"),
                      figure=tuple(d["figure"]) if d.get("figure") else None,
                      victims=tuple(tuple(v) for v in d.get("victims", ())),
                      ward=d.get("ward"), concede=d.get("concede", False))
    state = replace(state, pending=state.pending + (pending,))
    if d["kind"] == "onward" and d["seat"] == state.active:
        # The move that revealed this tile may go on: it has not ended there (yet). No other
        # move ended on the tile this turn: it was face down until this step.
        here = tile_pos(state.players[d["seat"]].minis[d["mini"]])
        state = replace(state, turn=replace(state.turn,
                                            ended_tiles=state.turn.ended_tiles - {here}))
    return state


def _escape_decided(state, d):
    return replace(state, pending=state.pending[1:])


def _ward_decided(state, d):
    return replace(state, pending=state.pending[1:])


def _move_resumed(state, d):
    """The onward choice settled: staying ends the move on the revealed tile."""
    state = replace(state, pending=state.pending[1:])
    if d.get("path") is None and d["seat"] == state.active:
        here = tile_pos(state.players[d["seat"]].minis[d["mini"]])
        state = replace(state, turn=replace(state.turn,
                                            ended_tiles=state.turn.ended_tiles | {here}))
    return state


def _miniature_displaced(state, d):
    """Vinsan hole: a miniature on a destroyed node goes to a node of the Vinsan's choice."""
    state = replace(state, pending=state.pending[1:])
    figure = d["figure"]
    if figure[0] == "newaru":
        return replace(state, newaru={**state.newaru, figure[1]: d["to"]})
    owner = state.players[figure[1]]
    minis = list(owner.minis)
    minis[figure[2]] = d["to"]
    return with_player(state, figure[1], minis=tuple(minis))


def _card_conceded(state, d):
    seat = d["seat"]
    state = replace(state, pending=state.pending[1:])
    if d["card"]:
        player = state.players[seat]
        state = with_player(state, seat, hand=_remove_one(player.hand, d["card"]))
        state = replace(state, supply=state.supply + (d["card"],))
    if d["node"] is None:
        return state
    if d["from_pool"]:
        state = replace(state, pool=state.pool - 1)
    else:
        state = with_player(state, seat, tokens=state.players[seat].tokens - 1)
    return replace(state, markers={**state.markers, d["node"]: (seat, None, "supply")})


def _cards_fatigued(state, d):
    state = _cards_discarded(state, d)
    if d["left"]:
        owed = replace(state.pending[0], count=d["left"])
        return replace(state, pending=(owed,) + state.pending[1:])
    return replace(state, pending=state.pending[1:])


def _slot_filled(state, d):
    player = state.players[d["seat"]]
    state = with_player(state, d["seat"], slots=player.slots + 1)
    return replace(state, turn=replace(state.turn, slot_used=True))


def _ability_unleashed(state, d):
    return state


def _hole_opened(state, d):
    player = state.players[d["seat"]]
    state = with_player(state, d["seat"], holes_left=player.holes_left - 1)
    cleared = state.cleared | {tuple(tuple(p) for p in key) for key in d["cleared"]}
    for kind, ident, _, to in d["displaced"]:
        if kind == "newaru":
            state = replace(state, newaru={**state.newaru, ident[0]: to})
        else:
            owner = state.players[ident[0]]
            minis = list(owner.minis)
            minis[ident[1]] = to
            state = with_player(state, ident[0], minis=tuple(minis))
    return replace(state, holes=state.holes | set(d["destroyed"]),
                   hole_tokens=state.hole_tokens + (d["anchor"],), cleared=cleared)


def _miniature_trapped(state, d):
    return with_player(state, d["seat"], trapped=tuple(d["target"]))


def _hologram_set(state, d):
    player = state.players[d["seat"]]
    state = with_player(state, d["seat"], tokens=player.tokens - 1,
                        hand=_remove_one(player.hand, d["card"]))
    return replace(state, turn=replace(state.turn, hologram=(d["mini"], d["origin"], d["card"])))


def _hologram_resolved(state, d):
    seat = d["seat"]
    player = state.players[seat]
    minis = list(player.minis)
    if d["to"] is not None:
        minis[d["mini"]] = d["to"]
    state = with_player(state, seat, minis=tuple(minis), tokens=player.tokens + 1,
                        discard=player.discard + (d["card"],))
    return replace(state, turn=replace(state.turn, hologram=None))


def _upgrade_accessed(state, d):
    return replace(state, turn=replace(state.turn, session="open"))


def _refill(state, slots, new):
    row = list(state.row)
    for slot, card in zip(slots, new):
        row[slot] = card
    drawn = [card for card in new if card]
    return replace(state, row=tuple(row), upgrade_deck=_without(state.upgrade_deck, *drawn))


def _upgrade_cycled(state, d):
    state = _refill(state, d["slots"], d["new"])
    return replace(state, turn=replace(state.turn, session="cycled"))


def _cards_bought(state, d):
    player = state.players[d["seat"]]
    bought = [state.row[slot] for slot in d["slots"]]
    state = with_player(state, d["seat"], hand=_without(player.hand, *d["paid"]) + tuple(bought),
                        discard=player.discard + tuple(d["paid"]))
    state = _refill(state, d["slots"], d["new"])
    return replace(state, turn=replace(state.turn, session=None))


def _upgrade_left(state, d):
    return replace(state, turn=replace(state.turn, session=None))


def _turn_ended(state, d):
    return replace(state, active=None, turn=Turn())


def _match_ended(state, d):
    return replace(state, phase=OVER, active=None, combat=None, pending=(), bidders=(),
                   result=d["result"])


# Event type -> the function that folds it (an explicit table: STYLE.md, no magic).
_APPLY = {
    MATCH_SET_UP.name: _match_set_up,
    FACTION_CHOSEN.name: _faction_chosen,
    BID_PLACED.name: _bid_placed,
    BIDS_REVEALED.name: _bids_revealed,
    START_CHOSEN.name: _start_chosen,
    ROUND_STARTED.name: _round_started,
    DECK_RESHUFFLED.name: _deck_reshuffled,
    CARDS_DRAWN.name: _cards_drawn,
    TURN_STARTED.name: _turn_started,
    CARD_USED.name: _card_used,
    CARD_REMOVED.name: _card_removed,
    CARDS_DISCARDED.name: _cards_discarded,
    CARD_SWAPPED.name: _card_swapped,
    TOKENS_PAID.name: _tokens_paid,
    MINIATURE_ACTIVATED.name: _miniature_activated,
    MINIATURE_MOVED.name: _miniature_moved,
    FRONTIER_BLOCKED.name: _frontier_blocked,
    TILE_REVEALED.name: _tile_revealed,
    BARALYTAS_COLLECTED.name: _baralytas_collected,
    TERMINAL_TOKEN_TAKEN.name: _terminal_token_taken,
    TERMINAL_CONTROLLED.name: _terminal_controlled,
    CONTROL_WITHDRAWN.name: _control_withdrawn,
    CARD_DROPPED.name: _card_dropped,
    MARKER_PICKED_UP.name: _marker_picked_up,
    MINE_DETONATED.name: _mine_detonated,
    MINIATURE_DEFEATED.name: _miniature_defeated,
    ABILITY_RELEASED.name: _ability_released,
    NEWARU_REMOVED.name: _newaru_removed,
    NEWARU_MOVED.name: _newaru_moved,
    COMBAT_STARTED.name: _combat_started,
    CARDS_COMMITTED.name: _cards_committed,
    CARD_PLACED.name: _card_placed,
    COMBAT_AVOIDED.name: _combat_avoided,
    COMBAT_REVEALED.name: _combat_revealed,
    OUTCOME_DRAWN.name: _outcome_drawn,
    ENEMY_ACTION_REVEALED.name: _enemy_action_revealed,
    COMBAT_WON.name: _combat_won,
    REWARD_TAKEN.name: _reward_taken,
    TERMINAL_TOKEN_GIVEN.name: _terminal_token_given,
    BARALYTAS_GIVEN.name: _baralytas_given,
    BARALYTAS_RETURNED.name: _baralytas_returned,
    CHOICE_OWED.name: _choice_owed,
    CARD_CONCEDED.name: _card_conceded,
    CARDS_FATIGUED.name: _cards_fatigued,
    SLOT_FILLED.name: _slot_filled,
    ABILITY_UNLEASHED.name: _ability_unleashed,
    HOLE_OPENED.name: _hole_opened,
    MINIATURE_TRAPPED.name: _miniature_trapped,
    HOLOGRAM_SET.name: _hologram_set,
    HOLOGRAM_RESOLVED.name: _hologram_resolved,
    UPGRADE_ACCESSED.name: _upgrade_accessed,
    UPGRADE_CYCLED.name: _upgrade_cycled,
    CARDS_BOUGHT.name: _cards_bought,
    UPGRADE_LEFT.name: _upgrade_left,
    TURN_ENDED.name: _turn_ended,
    MATCH_ENDED.name: _match_ended,
    NEWARU_SPAWNED.name: _newaru_moved,
    ESCAPE_DECIDED.name: _escape_decided,
    WARD_DECIDED.name: _ward_decided,
    MOVE_RESUMED.name: _move_resumed,
    MINIATURE_DISPLACED.name: _miniature_displaced,
}


def evolve(state, event):
    """Apply one Exsilium event to the state (None before the first event)."""
    return _APPLY[event["type"]](state, event["data"])


def fold(state, events):
    for event in events:
        state = evolve(state, event)
    return state
