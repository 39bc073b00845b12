"""Agenda cards (rulebook p15): completed objectives are announced, scored on the VP track,
discarded, and replaced from the deck. Battle objectives are claimed after each battle,
holding objectives at the end of each cycle."""
from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.board import planets, slot_of
from shared.games.exile_sun.components import agenda_kind, ship_class
from shared.games.exile_sun.state import planets_of

BATTLE_GOALS = ("beat_two_players", "destroy_token", "destroy_class", "trophy")


def _home_slots(state, seat):
    return {p.slot for p in state.players if p.seat != seat}


def _battle_done(spec, seat, record):
    """record: (enemy token, enemy fleet destroyed, enemy cards destroyed, seats beaten)."""
    token, destroyed, cards, beaten = record
    goal = spec["goal"]
    if goal == "beat_two_players":
        return len(beaten) >= 2
    if goal == "destroy_token":
        return destroyed and token == spec["token"]
    if goal == "destroy_class":
        return sum(1 for c in cards if ship_class(c) == spec["class"]) >= spec["amount"]
    if goal == "trophy":
        return any(ship_class(c) in ("flagship", "shipyard") for c in cards)
    return False


def _holding_done(state, spec, seat):
    goal, held = spec["goal"], planets_of(state, seat)
    foreign = [p for p in held if slot_of(p) in _home_slots(state, seat)]
    if goal == "hold_foreign_system":
        return any(all(planet in held for planet in planets(len(state.players), slot))
                   for slot in _home_slots(state, seat))
    if goal == "hold_planets":
        return len(held) >= spec["amount"]
    if goal == "planets_of_two_players":
        return len({slot_of(p) for p in foreign}) >= 2
    real = [f for f in state.fleets if f.owner == seat and f.kind not in ("decoy", "scout")]
    if goal == "fleets_on_board":
        return len(real) >= spec["amount"]
    if goal == "fleet_in_foreign_system":
        return sum(1 for f in real if f.space.startswith("s")
                   and slot_of(f.space) in _home_slots(state, seat)) >= spec["amount"]
    return False


def _complete(tx, seat, card):
    tx.emit(v.AGENDA_COMPLETED, seat=seat, card=card, vp=agenda_kind(card)["vp"])
    drawn = tx.state.agenda_deck.draw(1, tx.rng)
    if drawn:
        tx.emit(v.CARDS_DRAWN, seat=seat, kind="agenda", cards=list(drawn))


def after_battle(tx, battle, winner):
    """Both sides claim the battle objectives this battle completed (p13)."""
    for side in (0, 1):
        seat, other = battle.seats[side], 1 - side
        record = (battle.tokens[other], not battle.ships[other] and bool(battle.destroyed[other]),
                  battle.destroyed[other], tx.state.players[seat].beaten)
        for card in tx.state.players[seat].agendas:
            spec = agenda_kind(card)
            if spec["goal"] in BATTLE_GOALS and _battle_done(spec, seat, record):
                _complete(tx, seat, card)


def at_cycle_end(tx):
    for seat in range(len(tx.state.players)):
        for card in tx.state.players[seat].agendas:
            spec = agenda_kind(card)
            if spec["goal"] not in BATTLE_GOALS and _holding_done(tx.state, spec, seat):
                _complete(tx, seat, card)
