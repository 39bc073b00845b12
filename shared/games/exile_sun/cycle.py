"""The end of a cycle (rulebook p13-15): the optional discard of the ship hand, Booster
Rockets for the next draft, holding agendas, the four game-end conditions and the next draft."""
from shared.games.exile_sun import agendas, vocabulary as v
from shared.games.exile_sun.budget import holder, move_order
from shared.games.exile_sun.components import initiative_cards, tech_effect
from shared.games.exile_sun.messages import MESSAGES
from shared.games.exile_sun.scoring import private_vp, ranks, total_vp
from shared.games.exile_sun.spec import CYCLE_LIMIT
from shared.games.exile_sun.state import DRAFT, REGROUP, planets_of

PLANETS_TO_WIN = 5


def _boosters(p):
    return [t for t in p.techs if tech_effect(t)["effect"] == "booster_rockets"]


def legal(state, seat):
    p = state.players[seat]
    if p.discard_choice is not None:
        return []
    out = []
    for booster in [None] + _boosters(p)[:1]:
        for discard in ((False, True) if p.hand else (False,)):
            out.append(v.REGROUP(discard_hand=discard, **({"booster": booster} if booster else {})))
    return out


def to_act(state):
    return tuple(p.seat for p in state.players if p.discard_choice is None)


def decide(tx, seat, command):
    p = tx.state.players[seat]
    if command["type"] != v.REGROUP.name or p.discard_choice is not None:
        MESSAGES.refuse("wrong_step", phase=tx.state.phase)
    if command["discard_hand"] and not p.hand:
        MESSAGES.refuse("no_such_card", card="ship hand")
    booster = command.get("booster")
    if booster is not None and booster not in _boosters(p):
        MESSAGES.refuse("no_such_tech", card=booster)
    tx.emit(v.REGROUPED, seat=seat, discard_hand=command["discard_hand"],
            booster=booster)


def advance(tx):
    """Once every seat has chosen: discards, boosters, agendas, the end or the next draft."""
    if to_act(tx.state):
        return False
    boosted = []
    for p in tx.state.players:
        discard, booster = p.discard_choice
        if discard:
            tx.emit(v.HAND_DISCARDED, seat=p.seat, cards=list(p.hand))
        if booster:
            tx.emit(v.TECH_PLAYED, seat=p.seat, card=booster)
            boosted.append(p.seat)
    agendas.at_cycle_end(tx)
    if not end_if_over(tx):
        _next_draft(tx, boosted)
    return True


def _next_draft(tx, boosted):
    """p8: the #4 holder chooses first (or, without #4, who went last), then clockwise;
    Booster Rockets players choose before, by their Initiative number."""
    state = tx.state
    n = len(state.players)
    four, last = holder(state, 4), move_order(state)[-1]
    first = four if four is not None else last
    clockwise = [(first + i) % n for i in range(n)]
    early = sorted(boosted, key=lambda s: state.players[s].initiative)
    order = early + [s for s in clockwise if s not in early]
    tx.emit(v.CYCLE_ENDED, cycle=state.cycle + 1, last_four=four, last_mover=last)
    tx.emit(v.STEP_BEGAN, phase=DRAFT, order=order, pool=list(initiative_cards(n)))


def end_reason(state):
    """Which of the book's endings (p14), or our cycle limit, holds between cycles."""
    n = len(state.players)
    if any(len(planets_of(state, s)) >= PLANETS_TO_WIN for s in range(n)):
        return "five_planets"
    if any(total_vp(state, s) >= state.victory for s in range(n)):
        return "victory_points"
    if state.agenda_deck.size == 0:
        return "agenda_deck_empty"
    if any(not [f for f in state.fleets if f.owner == s and f.kind != "decoy"] for s in range(n)):
        return "no_fleets"
    if state.cycle + 1 >= CYCLE_LIMIT:
        return "cycle_limit"
    return None


def end_if_over(tx):
    state = tx.state
    reason = end_reason(state)
    if reason is None:
        return False
    n = len(state.players)
    winners = ()
    if reason == "five_planets":
        most = max(len(planets_of(state, s)) for s in range(n))
        winners = tuple(s for s in range(n) if len(planets_of(state, s)) == most)
    tx.emit(v.GAME_ENDED, reason=reason, ranks=list(ranks(state, winners)),
            scores=[total_vp(state, s) for s in range(n)],
            public_vp=[p.public_vp for p in state.players],
            private_vp=[private_vp(state, s) for s in range(n)],
            planets=[len(planets_of(state, s)) for s in range(n)])
    return True
