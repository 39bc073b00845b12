"""Multi-battle mode's engine side (Asteroids p.18), Given / When / Then: the Wormhole in
place of the Asteroid Cloud, jumps out of one table and arrivals at another."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand, InvalidOptions
from shared.games.kit import Transaction
from shared.games.nexum import GAME, flow
from shared.games.nexum.effects import apply_kind
from shared.games.nexum.evolve import evolve
from shared.games.nexum.state import ships_at
from shared.games.nexum.vocabulary import END_PHASE, JUMP, MOVE
from shared.games.nexum.wormholes import RULES
from tests.games.nexum.exotic_tables import add_exotic
from tests.games.nexum.tables import at_phase, place, play, start, types

TABLE_0 = {"multi_battle": True, "battle_tables": 2, "battle_table": 0}


def table(**options):
    return start(**{**TABLE_0, **options})


def transfer(transfer_id="f" * 32 + ":40", faction=0, ships=2, energy=3, cards=1,
             from_table=1, asteroids=0):
    return {"transfer_id": transfer_id, "from_match": "f" * 32, "from_table": from_table,
            "faction": faction, "ships": ships, "energy": energy, "cards": cards,
            "asteroids": asteroids}


def arrive(state, given, seed=0):
    events = GAME.arrival(state, given, random.Random(seed))
    after = state
    for event in events:
        after = GAME.evolve(after, event)
    return events, after


def test_the_asteroid_cloud_is_flipped_to_the_wormhole():
    """A p.18: "one of the sectors will include the Asteroid Cloud flipped to its Wormhole
    side"; the tables share the map's configuration ("all simultaneous games will use the
    same configuration")."""
    state = table()
    plain = start()
    assert "cloud" not in state.links and "wormhole" in state.links
    assert sorted(state.links["wormhole"]) == sorted(plain.links["cloud"])
    assert state.systems == plain.systems
    assert GAME.view(state, 0)["wormhole"]["tables"] == 2
    assert state.asteroids_on  # the asteroids are still placed


def test_table_options_are_checked():
    with pytest.raises(InvalidOptions, match="tables 0 to 1"):
        table(battle_table=2)
    with pytest.raises(InvalidOptions, match="multi-battle"):
        start(battle_table=1)


def test_a_jump_takes_ships_energy_and_cards_to_another_table():
    """A p.18: ships entering the wormhole "will be transported instantly to another game";
    "Every ship can also transport Events, Energy"; "return your resources to your game's
    deck and reserve"; "Take 2 Event cards for your hand when you jump through it"."""
    state = place(table(), ("B1", 0, 3))
    state = at_phase(state, 0, "movement", hands=(("D2",), ()), energy=(10, 5))
    reserve, deck = state.reserve[0], len(state.deck)
    events, after = play(state, 0, JUMP(origin="B1", ships=2, table=1, energy=3, cards=["D2"]))
    assert types(events)[:2] == ["FleetDeparted", "CardsDrawn"]
    departed = events[0]["data"]
    assert departed == {"faction": 0, "origin": "B1", "ships": 2, "table": 1, "energy": 3,
                        "cards": ["D2"], "asteroids": [], "crystals": [], "cost": 4}
    assert ships_at(after, "B1", 0) == 1 and after.reserve[0] == reserve + 2
    assert after.energy[0] == 10 - 4 - 3
    drawn = events[1]["data"]["cards"]
    assert len(drawn) == 2 * RULES["jump_cards_per_ship"] and "D2" not in after.hands[0]
    assert len(after.deck) == deck + 1 - len(drawn)  # D2 back in this game's deck
    assert GAME.departure(events[0]) == {"table": 1, "faction": 0, "ships": 2, "energy": 3,
                                         "cards": 1, "asteroids": 0}


def test_the_cards_a_fleet_carries_are_hidden_from_others():
    state = at_phase(place(table(), ("B1", 0, 1)), 0, "movement", hands=(("D2",), ()))
    events, _ = play(state, 0, JUMP(origin="B1", ships=1, table=1, cards=["D2"]))
    assert GAME.redact(events[0], 1)["data"]["cards"] == 1
    assert GAME.redact(events[0], None)["data"]["cards"] == 1
    assert GAME.redact(events[0], 0)["data"]["cards"] == ["D2"]


