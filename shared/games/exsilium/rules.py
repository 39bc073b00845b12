"""Exsilium rules: decide, legal_commands, to_act and outcome over the rule-area modules."""
from shared.games.exsilium import actions, choices, factions, setup as table_setup
from shared.games.exsilium.evolve import evolve
from shared.games.exsilium.flow import advance, end_turn, start_round
from shared.games.exsilium.messages import not_your_turn, refuse
from shared.games.exsilium.state import BID, FACTION, OVER, START
from shared.games.exsilium.vocabulary import (
    ABILITY, ACCESS_UPGRADES, ACTIVATE, ACTIVATE_TERMINAL, BID as BID_COMMAND, BUY,
    CHOOSE_FACTION, CHOOSE_START, COMMIT, CONCEDE, CYCLE_UPGRADES, DISCARD, DISPLACE, DIVE, DODGE,
    DROP, END_TURN, ENDURE, MOVE_ON, EVADE, FAVORABLE_ZONE, LEAVE_CONFLICT, LEAVE_UPGRADES, MOVE, PLAY,
    PLACE_CARD, REMOVE_CARD, STAY)
from shared.games.kit import Transaction

setup = table_setup.setup


def to_act(state):
    """Who must act now: one seat, every seat still to bid, or nobody once over."""
    if state is None or state.phase == OVER:
        return ()
    if state.phase == FACTION:
        return tuple(s for s, p in enumerate(state.players) if p.faction is None)[:1]
    if state.phase == BID:
        return tuple(s for s in state.bidders if state.players[s].bid is None)
    if state.phase == START:
        return tuple(s for s in state.order if state.players[s].start is None)[:1]
    seat = choices.chooser(state)
    if seat is not None:
        return (seat,)
    return () if state.active is None else (state.active,)


_TURN = {MOVE.name: actions.do_move, ACTIVATE.name: actions.do_activate,
         PLAY.name: actions.do_play, DROP.name: actions.do_drop,
         REMOVE_CARD.name: actions.do_remove_card,
         ACTIVATE_TERMINAL.name: actions.do_activate_terminal,
         ACCESS_UPGRADES.name: actions.do_access, ABILITY.name: factions.do_ability}
_SESSION = {CYCLE_UPGRADES.name: actions.do_cycle, BUY.name: actions.do_buy,
            LEAVE_UPGRADES.name: actions.do_leave}
# Cards, Specific rule: "cards used as an action before a combat are discarded and can't be
# used for the combat": the player in turn may still use hand actions before revealing.
_BEFORE_COMBAT = (PLAY.name, REMOVE_CARD.name)
_CHOICE = tuple(c.name for c in (COMMIT, PLACE_CARD, DODGE, EVADE, FAVORABLE_ZONE, CONCEDE, DISCARD,
                                 LEAVE_CONFLICT, STAY, DISPLACE, DIVE, ENDURE, MOVE_ON))
_SETUP = {FACTION: (CHOOSE_FACTION.name, table_setup.do_faction),
          BID: (BID_COMMAND.name, table_setup.do_bid),
          START: (CHOOSE_START.name, table_setup.do_start)}


def decide(state, seat, command, rng):
    """Check a command from `seat` and return the events it causes (with their chance); its
    shape was checked against the vocabulary before (kit.checked_decide)."""
    if state is None or state.phase == OVER:
        not_your_turn(state, over=True)
    if seat not in to_act(state):
        not_your_turn(state)
    kind = command["type"]
    tx = Transaction(state, rng, evolve)
    if state.phase in _SETUP:
        name, handler = _SETUP[state.phase]
        if kind != name:
            refuse(state, "phase", phase=state.phase)
        handler(tx, seat, command)
        if state.phase == START and not to_act(tx.state):
            start_round(tx)
            advance(tx)
        return tx.events
    _play(tx, seat, kind, command)
    advance(tx)
    return tx.events


def _play(tx, seat, kind, command):
    state = tx.state
    if choices.chooser(state) is not None:
        if kind in _BEFORE_COMBAT and actions.before_combat(state, seat):
            _TURN[kind](tx, seat, command)
        elif kind in _TURN and actions.before_combat(state, seat) or \
                kind in _BEFORE_COMBAT and choices.chooser(state) == seat and state.combat:
            refuse(state, "combat_action")
        elif kind not in _CHOICE:
            refuse(state, "phase", phase="combat")
        else:
            choices.decide_choice(tx, seat, command)
    elif state.turn.session is not None:
        if kind not in _SESSION:
            refuse(state, "session")
        _SESSION[kind](tx, seat, command)
    elif kind == END_TURN.name:
        if state.players[seat].hand and _card_commands(state, seat):
            refuse(state, "hand_not_empty")
        end_turn(tx)
    elif kind in _TURN:
        _TURN[kind](tx, seat, command)
    elif kind in _SESSION:
        refuse(state, "no_session")
    else:
        refuse(state, "phase", phase="turn")


def _card_commands(state, seat):
    return (actions.move_commands(state, seat) + actions.activate_commands(state, seat)
            + actions.play_commands(state, seat) + actions.drop_commands(state, seat)
            + actions.remove_commands(state, seat))


def legal_commands(state, seat):
    """Every command the seat may send now (long moves: one path per destination)."""
    if seat not in to_act(state):
        return []
    if state.phase == FACTION:
        return table_setup.faction_commands(state, seat)
    if state.phase == BID:
        return table_setup.bid_commands(state, seat)
    if state.phase == START:
        return table_setup.start_commands(state, seat)
    if choices.chooser(state) is not None:
        if actions.before_combat(state, seat):
            return (choices.options(state, seat) + actions.play_commands(state, seat)
                    + actions.remove_commands(state, seat))
        return choices.options(state, seat)
    if state.turn.session is not None:
        return actions.session_commands(state, seat)
    cards = _card_commands(state, seat)
    tokens = ([ACTIVATE_TERMINAL(node=n)
               for n in actions.terminal_activations(state, seat)]
              + actions.access_commands(state, seat) + factions.ability_commands(state, seat))
    ending = [END_TURN()] if not cards else []
    return cards + tokens + ending


def outcome(state):
    """None while playing; ranks, scores (Baralytas points) and winner once over."""
    return None if state is None or state.result is None else dict(state.result)
