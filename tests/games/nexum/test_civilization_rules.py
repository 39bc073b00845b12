"""Civilization cards, both generations (Asteroids p.13), Given / When / Then, quoting the
book. The Psycon's 2nd Generation text is lost in our copy: its skill is authored."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand, InvalidOptions
from shared.games.kit import Transaction
from shared.games.nexum import GAME
from shared.games.nexum.civilizations import CIVS
from shared.games.nexum.effects import apply_kind
from shared.games.nexum.evolve import evolve
from shared.games.nexum.state import ships_at
from shared.games.nexum.vocabulary import (CHOOSE_CIVILIZATION, CHOOSE_PHASE,
                                           EVOLVE_CIVILIZATION, MOVE, USE_SKILL)
from tests.games.nexum.tables import at_phase, clear, place, play, start, types


def _civ(civ: str, generation: int = 1, other: str = "biontes", **changes):
    """Seat 0 plays `civ`, seat 1 `other`, in IHX; seat 0 in its movement phase."""
    state = start(civilization_cards=True)
    state = replace(state, civs=(civ, other), generation=(generation, 1), stage="turn",
                    queue=())
    return at_phase(state, 0, changes.pop("phase", "movement"), energy=(10, 10), **changes)


def test_civilizations_are_chosen_in_reverse_turn_order_before_the_first_round():
    """p.13: "If the players cannot agree in the Civilization selection, proceed in reverse
    turn order. The last player to choose will be the first to play"."""
    state = start(seats=3, civilization_cards=True)
    assert state.stage == "civilize" and GAME.to_act(state) == (2,)
    _, state = play(state, 2, CHOOSE_CIVILIZATION(civ="clonyx"))
    with pytest.raises(IllegalCommand, match="clonyx is not left"):
        play(state, 1, CHOOSE_CIVILIZATION(civ="clonyx"))
    _, state = play(state, 1, CHOOSE_CIVILIZATION(civ="psycon"))
    _, state = play(state, 0, CHOOSE_CIVILIZATION(civ="gnomicon"))
    assert state.civs == ("gnomicon", "psycon", "clonyx") and state.stage == "choose"
    assert state.generation == (1, 1, 1)
    for seat in range(3):
        _, state = play(state, seat, CHOOSE_PHASE(card="movement", bid=0))
    assert state.order[0] == 0  # equal bids: the last to choose plays first


def test_evolving_costs_two_crystals_of_your_colour_or_four_asteroids_for_the_clonyx():
    """p.13: "You can evolve once to learn the 2nd Generation skill by spending 2 crystals of
    your color, or four asteroids if you are playing the Clonyx" (colours authored)."""
    colour = CIVS["biontes"]["colour"]
    state = _civ("biontes", loaded=(((1, colour + "Y"), (2, colour)), ()))
    with pytest.raises(IllegalCommand, match="2nd Generation"):
        play(state, 0, USE_SKILL(skill="revive", target="A1"))
    with pytest.raises(IllegalCommand, match="costs 2 G crystals"):
        play(state, 0, EVOLVE_CIVILIZATION(asteroids=[1]))
    _, after = play(state, 0, EVOLVE_CIVILIZATION(asteroids=[1, 2]))
    assert after.generation[0] == 2 and after.loaded[0] == ()
    with pytest.raises(IllegalCommand, match="evolves once"):
        play(after, 0, EVOLVE_CIVILIZATION(asteroids=[]))
    clonyx = _civ("clonyx", loaded=(((1, "B"), (2, "G"), (3, "Y")), ()))
    with pytest.raises(IllegalCommand, match="4 asteroids"):
        play(clonyx, 0, EVOLVE_CIVILIZATION(asteroids=[1, 2, 3]))


def test_a_skill_is_used_once_per_turn_and_only_one_generation():
    """p.13: "It can only be used once per turn. If you have learned the 2nd Generation
    skill, you must decide each turn if you want to use the 1st or 2nd Generation skills"."""
    state = _civ("psycon", 2, ships={"A1": {0: 4}, "E1": {1: 4}})
    _, after = play(state, 0, USE_SKILL(skill="overcharge", target=""))
    assert after.energy[0] == 12  # authored OVERCHARGE: +2 energy
    with pytest.raises(IllegalCommand, match="once per turn"):
        play(after, 0, USE_SKILL(skill="de_ionizing", target="B1"))
    with pytest.raises(IllegalCommand, match="skill of the clonyx"):
        play(state, 0, USE_SKILL(skill="invulnerable", target=""))


def test_psycon_ignore_ionized_events_and_one_fleet_ignores_no_movement_markers():
    """p.13: Psycon 1st Generation, DE-IONIZING: "they are not affected by "Ionized
    atmosphere" events. Once per turn, one of your fleets can ignore No Movement markers on
    the destination planet and doesn't have to pay any additional energy"."""
    state = _civ("psycon", ships={"A1": {0: 4}, "B1": {0: 1, 1: 1}, "E1": {1: 4}},
                 no_move={"B2": 3})
    tx = Transaction(state, None, evolve)
    apply_kind(tx, "B1", "ionized")
    assert ships_at(tx.state, "B1", 0) == 1 and ships_at(tx.state, "B1", 1) == 0
    state = replace(state, ships={"A1": {0: 4}, "E1": {1: 4}})
    _, paid = play(state, 0, MOVE(origin="A1", to="B2", ships=1, relics=0))
    assert paid.energy[0] == 10 - 2 - 3
    _, armed = play(state, 0, USE_SKILL(skill="de_ionizing", target="B2"))
    _, free = play(armed, 0, MOVE(origin="A1", to="B2", ships=1, relics=0))
    assert free.energy[0] == 10 - 2
    _, second = play(free, 0, MOVE(origin="A1", to="B2", ships=1, relics=0))
    assert second.energy[0] == 10 - 2 - 5  # one fleet only