def test_loaded_asteroids_cross_and_are_drawn_again_at_the_other_table():
    """A p.18: ships also transport Asteroids; "the specific type received will be determined
    at random at the destination game". The crystals stay their owner's secret."""
    state = place(table(), ("B1", 0, 2))
    state = at_phase(state, 0, "movement", loaded=(((7, "BG"), (8, "YY")), ()),
                     techs=(("processing_1",), ()))
    pool = len(state.pool)
    events, after = play(state, 0, JUMP(origin="B1", ships=1, table=1, asteroids=[8]))
    assert events[0]["data"]["asteroids"] == [8] and events[0]["data"]["crystals"] == ["YY"]
    assert after.loaded[0] == ((7, "BG"),) and len(after.pool) == pool + 1
    assert "crystals" not in GAME.redact(events[0], 1)["data"]
    assert GAME.departure(events[0])["asteroids"] == 1

    receiving = replace(table(battle_table=1), techs=(("processing_1",), ()),
                        loaded=(((3, "GG"),), ()), next_asteroid=9)
    events, arrived = arrive(receiving, transfer(from_table=0, asteroids=2, cards=0))
    data = events[0]["data"]
    assert len(data["asteroids"]) == 1 and data["asteroids_lost"] == 1  # Processing I holds 2
    assert data["asteroids"][0][0] == 9 and arrived.next_asteroid == 10
    assert len(arrived.loaded[0]) == 2 and len(arrived.pool) == len(receiving.pool) - 1
    assert GAME.redact(events[0], 1)["data"]["asteroids"] == [9]
    assert GAME.redact(events[0], 0)["data"]["asteroids"] == data["asteroids"]
    events, _ = arrive(table(battle_table=1), transfer(from_table=0, asteroids=1, cards=0))
    assert events[0]["data"]["asteroids_lost"] == 1  # no Processing card: nowhere to load them


@pytest.mark.parametrize("command, why", [
    (JUMP(origin="B1", ships=1, table=0), "this match is table 0"),
    (JUMP(origin="B1", ships=1, table=3), "tables 0 to 1"),
    (JUMP(origin="B1", ships=1, table=1, energy=6), "at most 5 energy"),
    (JUMP(origin="B1", ships=1, table=1, cards=["D2", "E1"]), "at most 1 event card"),
    (JUMP(origin="B1", ships=1, table=1, cards=["A3"]), "not in your hand"),
    (JUMP(origin="B1", ships=1, table=1, asteroids=[1, 2]), "at most 1 asteroid"),
    (JUMP(origin="B1", ships=2, table=1, asteroids=[5]), "not loaded"),
    (JUMP(origin="B1", ships=4, table=1), "no ships at B1"),
    (JUMP(origin="A1", ships=1, table=1), "not adjacent"),
    (JUMP(origin="B1", ships=3, table=1, energy=5), "costs 11 energy"),
    (MOVE(origin="B1", to="wormhole", ships=1, relics=0), "with a jump"),
])
def test_jumps_the_rules_refuse(command, why):
    state = place(table(), ("B1", 0, 3))
    state = at_phase(state, 0, "movement", hands=(("D2", "E1"), ()), energy=(10, 5))
    with pytest.raises(IllegalCommand, match=why):
        play(state, 0, command)


def test_a_jump_needs_the_movement_phase_and_a_multi_battle_match():
    state = at_phase(place(table(), ("B1", 0, 1)), 0, "management")
    with pytest.raises(IllegalCommand, match="movement phase"):
        play(state, 0, JUMP(origin="B1", ships=1, table=1))
    plain = at_phase(place(start(), ("B1", 0, 1)), 0, "movement")
    with pytest.raises(IllegalCommand, match="not part of a multi-battle"):
        play(plain, 0, JUMP(origin="B1", ships=1, table=1))


def test_relics_do_not_cross_the_wormhole():
    """A p.18 names Events, Energy and Asteroids as cargo, not relics: the ships that stay
    must carry them."""
    state = at_phase(place(table(), ("B1", 0, 1)), 0, "movement")
    state = replace(state, carried={"B1": {0: ("energy",)}})
    with pytest.raises(IllegalCommand, match="relic"):
        play(state, 0, JUMP(origin="B1", ships=1, table=1))


def test_jumps_are_among_the_legal_commands():
    state = at_phase(place(table(), ("B1", 0, 3)), 0, "movement", energy=(10, 5))
    legal = GAME.legal_commands(state, 0)
    assert JUMP(origin="B1", ships=1, table=1) in legal
    assert JUMP(origin="B1", ships=3, table=1) in legal
    assert not [c for c in legal if c["type"] == "jump" and c["table"] == 0]


