"""How a round runs on by itself between commands: the reveal of the phase cards, the
Action Row, turns and phases, the AI civilisations, the end of the round and of the match.

A round: every seat chooses a phase card and a bid in secret; they are revealed together
and set the turn order; the Action Row is drawn and, from the First Player on, factions may
cover its cards; its top cards take effect; each seat plays its turn; the AIs act.

`advance` is called after every command (and after setup): it emits the automatic facts
until some seat must act or the match is over.
"""
from __future__ import annotations

from shared.games.nexum import board
from shared.games.nexum.ai import ai_round
from shared.games.nexum.components import PHASE_CARDS
from shared.games.nexum.campaign import expire_markers
from shared.games.nexum.civilizations import foresee
from shared.games.nexum.deck import draw_cards, top_of
from shared.games.nexum.effects import destroy_ships, resolve_card
from shared.games.nexum.state import ships_at
from shared.games.nexum.vocabulary import (ACTION_ROW_DRAWN, ENERGY_EXTRACTED, GAME_WON,
                                           PHASE_STARTED, PHASES_REVEALED, ROUND_ENDED,
                                           ROW_DISCARDED, TURN_ENDED, TURN_STARTED)


def seats_in_play(state) -> list:
    return [f for f in range(state.seats) if board.in_play(state, f)]


def advance(tx) -> None:
    while True:
        state = tx.state
        if state.stage == "over" or _check_victory(tx):
            return
        if state.stage == "start":
            _draw_row(tx)
        elif state.stage == "event_play":
            if state.queue:
                return
            _resolve_row(tx)
        elif state.stage == "civilize":
            return
        elif state.stage == "choose":
            if state.civs and not state.chosen and not top_of(state) and state.mode != "eventless":
                foresee(tx)  # Gnomicon WISE, before anyone chooses (civilizations.py)
            if any(f not in tx.state.chosen for f in seats_in_play(tx.state)):
                return
            _reveal(tx)
        elif state.turn >= len(state.order):
            _end_round(tx)
        elif state.phases:
            return
        else:
            _start_turn(tx)
            if tx.state.phases:
                return


def previous_order(state) -> list:
    """The last turn order decided (seat order before the first), seats in play only."""
    order = [f for f in state.order if board.in_play(state, f)]
    return order + [f for f in seats_in_play(state) if f not in order]


def _draw_row(tx) -> None:
    cards = draw_cards(tx, tx.state.rules["action_row"])
    queue = [f for f in tx.state.order if board.in_play(tx.state, f) and tx.state.hands[f]]
    tx.emit(ACTION_ROW_DRAWN, cards=cards, queue=queue)


def _resolve_row(tx) -> None:
    """Only the top card of each slot takes effect (Asteroids p.5), in slot order; then
    the next Action Row of the round, if the Aggressiveness gives more than one."""
    for stack in tx.state.row:
        card, played_by = stack[-1]
        resolve_card(tx, card, played_by)
    cards = [card for stack in tx.state.row for card, _ in stack]
    if tx.state.rows_drawn < tx.state.action_rows:
        tx.emit(ROW_DISCARDED, cards=cards, next_stage="start")
    else:
        tx.emit(ROW_DISCARDED, cards=cards)


def _reveal(tx) -> None:
    """Highest bid first; ties keep last round's order (reconstructed)."""
    state = tx.state
    previous = previous_order(state)
    order = sorted(state.chosen, key=lambda f: (-state.chosen[f][1], previous.index(f)))
    tx.emit(PHASES_REVEALED, order=order,
            choices=[[f, *state.chosen[f]] for f in sorted(state.chosen)],
            next_stage="turn" if state.mode == "eventless" else "start")


def _start_turn(tx) -> None:
    state = tx.state
    faction = state.order[state.turn]
    if not board.in_play(state, faction):
        tx.emit(TURN_ENDED, faction=faction)
        return
    phases = list(PHASE_CARDS[state.chosen[faction][0]])
    tx.emit(TURN_STARTED, faction=faction, phases=phases,
            cloud_must_leave=_on_disk(state, faction))
    start_phase(tx, phases)


def _on_disk(state, faction: int) -> int:
    """The faction's ships on the Cloud (or the Wormhole): they must leave this turn."""
    disk = board.disk_of(state)
    return ships_at(state, disk, faction) if disk else 0


