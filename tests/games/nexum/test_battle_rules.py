"""Battles: what the attacker's losses do to the relics its fleet carries, and battles on
stars, Given / When / Then, quoting the book."""
from __future__ import annotations

from shared.games.nexum import board
from shared.games.nexum.state import relics_with, ships_at
from shared.games.nexum.vocabulary import MOVE
from tests.games.nexum.exotic_tables import add_exotic
from tests.games.nexum.tables import at_phase, clear, place, play, start


def test_the_attackers_lost_ships_drop_their_relics_on_the_planet():
    """A p.11: "If there was a Relic attached to a destroyed ship, said Relic will remain
    there" — an attacker's ship lost in battle is a destroyed ship too, and a ship carries
    one relic.

    Given 3 ships carrying 3 relics attack 2 defenders (the attacker loses 1 ship),
    When the battle is won,
    Then 2 ships carry 2 relics (Military first), the third lies on the planet, and only
    the 2 carried count towards the 5-relic victory."""
    state = at_phase(place(clear(start()), ("A1", 0, 3), ("B3", 1, 2), ("E1", 1, 1)),
                     0, "movement", energy=(10, 5),
                     carried={"A1": {0: ("military", "energy", "engine")}})
    events, after = play(state, 0, MOVE(origin="A1", to="B3", ships=3, relics=3))
    battle = next(e for e in events if e["type"] == "BattleWon")["data"]
    assert battle["losses"] == 1 and battle["attacker_dropped"] == ["engine"]
    assert ships_at(after, "B3", 0) == 2
    assert sorted(relics_with(after, "B3", 0)) == ["energy", "military"]
    assert after.loose["B3"] == ("engine",)
    assert sorted(board.relics_of(after, 0)) == ["energy", "military"]


def test_a_star_held_by_another_faction_is_attacked_and_pays_the_standard_plunder():
    """A p.10: "The battle victories on planets and stars of Exotic Systems do not increase
    the victory point count" — so stars are won in battle, and elsewhere they score; A p.11:
    "Both stars provide the standard plunder (4)".

    Given a system whose third planet was destroyed (two count), Bo on B1 and the star,
    Ana's 3 ships on B2 (half the planets: she may enter the star, and keeps it),
    When Ana's 2 ships attack Bo's 1 on the star,
    Then Bo's ship is destroyed, Ana takes the star, 1 victory point and 4 energy."""
    state = place(clear(start()), ("B1", 1, 1), ("B*", 1, 1), ("B2", 0, 3), ("E1", 1, 1))
    state = at_phase(state, 0, "movement", energy=(10, 5),
                     destroyed=frozenset({"B3"}))
    events, after = play(state, 0, MOVE(origin="B2", to="B*", ships=2, relics=0))
    battle = next(e for e in events if e["type"] == "BattleWon")["data"]
    assert battle["planet"] == "B*" and battle["destroyed"] == 1
    assert ships_at(after, "B*", 0) == 2 and ships_at(after, "B*", 1) == 0
    assert after.vp == (1, 0) and after.energy[0] == 10 - 1 * 2 + 4


def test_each_binary_star_pays_the_standard_plunder_and_no_victory_point():
    """A p.11, Binary Star: "Both stars provide the standard plunder (4)"; A p.10: "battle
    victories on planets and stars of Exotic Systems do not increase the victory point
    count".

    Given the Binary Star in play, Bo on its second star, Ana on one of its planets,
    When Ana attacks that star with 2 ships,
    Then she wins it, 4 energy and no victory point."""
    state = add_exotic(clear(start()), "H", links=("A",))
    state = place(state, ("h1", 0, 3), ("h**", 1, 1), ("h2", 1, 1), ("E1", 1, 1))
    state = at_phase(state, 0, "movement", energy=(10, 5))
    events, after = play(state, 0, MOVE(origin="h1", to="h**", ships=2, relics=0))
    battle = next(e for e in events if e["type"] == "BattleWon")["data"]
    assert battle["planet"] == "h**" and battle["vp"] == 0
    assert ships_at(after, "h**", 0) == 2 and after.vp == (0, 0)
    assert after.energy[0] == 10 - 2 + 4