def test_an_arrival_puts_ships_on_the_wormhole_from_this_tables_reserve():
    """A p.18: the ships come out "to your faction's section of that game's Wormhole"; "your
    teammate at the other table receiving the resources will use the components of their
    own game, drawing any events ... at random"."""
    state = table()
    reserve = state.reserve[0]
    events, after = arrive(state, transfer())
    assert types(events)[:2] == ["FleetArrived", "CardsDrawn"]
    assert ships_at(after, "wormhole", 0) == 2 and after.reserve[0] == reserve - 2
    assert after.energy[0] == state.energy[0] + 3
    assert len(after.hands[0]) == 1
    assert GAME.redact(events[1], 1)["data"] == {"faction": 0, "count": 1}


def test_a_transfer_arrives_once():
    """The transfer id: a repeated delivery of the same transfer causes nothing."""
    _, after = arrive(table(), transfer())
    with pytest.raises(IllegalCommand, match="already came through"):
        arrive(after, transfer())
    _, again = arrive(after, transfer(transfer_id="f" * 32 + ":41"))
    assert ships_at(again, "wormhole", 0) == 4


def test_energy_arrives_up_to_the_cap_and_ships_up_to_the_reserve():
    state = replace(table(), energy=(19, 5), reserve=(1, 21))
    events, after = arrive(state, transfer(ships=3, energy=5, cards=0))
    data = events[0]["data"]
    assert (data["ships"], data["lost"], data["energy"]) == (1, 2, 1)
    assert after.energy[0] == 20 and after.reserve[0] == 0


def test_a_faction_out_of_play_receives_nothing():
    state = table()
    state = replace(state, ships={p: {f: n for f, n in here.items() if f != 0}
                                  for p, here in state.ships.items()})
    state = replace(state, ships={p: h for p, h in state.ships.items() if h})
    events, after = arrive(state, transfer())
    assert events[0]["data"]["ships"] == 0 and events[0]["data"]["lost"] == 2
    assert types(events) == ["FleetArrived"] and after.energy == state.energy


@pytest.mark.parametrize("given, why", [
    (transfer(from_table=0), "this match is table 0"),
    (transfer(faction=3), "no seat"),
])
def test_arrivals_the_rules_refuse(given, why):
    with pytest.raises(IllegalCommand, match=why):
        arrive(table(), given)
    with pytest.raises(IllegalCommand, match="not part of a multi-battle"):
        arrive(start(), transfer())


def test_arrived_ships_must_leave_the_wormhole_in_their_next_turn():
    """A p.18: "your teammate in that game will have to recover those ships in their next
    turn (playing a Movement Phase) or they will be destroyed"."""
    _, state = arrive(table(), transfer(ships=2, cards=0))
    state = replace(state, stage="turn", order=(0, 1), turn=0, phases=(),
                    chosen={0: ("movement", 0), 1: ("movement", 0)})
    tx = Transaction(state, random.Random(0), evolve)  # the flow starts faction 0's turn
    flow.advance(tx)
    state = tx.state
    assert state.acting == 0 and state.cloud_must_leave == 2
    _, state = play(state, 0, MOVE(origin="wormhole", to="B1", ships=1, relics=0))
    events, state = play(state, 0, END_PHASE())
    destroyed = [e for e in events if e["type"] == "ShipsDestroyed"]
    assert destroyed[0]["data"]["place"] == "wormhole" and destroyed[0]["data"]["count"] == 1
    assert ships_at(state, "wormhole", 0) == 0 and ships_at(state, "B1", 0) == 1


def test_a_random_table_with_arrivals_replays_to_the_same_state():
    """Departures and arrivals are facts of each log: folding the log alone rebuilds the
    match exactly (no other table is consulted)."""
    rng = random.Random(7)
    events = GAME.setup(GAME.spec.resolve_options({"sector": "ihx", **TABLE_0}), 2, rng)
    state = None
    for event in events:
        state = GAME.evolve(state, event)
    arrivals = 0
    for step in range(400):
        if GAME.to_act(state) == ():
            break
        if step % 25 == 0 and state.stage != "over":
            new = GAME.arrival(state, transfer(f"{'a' * 32}:{step}", faction=step % 2), rng)
            arrivals += 1
        else:
            seat = GAME.to_act(state)[0]
            new = GAME.decide(state, seat, rng.choice(GAME.legal_commands(state, seat)), rng)
        events += new
        for event in new:
            state = GAME.evolve(state, event)
    replayed = None
    for event in events:
        replayed = GAME.evolve(replayed, event)
    assert replayed == state and arrivals >= 2
    assert len(state.wormhole.received) == arrivals


