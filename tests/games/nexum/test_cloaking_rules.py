"""Cloaking (Asteroids p.9), Given / When / Then, quoting the book."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand
from shared.games.kit import Transaction
from shared.games.nexum import GAME, board
from shared.games.nexum.ai import _resolve as ai_resolves
from shared.games.nexum.evolve import evolve
from shared.games.nexum.state import ships_at
from shared.games.nexum.vocabulary import CLOAK, MOVE, UNCLOAK
from tests.games.nexum.exotic_tables import add_exotic
from tests.games.nexum.tables import at_phase, clear, place, play, start, types

TECHS = ("hyperspace", "exploration", "cloaking")


def _carrier(seats=2, **changes):
    """Seat 0 with a relic carrier on B1 (IHX), 20 energy, cloaking researched, card C2."""
    state = place(clear(start(seats=seats, ai="0" if seats > 1 else "1")),
                  ("B1", 0, 2), ("A1", 0, 1), ("E1", 1, 1))
    factions = state.factions
    state = replace(state, carried={"B1": {0: ("military",)}},
                    techs=(TECHS,) + ((),) * (factions - 1),
                    hands=(("C2", "A2", "E3"),) + ((),) * (factions - 1))
    return at_phase(state, 0, "movement", energy=(20,) * factions, **changes)


def test_cloaking_hides_a_relic_carrier_on_the_card_planet_for_fifteen_energy():
    """p.9: "use 15 energy during any phase and place an Event card from your hand face
    down, then place both the ship and Relic on it. From that moment on the ship is
    considered to be cloaking on the planet from that Event card"."""
    events, after = play(_carrier(), 0, CLOAK(origin="B1", card="C2"))
    assert after.energy[0] == 5 and ships_at(after, "B1", 0) == 1 and "C2" not in after.hands[0]
    assert after.cloaked == {0: (("C2", "military", "C2"),)}
    assert board.relics_of(after, 0) == ["military"] and board.fleet_size(after, 0) == 3
    seen = GAME.redact(events[0], 1)["data"]
    assert "place" not in seen and "card" not in seen and seen["relic"] == "military"
    assert GAME.view(after, 1)["factions"][0]["cloaked_relics"] == ["military"]
    assert "cloaked" not in GAME.view(after, 1)["factions"][0]
    assert GAME.view(after, 0)["factions"][0]["cloaked"][0]["place"] == "C2"


def test_the_cloaking_requirements():
    """p.9: "the cloaking ship must have a Relic attached, it cannot be located in your own
    Tann System, and there can be no enemy ships on the planet where the ship will be
    cloaked"; Cloaking costs 3 energy to research and 15 to use."""
    state = _carrier()
    with pytest.raises(IllegalCommand, match="must carry a relic"):
        play(state, 0, CLOAK(origin="A1", card="C2"))
    with pytest.raises(IllegalCommand, match="your own Tann system"):
        play(state, 0, CLOAK(origin="B1", card="A2"))
    with pytest.raises(IllegalCommand, match="enemy ships on E3"):
        play(place(state, ("E3", 1, 1)), 0, CLOAK(origin="B1", card="E3"))
    with pytest.raises(IllegalCommand, match="costs 15 energy"):
        play(replace(state, energy=(14, 20)), 0, CLOAK(origin="B1", card="C2"))
    with pytest.raises(IllegalCommand, match="needs the cloaking technology"):
        play(replace(state, techs=((), ())), 0, CLOAK(origin="B1", card="C2"))


def test_cloaking_has_no_effect_in_solo_mode():
    """p.9: Cloaking: "no effect in solo mode"."""
    with pytest.raises(IllegalCommand, match="solo mode"):
        play(_carrier(seats=1), 0, CLOAK(origin="B1", card="C2"))


