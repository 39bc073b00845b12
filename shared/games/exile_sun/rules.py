"""Exile Sun rules: `decide` dispatches by phase, then the flow runs every transition the
command made due (rulebook p8: Budget, Move, Battle; p14: game over)."""
from shared.games.api import NotYourTurn
from shared.games.exile_sun import agendas, battle, budget, cycle, movement, setup as setup_rules
from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.budget import move_order
from shared.games.exile_sun.evolve import evolve
from shared.games.exile_sun.messages import MESSAGES
from shared.games.exile_sun.state import (ALLOCATE, BATTLE, BUILD, DRAFT, MOVE, OVER,
                                          PLACE_FLEETS, PLACE_SYSTEM, REGROUP, SHIFT, acting_seat)
from shared.games.kit import Transaction

setup = setup_rules.setup
_BUDGET = (DRAFT, ALLOCATE, SHIFT, BUILD)


def to_act(state):
    if state is None or state.phase == OVER:
        return ()
    if state.phase in _BUDGET:
        return budget.to_act(state)
    if state.phase == BATTLE:
        return battle.to_act(state)
    if state.phase == REGROUP:
        return cycle.to_act(state)
    seat = acting_seat(state)
    return () if seat is None else (seat,)


def legal_commands(state, seat):
    if seat is None or seat not in to_act(state):
        return []
    if state.phase in (PLACE_SYSTEM, PLACE_FLEETS):
        return setup_rules.legal(state, seat)
    if state.phase in _BUDGET:
        return budget.legal(state, seat)
    if state.phase == MOVE:
        return movement.legal(state, seat)
    if state.phase == BATTLE:
        return battle.legal(state, seat)
    return cycle.legal(state, seat)


def decide(state, seat, command, rng):
    """Check the command against the rules of the current step, then play out the flow."""
    if state.phase == OVER:
        MESSAGES.not_your_turn(over=True)
    if seat not in to_act(state):
        MESSAGES.not_your_turn()
    tx = Transaction(state, rng, evolve)
    if state.phase in (PLACE_SYSTEM, PLACE_FLEETS):
        setup_rules.decide(tx, seat, command)
    elif state.phase in _BUDGET:
        budget.decide(tx, seat, command)
    elif state.phase == MOVE:
        movement.decide(tx, seat, command)
    elif state.phase == BATTLE:
        battle.decide(tx, seat, command, agendas.after_battle)
    else:
        cycle.decide(tx, seat, command)
    _flow(tx)
    return tx.events


def _flow(tx):
    """Run transitions until some seat must act or the game is over."""
    for _ in range(10_000):
        if not _transition(tx):
            return
    raise RuntimeError("the flow does not settle")  # a bug, never a rule


def _transition(tx) -> bool:
    state = tx.state
    phase = state.phase
    if phase in (PLACE_SYSTEM, PLACE_FLEETS):
        if setup_rules.after_setup_step(tx):
            return True
        if phase == PLACE_FLEETS and state.turn >= len(state.order):
            tx.emit(v.STEP_BEGAN, phase=ALLOCATE, order=list(range(len(state.players))))
            return True
        return False
    if phase in _BUDGET:
        return budget.after_budget_step(tx)
    if phase == MOVE and state.turn >= len(state.order):
        order = move_order(state)
        ranked = sorted(state.battles, key=lambda pair: order.index(_owner(state, pair[0])))
        tx.emit(v.STEP_BEGAN, phase=BATTLE, order=order, battles=[list(p) for p in ranked])
        return True
    if phase == BATTLE:
        if state.battle is None:
            if state.battles:
                if battle.choosing(state) is not None:
                    return False  # the aggressor chooses its next battle (a command)
                battle.begin(tx, state.battles[0], agendas.after_battle)
            else:
                battle.claim_planets(tx)
                tx.emit(v.STEP_BEGAN, phase=REGROUP, order=list(range(len(state.players))))
            return True
        return battle.advance(tx, agendas.after_battle)
    if phase == REGROUP:
        return cycle.advance(tx)
    return False


def _owner(state, fleet_id):
    return next(f.owner for f in state.fleets if f.id == fleet_id)


def outcome(state):
    if state is None or state.result is None:
        return None
    reason, ranks, scores = state.result
    best = [s for s, r in enumerate(ranks) if r == 1]
    return {"ranks": list(ranks), "scores": list(scores), "reason": reason,
            "winner": best[0] if len(best) == 1 else None}


def pass_command(state, seat):
    """The clock's `skip`: end the move turn, decline an optional step."""
    if seat not in to_act(state):
        return None
    command = v.PASS()
    return command if command in legal_commands(state, seat) else None