def _fold(events):
    state = None
    for event in events:
        state = GAME.evolve(state, event)
    return state


@pytest.mark.parametrize("seed", range(4))
def test_two_random_tables_exchange_fleets_exactly_once(seed):
    """Two tables of one group played at random, a jump taken 30% of the times one is legal
    (eventless: hyperspace from the start, so jumps are legal from the first turn). Every
    departure is delivered to the other table twice, as an at-least-once bus may: it
    arrives once, the repeat is refused. Each table's log alone folds to its live state."""
    rng = random.Random(seed)
    tables = []
    for t in range(2):
        options = GAME.spec.resolve_options({"sector": "ihx", "mode": "eventless", "ai": "0",
                                             **TABLE_0, "battle_table": t})
        events = GAME.setup(options, 2, rng)
        tables.append({"state": _fold(events), "events": list(events)})
    departures = arrivals = refused = 0
    for step in range(800):
        table = tables[step % 2]
        acting = GAME.to_act(table["state"])
        if not acting:
            continue
        seat = acting[0]
        legal = GAME.legal_commands(table["state"], seat)
        jumps = [c for c in legal if c["type"] == "jump"]
        command = rng.choice(jumps if jumps and rng.random() < 0.3 else legal)
        for event in GAME.decide(table["state"], seat, command, rng):
            table["events"].append(event)
            table["state"] = GAME.evolve(table["state"], event)
            sent = GAME.departure(event)
            if sent is None:
                continue
            departures += 1
            other = tables[sent["table"]]
            transfer = {"transfer_id": f"{step % 2}:{len(table['events'])}",
                        "from_match": "e" * 32, "from_table": step % 2, **sent}
            del transfer["table"]
            for _ in range(2):
                try:
                    new = GAME.arrival(other["state"], transfer, rng)
                except IllegalCommand:
                    refused += 1
                    continue
                arrivals += 1
                for fact in new:
                    other["events"].append(fact)
                    other["state"] = GAME.evolve(other["state"], fact)
    assert departures > 0
    assert arrivals == refused == departures
    for table in tables:
        assert _fold(table["events"]) == table["state"]
        received = [e for e in table["events"] if e["type"] == "FleetArrived"]
        assert len({e["data"]["transfer_id"] for e in received}) == len(received)


@pytest.mark.parametrize("letter", ["D", "L"])
def test_no_ship_escapes_a_magnetic_star_or_a_dark_system_by_a_jump(letter):
    """A p.10: Magnetic Star, "No ships can escape this system during the game, not even by
    using Cloaking Technology"; p.12, Dark System: "ships cannot abandon this system during
    the game".

    Given a ship in Exotic System D (or L), whose disk touches the Wormhole,
    When it jumps to another table,
    Then the jump is refused as an escape, and it would not be from an ordinary system."""
    state = add_exotic(table(mode="eventless"), letter, links=("wormhole",))
    key = letter.lower()
    state = at_phase(place(state, (f"{key}1", 0, 1)), 0, "movement", energy=(20, 20))
    with pytest.raises(IllegalCommand, match="No ship can escape"):
        play(state, 0, JUMP(origin=f"{key}1", ships=1, table=1))
    free = at_phase(add_exotic(table(mode="eventless"), "E", links=("wormhole",)), 0,
                    "movement", energy=(20, 20))
    events, _ = play(place(free, ("e1", 0, 1)), 0, JUMP(origin="e1", ships=1, table=1))
    assert "FleetDeparted" in types(events)


def test_a_destroyed_planets_relics_go_to_the_wormhole_side_of_the_cloud():
    """A p.6: "If there are Relics there, move them to the Asteroid Cloud"; A p.18: at a
    multi-battle table the sector includes "the Asteroid Cloud flipped to its Wormhole side".

    Given a multi-battle table (no Cloud: its Wormhole instead), a relic on a planet with 4
    No Movement markers,
    When a fifth destroys the planet,
    Then the relic lies on the Wormhole, and a fleet arriving there picks it up."""
    state = place(table(), ("B1", 1, 1))
    state = replace(state, no_move={"B1": 4}, loose={"B1": ("energy",)})
    tx = Transaction(state, None, evolve)
    apply_kind(tx, "B1", "solar")
    assert "PlanetDestroyed" in types(tx.events)
    assert tx.state.loose == {"wormhole": ("energy",)}
    events, after = arrive(tx.state, transfer(ships=1, energy=0, cards=0))
    assert "RelicPickedUp" in types(events) and after.carried["wormhole"] == {0: ("energy",)}
