"""Setup (rulebook p6-7): deals and decks at random, then in initiative order each player
places a System and chooses a Colony and a Colonial Technology stack, then places the Colony's
starting fleets face down inside their System."""
from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.board import inside_system, table
from shared.games.exile_sun.components import (COLONIAL_STACKS, COLONIES, CURRENT_MAP, EDITION,
                                               SYSTEM_TILES, agenda_deck, colonial_stack,
                                               colour_ships, initiative_cards, regular_tech)
from shared.games.exile_sun.messages import MESSAGES
from shared.games.exile_sun.spec import VICTORY_POINTS
from shared.games.exile_sun.state import PLACE_FLEETS, PLACE_SYSTEM, acting_seat, fleets_at

STARTING_OVERHEAD_TO_RESERVE, STARTING_HAND = 2, 4


def setup(options, seats, rng):
    """Initiative cards dealt at random; one red and one yellow Agenda each; each colour's
    Overhead shuffled, two of its cards into the Reserve, four drawn (p7)."""
    cards = list(initiative_cards(seats))
    rng.shuffle(cards)
    dealt = cards[:seats]
    events = [v.GAME_SET_UP(players=seats, victory=VICTORY_POINTS[options.get("victory", "standard")],
                            missing=options.get("missing", "error_stands"), initiative=dealt,
                            scout_fleets=options.get("scout_fleets", False),
                            shipyard_moves=options.get("shipyard_moves", False),
                            map=CURRENT_MAP, edition=EDITION)]
    agendas = agenda_deck(seats)
    red, yellow = list(agendas["red"]), list(agendas["yellow"])
    for seat in range(seats):
        pair = [rng.choice(red), rng.choice(yellow)]
        red.remove(pair[0])
        yellow.remove(pair[1])
        events.append(v.AGENDAS_DEALT(seat=seat, cards=pair))
    ships = colour_ships()
    for seat in range(seats):
        promoted = rng.sample(list(ships["overhead"]), STARTING_OVERHEAD_TO_RESERVE)
        reserve = sorted(list(ships["reserve"]) + promoted)
        drawn = rng.sample(reserve, STARTING_HAND)
        events.append(v.SHIPS_STOCKED(seat=seat, promoted=sorted(promoted), drawn=sorted(drawn)))
    order = sorted(range(seats), key=lambda s: dealt[s])
    events.append(v.STEP_BEGAN(phase=PLACE_SYSTEM, order=order))
    return events


def _taken(state, attribute):
    return {getattr(p, attribute) for p in state.players} - {None}


def legal(state, seat):
    p = state.players[seat]
    if state.phase == PLACE_SYSTEM:
        if p.tile is None:
            return [v.PLACE_SYSTEM(tile=t) for t in SYSTEM_TILES if t not in _taken(state, "tile")]
        return [v.CHOOSE_COLONY(colony=c, tech=t) for c in COLONIES
                if c not in _taken(state, "colony") for t in COLONIAL_STACKS
                if t not in _taken(state, "tech_stack")]
    return [v.PLACE_FLEET(token=token, space=space) for token in sorted(set(p.to_place))
            for space in _fleet_spaces(state, seat)]


def _fleet_spaces(state, seat):
    slot = state.players[seat].slot
    return [s for s in inside_system(table(state), slot) if not fleets_at(state, s)]


def decide(tx, seat, command):
    state, kind = tx.state, command["type"]
    p = state.players[seat]
    if state.phase == PLACE_SYSTEM and kind == v.PLACE_SYSTEM.name and p.tile is None:
        if command["tile"] in _taken(state, "tile"):
            MESSAGES.refuse("tile_taken")
        tx.emit(v.SYSTEM_PLACED, seat=seat, tile=command["tile"], slot=state.turn)
    elif state.phase == PLACE_SYSTEM and kind == v.CHOOSE_COLONY.name and p.tile is not None:
        if command["colony"] in _taken(state, "colony") or \
                command["tech"] in _taken(state, "tech_stack"):
            MESSAGES.refuse("colony_taken")
        tx.emit(v.COLONY_CHOSEN, seat=seat, colony=command["colony"], tech=command["tech"])
    elif state.phase == PLACE_FLEETS and kind == v.PLACE_FLEET.name:
        if command["token"] not in p.to_place:
            MESSAGES.refuse("token_not_yours", token=command["token"])
        if command["space"] not in _fleet_spaces(state, seat):
            MESSAGES.refuse("space_not_allowed", space=command["space"])
        tx.emit(v.FLEET_PLACED, seat=seat, fleet=f"f{state.next_fleet}", token=command["token"],
                space=command["space"])
    else:
        MESSAGES.refuse("wrong_step", phase=state.phase)


def after_setup_step(tx):
    """Transitions out of setup; True when an event was emitted."""
    state = tx.state
    if state.phase == PLACE_SYSTEM and state.turn == len(state.order):
        chosen = {p.tech_stack for p in state.players}
        cards = list(regular_tech())
        for stack in COLONIAL_STACKS:
            if stack not in chosen:
                cards += colonial_stack(stack)
        tx.emit(v.TECH_DECK_FORMED, cards=sorted(cards))
        tx.emit(v.STEP_BEGAN, phase=PLACE_FLEETS, order=list(state.order))
        return True
    if state.phase == PLACE_FLEETS:
        seat = acting_seat(state)
        if seat is not None and not state.players[seat].to_place:
            tx.emit(v.TURN_BEGAN, turn=state.turn + 1)
            return True
    return False