def start_phase(tx, phases: list) -> None:
    """A phase begins; Management begins with the extraction."""
    faction = tx.state.acting
    tx.emit(PHASE_STARTED, faction=faction, phases=phases)
    if phases[0] == "management":
        amount = extraction(tx.state, faction)
        energy = min(board.energy_cap(tx.state, faction), tx.state.energy[faction] + amount)
        tx.emit(ENERGY_EXTRACTED, faction=faction, amount=amount, energy=energy)


def extraction(state, faction: int) -> int:
    """1 per planet held and 2 per star held; a No Management marker takes 1 off its planet,
    a dead planet yields nothing; an Energy relic adds 1."""
    rules, total = state.rules, 0
    for place, here in state.ships.items():
        if faction not in here or place in board.TRANSIT or place in state.dead:
            continue
        if board.is_star(place):
            total += max(0, rules["star_extraction"] - state.no_manage.get(place, 0))
        else:
            total += max(0, rules["planet_extraction"] - state.no_manage.get(place, 0))
    return total + board.relics_of(state, faction).count("energy")


def end_phase(tx) -> None:
    rest = list(tx.state.phases[1:])
    if rest:
        start_phase(tx, rest)
        return
    faction = tx.state.acting
    disk = board.disk_of(tx.state)
    if disk is not None:
        destroy_ships(tx, disk, faction, tx.state.cloud_must_leave, disk)
    destroy_ships(tx, board.EXOTIC_WORMHOLE, faction, tx.state.wormhole_must_leave, "wormhole")
    tx.emit(TURN_ENDED, faction=faction)


def _end_round(tx) -> None:
    state = tx.state
    for faction in range(state.seats, state.factions):
        ai_round(tx, faction)
        if tx.state.stage == "over" or _check_victory(tx):
            return
    state = tx.state
    used = [[] if len(u) == len(PHASE_CARDS) else list(u) for u in state.used]
    tx.emit(ROUND_ENDED, round=state.round, used=used, next_stage="choose")
    expire_markers(tx, ended=state.round)
    if tx.state.round > tx.state.max_rounds:
        ranking = standings(tx.state)
        tx.emit(GAME_WON, winner=round_limit_winner(tx.state, ranking), reason="round_limit",
                ranking=ranking)


def round_limit_winner(state, ranking: list):
    """The most victory points wins; a tie on points goes to the seat ahead on relics,
    planets, ships, never to an AI (it wins by victory points only); None: a draw."""
    top = ranking[0]
    leaders = [f for f in ranking if state.vp[f] == state.vp[top]]
    if len(leaders) > 1:
        leaders = [f for f in leaders if state.kinds[f] == "seat"]
        leaders = [f for f in leaders if score(state, f) == score(state, leaders[0])]
    return leaders[0] if len(leaders) == 1 else None


def score(state, faction: int) -> tuple:
    return (state.vp[faction], len(board.relics_of(state, faction)),
            sum(1 for p in state.ships if board.is_planet(p) and board.holder(state, p) == faction),
            board.fleet_size(state, faction))


def standings(state) -> list:
    """Factions best first: victory points, relics, planets held, ships."""
    return sorted(range(state.factions), key=lambda f: tuple(-x for x in score(state, f)))


def _check_victory(tx) -> bool:
    """6 victory points, 5 relics (seats only), or the last faction with ships
    (reconstructed core)."""
    state = tx.state
    rules = state.rules
    first = [state.acting] if state.acting is not None else []
    for faction in first + [f for f in range(state.factions) if f not in first]:
        if state.vp[faction] >= rules["victory_points"]:
            reason = "victory_points"
        elif (len(board.relics_of(state, faction)) >= rules["relic_victory"]
              and state.kinds[faction] == "seat"):  # the AI wins by points only (ai.py)
            reason = "relics"
        else:
            continue
        tx.emit(GAME_WON, winner=faction, reason=reason, ranking=standings(state))
        return True
    alive = [f for f in range(state.factions) if board.in_play(state, f)]
    if len(alive) <= 1 or not seats_in_play(state):
        winner = alive[0] if len(alive) == 1 else None
        tx.emit(GAME_WON, winner=winner, reason="last_standing", ranking=standings(state))
        return True
    return False
