"""Nexum rules: who acts, what each seat may do, decide, and the outcome."""
from __future__ import annotations

from shared.games.api import NotYourTurn
from shared.games.kit import Transaction
from shared.games.nexum import (board, campaign, civilizations, cloaking, exploration, flow,
                                management, movement, technology, wormholes)
from shared.games.nexum import vocabulary as V
from shared.games.nexum.components import PHASE_CARDS
from shared.games.nexum.evolve import evolve
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.setup import setup  # noqa: F401 - part of the engine surface

refuse = MESSAGES.refuse


def to_act(state) -> tuple:
    if state.stage == "over":
        return ()
    if state.stage in ("event_play", "civilize"):
        return (state.queue[0],) if state.queue else ()
    if state.stage == "choose":
        return tuple(f for f in flow.seats_in_play(state) if f not in state.chosen)
    acting = state.acting
    return (acting,) if acting is not None and state.phases else ()


def _available_cards(state, faction: int) -> list:
    return [c for c in PHASE_CARDS if c not in state.used[faction]]


def legal_commands(state, seat) -> list:
    if seat is None or seat not in to_act(state):
        return []
    if state.stage == "event_play":
        return [V.PASS_EVENT()] + [V.PLAY_EVENT(card=c, slot=s) for c in sorted(set(state.hands[seat]))
                                   for s in range(len(state.row))]
    if state.stage == "civilize":
        return civilizations.choices(state, seat)
    if state.stage == "choose":
        return [V.CHOOSE_PHASE(card=c, bid=b) for c in _available_cards(state, seat)
                for b in range(min(state.energy[seat], 35) + 1)]
    if state.exploring:
        return exploration.legal_actions(state, seat)
    out = [V.END_PHASE()] + technology.legal_actions(state, seat) + \
        exploration.legal_actions(state, seat) + cloaking.legal_actions(state, seat) + \
        civilizations.legal_actions(state, seat) + campaign.legal_actions(state, seat)
    if state.phases[0] == "movement":
        return out + movement.legal_moves(state, seat) + wormholes.legal_jumps(state, seat)
    return out + management.legal_replications(state, seat)


def decide(state, seat, command, rng):
    """Check the command against the rules for `seat`, then run on to the next decision."""
    if seat not in to_act(state):
        MESSAGES.not_your_turn(over=state.stage == "over")
    tx = Transaction(state, rng, evolve)
    _HANDLERS[command["type"]](tx, seat, command)
    flow.advance(tx)
    return tx.events


def _stage(state, *stages) -> None:
    if state.stage not in stages:
        refuse("wrong_stage", now=_stage_words(state))


def _stage_words(state) -> str:
    return {"event_play": "factions are playing event cards on the Action Row",
            "civilize": "seats are choosing their civilization cards",
            "choose": "factions are choosing their phase cards",
            "turn": "factions are playing their turns"}.get(state.stage, state.stage)


def _choose_phase(tx, seat, command):
    state = tx.state
    _stage(state, "choose")
    if command["card"] not in _available_cards(state, seat):
        refuse("phase_used", card=command["card"])
    if command["bid"] > state.energy[seat]:
        refuse("bid_too_high", bid=command["bid"], energy=state.energy[seat])
    tx.emit(V.PHASE_CHOSEN, faction=seat, card=command["card"], bid=command["bid"])


def _after_decision(state, seat, played: bool) -> list:
    """Who still decides on the row: after the first card played, every other faction with
    cards gets a chance, in turn order, even if it passed (Asteroids p.5)."""
    rest = list(state.queue[1:])
    if played and not state.row_played:
        order = flow.previous_order(state)
        start = order.index(seat)
        rest = [f for f in order[start + 1:] + order[:start] if state.hands[f] and f != seat]
    return rest


def _play_event(tx, seat, command):
    state = tx.state
    _stage(state, "event_play")
    if command["card"] not in state.hands[seat]:
        refuse("no_such_card", card=command["card"])
    if command["slot"] >= len(state.row):
        refuse("wrong_stage", now="the Action Row has no such slot")
    queue = _after_decision(state, seat, True)
    tx.emit(V.EVENT_CARD_PLAYED, faction=seat, card=command["card"], slot=command["slot"],
            queue=queue)


def _pass_event(tx, seat, command):
    _stage(tx.state, "event_play")
    tx.emit(V.EVENT_PASSED, faction=seat, queue=_after_decision(tx.state, seat, False))


def _in_phase(state, phase=None, exploring=False) -> None:
    _stage(state, "turn")
    if bool(state.exploring) != exploring:
        refuse("exploring" if state.exploring else "not_exploring")
    if phase and state.phases[0] != phase:
        refuse("not_in_phase", phase=phase, current=state.phases[0])


def _move(tx, seat, command):
    _in_phase(tx.state, "movement")
    movement.move(tx, seat, command)


def _replicate(tx, seat, command):
    _in_phase(tx.state, "management")
    management.replicate(tx, seat, command["planet"])