def test_biontes_regenerate_markers_and_dead_planets():
    """p.13: Biontes 1st, REGENERATOR I: "eliminate all No Management markers from a Planet
    where a Bionte ship is at"; 2nd, REGENERATOR II: "eliminate all No Movement markers from a
    Planet where you have a ship or that you can reach ... Also, it can regenerate Dead
    Planets by sacrificing a ship located there, plundering energy if this happens in the
    same turn it is conquered"."""
    state = _civ("biontes", ships={"A1": {0: 2}, "B1": {0: 2}, "E1": {1: 4}},
                 no_manage={"B1": 3}, no_move={"C1": 2})
    with pytest.raises(IllegalCommand, match="need a ship on that planet"):
        play(state, 0, USE_SKILL(skill="regenerator_1", target="C2"))
    _, after = play(state, 0, USE_SKILL(skill="regenerator_1", target="B1"))
    assert after.no_manage == {}
    second = replace(state, generation=(2, 1))
    _, after = play(second, 0, USE_SKILL(skill="regenerator_2", target="C1"))  # reachable
    assert after.no_move == {}
    dead = replace(second, dead=frozenset({"B1"}), no_manage={"B1": 5}, won_this_turn=("B1",))
    events, after = play(dead, 0, USE_SKILL(skill="revive", target="B1"))
    assert types(events) == ["SkillUsed", "ShipsDestroyed", "PlanetRevived"]
    assert "B1" not in after.dead and ships_at(after, "B1", 0) == 1
    assert after.energy[0] == 10 + 1  # B1 is size 1 in IHX: conquered this turn, plundered


def test_clonyx_attack_without_casualties_and_lend_a_relic_military_strength():
    """p.13: Clonyx 1st, INVULNERABLE: "suffer no casualties when you attack"; 2nd, NEXUM
    AFFINITY: "choose one controlled Relic to receive a +1 attack/defense bonus as if it were
    a Military Relic, added to its usual effects"."""
    state = _civ("clonyx", ships={"A1": {0: 5}, "B1": {1: 2}, "E1": {1: 4}})
    _, plain = play(state, 0, MOVE(origin="A1", to="B1", ships=3, relics=0))
    assert ships_at(plain, "B1", 0) == 2  # half the 2 defenders lost
    _, armed = play(state, 0, USE_SKILL(skill="invulnerable", target=""))
    _, after = play(armed, 0, MOVE(origin="A1", to="B1", ships=3, relics=0))
    assert ships_at(after, "B1", 0) == 3
    second = replace(state, generation=(2, 1), carried={"A1": {0: ("engine",)}})
    with pytest.raises(IllegalCommand, match="none of your relics"):
        play(second, 0, USE_SKILL(skill="nexum_affinity", target="B1"))
    _, lent = play(second, 0, USE_SKILL(skill="nexum_affinity", target="A1"))
    assert GAME.view(lent, 1)["nexum_affinity"] == {"0": "A1"}
    _, won = play(lent, 0, MOVE(origin="A1", to="B1", ships=2, relics=1))  # 2 +1 beats 2
    assert ships_at(won, "B1", 0) == 1
    from shared.games.nexum import board
    assert board.defence(lent, "A1") == 5 + 1


def test_gnomicon_foresee_the_row_and_see_the_top_three_cards():
    """p.13: Gnomicon 1st, WISE: "You may secretly look at the first and last cards of each
    Action Row"; 2nd, SEER: "You may secretly look at the top 3 cards of the Events deck
    during your turn"."""
    state = start(civilization_cards=True)
    _, state = play(state, 1, CHOOSE_CIVILIZATION(civ="biontes"))
    events, state = play(state, 0, CHOOSE_CIVILIZATION(civ="gnomicon"))
    seen = next(e for e in events if e["type"] == "DeckTopSeen")
    first, middle, last = seen["data"]["cards"]
    assert GAME.redact(seen, 0)["data"]["cards"] == [first, None, last]
    assert GAME.redact(seen, 1)["data"] == {"faction": 0, "count": 3}
    assert GAME.view(state, 0)["factions"][0]["deck_top_seen"] == [first, None, last]
    assert "deck_top_seen" not in GAME.view(state, 1)["factions"][0]
    for seat in (0, 1):
        events, state = play(state, seat, CHOOSE_PHASE(card="movement", bid=0))
    row = next(e for e in events if e["type"] == "ActionRowDrawn")
    assert row["data"]["cards"] == [first, middle, last]
    seer = at_phase(replace(state, generation=(2, 1), stage="turn"), 0, "movement")
    events, after = play(seer, 0, USE_SKILL(skill="seer", target=""))
    top = events[-1]["data"]["cards"]
    assert len(top) == 3 and GAME.redact(events[-1], 0)["data"]["cards"] == top
    from shared.games.nexum.deck import draw_cards
    tx = Transaction(after, random.Random(5), evolve)
    assert draw_cards(tx, 3) == top  # the next draws are the cards seen


@pytest.mark.parametrize("mode", ["core", "eventless"])
def test_civilization_cards_are_not_played_with_the_core_rules(mode):
    """p.13: "You can evolve once to learn the 2nd Generation skill by spending 2 crystals
    of your color"; p.20: "Eventless game modes are always played following the rules of
    the core game (no asteroids, no technology...)".

    Given a match in core (or eventless) mode,
    When civilization cards are asked for,
    Then the options are refused (in Asteroids mode they are dealt)."""
    with pytest.raises(InvalidOptions, match="belong to the Asteroids mode"):
        start(mode=mode, civilization_cards=True)
    assert start(civilization_cards=True).stage == "civilize"
