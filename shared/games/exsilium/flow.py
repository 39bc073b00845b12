"""Rounds and turns (rulebook, Round summary, Gameplay, Actions): draw to 4 at the start of a
round, turns in bid order, combats as soon as miniatures meet, enemy activation after each turn.
`advance` runs everything that happens without a choice, until some seat must act.
"""
from shared.games.exsilium import combat, newaru
from shared.games.exsilium.actions import ability_ready, terminal_activations
from shared.games.exsilium.board import around, tile_pos
from shared.games.exsilium.choices import forced
from shared.games.exsilium.components import HAND_SIZE
from shared.games.exsilium.deck import draw
from shared.games.exsilium.fate import result
from shared.games.exsilium.state import PLAY, figures, points
from shared.games.exsilium.table import foes_of, movable
from shared.games.exsilium.vocabulary import MATCH_ENDED, ROUND_STARTED, TURN_ENDED, TURN_STARTED


def start_round(tx):
    state = tx.state
    if state.round >= state.options["max_rounds"]:
        tx.emit(MATCH_ENDED, result=result(state, None, "round_limit"))
        return
    tx.emit(ROUND_STARTED, round=state.round + 1)
    for seat in state.order:
        missing = HAND_SIZE - len(tx.state.players[seat].hand)
        if missing > 0:
            draw(tx, seat, missing)
    tx.emit(TURN_STARTED, seat=state.order[0])


def end_turn(tx):
    """Enemy activation, then the next player's turn (or a new round)."""
    seat = tx.state.active
    newaru.activate(tx)
    tx.emit(TURN_ENDED, seat=seat)
    order = tx.state.order
    i = order.index(seat)
    if i + 1 < len(order):
        tx.emit(TURN_STARTED, seat=order[i + 1])
    else:
        start_round(tx)


def find_combat(state):
    """The first miniature of the seat in turn next to a foe (not under truce)."""
    seat = state.active
    figs = figures(state)
    for mini in movable(state, seat):
        node = state.players[seat].minis[mini]
        for _, fig in foes_of(state, seat, node, figs):
            if (mini, fig) not in state.turn.truce:
                return mini, fig
    return None


def can_act_without_cards(state, seat):
    return bool(terminal_activations(state, seat)) or ability_ready(state, seat)


def advance(tx):
    """Apply everything that needs no choice, until a seat must act or the match is over."""
    while True:
        state = tx.state
        if state.phase != PLAY or state.result is not None:
            return
        if state.pending:
            if not forced(tx):
                return
            continue
        if state.combat is not None:
            if not forced(tx):
                return
            continue
        if state.active is None:
            start_round(tx)
            continue
        found = find_combat(state)
        if found:
            mini, foe = found
            node = state.players[state.active].minis[mini]
            combat.start(tx, mini, foe, tile_pos(node) not in state.turn.moved_tiles)
            continue
        if state.turn.session is None and not state.players[state.active].hand \
                and not can_act_without_cards(state, state.active):
            end_turn(tx)
            continue
        return
