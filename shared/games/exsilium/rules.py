"""Exsilium rules: decide, legal_commands, to_act and outcome over the rule-area modules."""
from shared.games.exsilium import actions, choices, factions, setup as table_setup
from shared.games.exsilium.commands import shape_problem
from shared.games.exsilium.flow import advance, end_turn, start_round
from shared.games.exsilium.messages import not_your_turn, refuse
from shared.games.exsilium.state import BID, FACTION, OVER, PLAY, START
from shared.games.exsilium.table import Tx

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


_TURN = {"move": actions.do_move, "activate": actions.do_activate, "play": actions.do_play,
         "drop": actions.do_drop, "remove_card": actions.do_remove_card,
         "activate_terminal": actions.do_activate_terminal,
         "access_upgrades": actions.do_access, "ability": factions.do_ability}
_SESSION = {"cycle_upgrades": actions.do_cycle, "buy": actions.do_buy,
            "leave_upgrades": actions.do_leave}
# Cards, Specific rule: "cards used as an action before a combat are discarded and can't be
# used for the combat": the player in turn may still use hand actions before revealing.
_BEFORE_COMBAT = ("play", "remove_card")
_CHOICE = ("commit", "dodge", "evade", "favorable_zone", "concede", "discard",
           "leave_conflict", "stay", "displace")
_SETUP = {FACTION: ("choose_faction", table_setup.do_faction), BID: ("bid", table_setup.do_bid),
          START: ("choose_start", table_setup.do_start)}
ALL = set(_TURN) | set(_SESSION) | set(_CHOICE) | {"end_turn", "choose_faction", "bid",
                                                   "choose_start"}


def decide(state, seat, command, rng):
    """Check a command from `seat` and return the events it causes (with their chance)."""
    if state is None or state.phase == OVER:
        not_your_turn(state, "over")
    if seat not in to_act(state):
        not_your_turn(state)
    kind = command.get("type") if isinstance(command, dict) else None
    if not isinstance(kind, str) or kind not in ALL:
        refuse(state, "unknown", kind=kind)
    if shape_problem(command, state.options.get("upgrade_discard", "one")):
        refuse(state, "shape", kind=kind)
    tx = Tx(state, rng)
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
    elif kind == "end_turn":
        if state.players[seat].hand and _card_commands(state, seat):
            refuse(state, "end_turn")
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
    tokens = ([{"type": "activate_terminal", "node": n}
               for n in actions.terminal_activations(state, seat)]
              + actions.access_commands(state, seat) + factions.ability_commands(state, seat))
    ending = [{"type": "end_turn"}] if not cards else []
    return cards + tokens + ending


def outcome(state):
    """None while playing; ranks, scores (Baralytas points) and winner once over."""
    return None if state is None or state.result is None else dict(state.result)