def _capture(tx, seat, command):
    _in_phase(tx.state)
    if tx.state.mode != "asteroids":
        refuse("tech_mode")
    technology.capture(tx, seat, command["planet"])


def _discard(tx, seat, command):
    _in_phase(tx.state)
    technology.discard(tx, seat, command["asteroids"])


def _research(tx, seat, command):
    _in_phase(tx.state)
    technology.research(tx, seat, command)


def _jump(tx, seat, command):
    _in_phase(tx.state, "movement")
    wormholes.jump(tx, seat, command)


def arrival(state, transfer: dict, rng) -> list:
    """What a transfer from a linked match causes here (multi-battle; the platform's command,
    never a seat's): see wormholes.arrive."""
    tx = Transaction(state, rng, evolve)
    wormholes.arrive(tx, transfer)
    return tx.events


def _end_phase(tx, seat, command):
    _in_phase(tx.state)
    flow.end_phase(tx)


def _explore(tx, seat, command):
    _in_phase(tx.state, "movement")
    exploration.explore(tx, seat, command["origin"])


def _extend_exploration(tx, seat, command):
    _in_phase(tx.state, exploring=True)
    exploration.extend(tx, seat)


def _end_exploration(tx, seat, command):
    _in_phase(tx.state, exploring=True)
    exploration.end(tx, seat, command["links"], command["planet"])


def _cloak(tx, seat, command):
    _in_phase(tx.state)
    cloaking.cloak(tx, seat, command["origin"], command["card"])


def _uncloak(tx, seat, command):
    _in_phase(tx.state)
    cloaking.uncloak(tx, seat, command["place"])


def _choose_civilization(tx, seat, command):
    _stage(tx.state, "civilize")
    civilizations.choose(tx, seat, command["civ"])


def _evolve_civilization(tx, seat, command):
    _in_phase(tx.state)
    civilizations.evolve_civ(tx, seat, command["asteroids"])


def _use_skill(tx, seat, command):
    _in_phase(tx.state)
    civilizations.use(tx, seat, command["skill"], command["target"])


def _play_campaign_marker(tx, seat, command):
    _in_phase(tx.state)
    campaign.play_marker(tx, seat, command["planet"])


_HANDLERS = {V.CHOOSE_PHASE.name: _choose_phase, V.PLAY_EVENT.name: _play_event,
             V.PASS_EVENT.name: _pass_event, V.MOVE.name: _move, V.REPLICATE.name: _replicate,
             V.CAPTURE.name: _capture, V.DISCARD_ASTEROIDS.name: _discard,
             V.RESEARCH.name: _research, V.END_PHASE.name: _end_phase, V.JUMP.name: _jump,
             V.EXPLORE.name: _explore, V.EXTEND_EXPLORATION.name: _extend_exploration,
             V.END_EXPLORATION.name: _end_exploration, V.CLOAK.name: _cloak,
             V.UNCLOAK.name: _uncloak, V.CHOOSE_CIVILIZATION.name: _choose_civilization,
             V.EVOLVE_CIVILIZATION.name: _evolve_civilization, V.USE_SKILL.name: _use_skill,
             V.PLAY_CAMPAIGN_MARKER.name: _play_campaign_marker}


def outcome(state):
    """Once over: every seat ranked among all factions (AIs included) by the final
    standings, the winner first; scores are victory points."""
    if state.stage != "over":
        return None
    ranking = flow.standings(state)
    if state.winner is not None:
        ranking = [state.winner] + [f for f in ranking if f != state.winner]
    place = {f: i + 1 for i, f in enumerate(ranking)}
    if state.winner is None:  # a shared first place (round limit tie, or AIs left alone)
        best = ranking[0]
        for f in ranking:
            if flow.score(state, f) == flow.score(state, best):
                place[f] = 1
    return {"ranks": [place[s] for s in range(state.seats)],
            "scores": list(state.vp[:state.seats]),
            "winner": state.winner,
            "winner_is_ai": state.winner is not None and state.kinds[state.winner] == "ai",
            "reason": state.reason, "victory_points": list(state.vp),
            "relics": [len(board.relics_of(state, f)) for f in range(state.factions)],
            **campaign.outcome_part(state, ranking)}


def pass_command(state, seat):
    """A timed-out seat: pass on the Action Row, end its phase; no pass while choosing."""
    if seat not in to_act(state):
        return None
    if state.stage == "event_play":
        return V.PASS_EVENT()
    if state.stage == "civilize":
        return civilizations.choices(state, seat)[0]
    if state.stage == "turn" and state.exploring:  # the trip ends where the last card says
        return next(c for c in exploration.legal_actions(state, seat)
                    if c["type"] == V.END_EXPLORATION.name)
    if state.stage == "turn":
        return V.END_PHASE()
    return None


__all__ = ["setup", "decide", "legal_commands", "to_act", "outcome", "pass_command",
           "NotYourTurn"]