def test_one_cloaked_ship_per_system_and_the_planet_closest_to_your_tann():
    """p.9: "A single player or a faction cannot have more than one Cloaked ship in the same
    planetary or exotic system"; "If several planets match the Event card's designation,
    always consider it as the one closer to your own Tann System"."""
    state = add_exotic(_carrier(), "K", ["E"])
    _, state = play(replace(state, hands=(("K2", "C2", "C3"), ())), 0,
                    CLOAK(origin="B1", card="K2"))
    assert state.cloaked[0][0][0] == "k2"  # the only K2 in IHX is the exotic system's
    state = replace(place(state, ("B1", 0, 0)), carried={"B1": {0: ("military", "energy")}},
                    energy=(40, 20))
    state = place(state, ("B1", 0, 1))
    _, state = play(state, 0, CLOAK(origin="B1", card="C2"))
    with pytest.raises(IllegalCommand, match="already have a cloaked ship in that system"):
        play(replace(state, energy=(40, 20)), 0, CLOAK(origin="B1", card="C3"))


def test_a_cloaked_ship_shows_itself_when_its_owner_wants():
    """p.9: "It can become visible whenever you want during your turn"."""
    _, state = play(_carrier(), 0, CLOAK(origin="B1", card="C2"))
    events, after = play(state, 0, UNCLOAK(place="C2"))
    assert ships_at(after, "C2", 0) == 1 and after.carried["C2"] == {0: ("military",)}
    assert after.cloaked == {} and "C2" in after.discard
    with pytest.raises(IllegalCommand, match="no cloaked ship at C2"):
        play(after, 0, UNCLOAK(place="C2"))


@pytest.mark.parametrize("ships,won", [(2, False), (3, True)])
def test_an_enemy_arriving_must_beat_the_discovered_ship_or_lose_the_fleet(ships, won):
    """p.9: "when an enemy is about to occupy the planet where it is cloaked ... the attacker
    must perform the attack with enough ships to win the battle, with no chance to rectify
    any previous moves. If they cannot gather enough ships to win the battle, they lose the
    ones already there" (the cloaked ship defends 1, +1 for its Military relic)."""
    _, state = play(_carrier(), 0, CLOAK(origin="B1", card="C2"))
    state = at_phase(place(state, ("D1", 1, 3)), 1, "movement", energy=(5, 20))
    events, after = play(state, 1, MOVE(origin="D1", to="C2", ships=ships, relics=0))
    assert types(events)[:2] == ["FleetMoved", "ShipUncloaked"]
    assert events[1]["data"]["reason"] == "discovered"
    if won:
        assert "BattleWon" in types(events) and ships_at(after, "C2", 1) == 3
        assert board.relics_of(after, 1) == ["military"] and board.relics_of(after, 0) == []
    else:
        assert events[-1]["type"] == "ShipsDestroyed" and events[-1]["data"]["reason"] == "ambush"
        assert ships_at(after, "C2", 1) == 0 and ships_at(after, "C2", 0) == 1


def test_the_ai_landing_by_an_event_discovers_a_cloaked_ship():
    """p.9: "... or when an enemy is about to occupy the planet where it is cloaked, even if
    it is the AI due to an Event"."""
    state = replace(start(seats=2, ai="1"), ships={}, carried={}, loose={})
    state = place(state, ("B1", 0, 1), ("E1", 1, 1), ("C1", 2, 1))
    state = replace(state, carried={"B1": {0: ("engine",)}}, energy=(20, 20, 5),
                    techs=(TECHS, (), ()), hands=(("C3",), (), ()))
    state = at_phase(state, 0, "movement", energy=(20, 20, 5))
    _, state = play(state, 0, CLOAK(origin="B1", card="C3"))
    tx = Transaction(state, random.Random(0), evolve)
    ai_resolves(tx, 2, "C3")
    kinds = types(tx.events)
    assert kinds[0] == "ShipUncloaked" and tx.state.cloaked == {}
    assert ships_at(tx.state, "C3", 0) + ships_at(tx.state, "C3", 2) >= 1
