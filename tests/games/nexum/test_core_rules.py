"""The reconstructed core's rules, Given / When / Then. Each docstring quotes its source:
GAMES.md (what public descriptions of the core agree on), the Asteroids book (page), or
RULES_NOTES.md's reconstruction."""
from __future__ import annotations

from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand, InvalidOptions, NotYourTurn
from shared.games.kit import Transaction
from shared.games.nexum import GAME, flow
from shared.games.nexum.effects import apply_kind
from shared.games.nexum.evolve import evolve
from shared.games.nexum.flow import extraction
from shared.games.nexum.state import ships_at
from shared.games.nexum.vocabulary import (CHOOSE_PHASE, END_PHASE, MOVE, REPLICATE)
from tests.games.nexum.tables import at_phase, clear, place, play, start, types


def test_setup_puts_four_ships_on_each_tann_planet():
    """GAMES.md: "a home (Tann) system per player with 4 starting ships on the Tann planet";
    25 ships in all, the rest in reserve."""
    state = start()
    assert ships_at(state, "A1", 0) == 4 and ships_at(state, "E1", 1) == 4
    assert state.reserve == (21, 21)


def test_tabula_starts_with_two_ships_per_tann_planet_and_no_relics():
    """Asteroids p.21-22, Conquest of the Center: "There are no Relics in this scenario.
    Tann Systems start with 2 ships per planet." """
    state = start(sector="tabula")
    assert all(ships_at(state, f"A{n}", 0) == 2 for n in (1, 2, 3))
    assert not state.loose and not state.carried


def test_asteroids_on_every_planet_without_relic_except_tann_systems():
    """Asteroids p.5: "place an Asteroid marker on every planet without a Relic, except for
    Tann Systems"; their crystals are not shown to anyone."""
    state = start()
    assert "A1" not in state.asteroids_on and "B2" not in state.asteroids_on
    assert "B1" in state.asteroids_on and "C2" in state.asteroids_on
    shown = GAME.view(state, 0)
    assert shown["asteroids"] == sorted(state.asteroids_on)
    assert "YY" not in str(shown) or "crystals" not in str(shown["asteroids"])


def test_phase_cards_are_chosen_in_secret_and_revealed_together():
    """GAMES.md: four phase cards "chosen secretly"; Asteroids p.5 (hidden information)."""
    state = start()
    events, state = play(state, 0, CHOOSE_PHASE(card="movement", bid=2))
    assert GAME.redact(events[0], 1)["data"] == {"faction": 0}
    assert GAME.view(state, 1)["factions"][0]["has_chosen"] is True
    assert "phase_card" not in GAME.view(state, 1)["factions"][0]
    events, state = play(state, 1, CHOOSE_PHASE(card="management", bid=3))
    assert "PhasesRevealed" in types(events)


def test_the_highest_bid_plays_first_and_pays_its_bid():
    """GAMES.md: "energy bid for turn order"."""
    state = start()
    _, state = play(state, 0, CHOOSE_PHASE(card="movement", bid=1))
    _, state = play(state, 1, CHOOSE_PHASE(card="management", bid=3))
    assert state.order == (1, 0)
    assert state.energy == (5 - 1, 5 - 3 + 1)  # seat 1 plays Management first: +1 from E1


def test_each_phase_card_is_used_once_before_all_four_return():
    """GAMES.md: "each used once before all return"."""
    state = start()
    state = replace(state, used=(("movement",), ()))
    with pytest.raises(IllegalCommand, match="once before all return"):
        play(state, 0, CHOOSE_PHASE(card="movement", bid=0))
    assert CHOOSE_PHASE(card="movement", bid=0) not in GAME.legal_commands(state, 0)


def test_a_bid_above_your_energy_is_refused():
    state = start()
    with pytest.raises(IllegalCommand, match="but have 5"):
        play(state, 0, CHOOSE_PHASE(card="movement", bid=6))


def test_extraction_is_one_per_planet_and_two_per_star():
    """GAMES.md: "1 per planet and 2 per star extracted in Management"."""
    state = place(clear(start()), ("A1", 0, 2), ("A2", 0, 1), ("A*", 0, 1))
    assert extraction(state, 0) == 1 + 1 + 2


def test_energy_is_capped_at_twenty():
    """GAMES.md: "at most 20 stored"."""
    state = place(clear(start()), ("A1", 0, 2), ("A2", 0, 1), ("A*", 0, 1))
    state = replace(state, energy=(19, 5))
    state = at_phase(state, 0, "movement", phases=("movement", "management"))
    _, after = play(state, 0, END_PHASE())
    assert after.energy[0] == 20


def test_replication_places_ships_on_different_planets():
    """GAMES.md: "replicating ships in Management (at most 3 per turn, on different planets)"."""
    state = at_phase(place(clear(start()), ("A1", 0, 1), ("A2", 0, 1), ("E1", 1, 1)),
                     0, "management", energy=(20, 5))
    _, state = play(state, 0, REPLICATE(planet="A1"))
    with pytest.raises(IllegalCommand, match="different planets"):
        play(state, 0, REPLICATE(planet="A1"))
    _, state = play(state, 0, REPLICATE(planet="A2"))
    assert ships_at(state, "A1", 0) == 2 and state.reserve[0] == start().reserve[0] - 2


def test_a_fourth_ship_needs_replicator_one_and_costs_four():
    """Asteroids p.7, Replicator I: "build up to 4 ships per turn, on different planets. The
    fourth ship costs 4 energy"; without it, 3 a turn (GAMES.md)."""
    state = at_phase(place(clear(start()), *[(f"B{n}", 0, 1) for n in (1, 2, 3)],
                           ("A1", 0, 1), ("E1", 1, 1)), 0, "management", energy=(20, 5))
    for planet in ("B1", "B2", "B3"):
        _, state = play(state, 0, REPLICATE(planet=planet))
    with pytest.raises(IllegalCommand, match="3 ships per turn"):
        play(state, 0, REPLICATE(planet="A1"))
    state = replace(state, techs=(("replicator_1",), ()))
    events, after = play(state, 0, REPLICATE(planet="A1"))
    assert events[0]["data"]["cost"] == 4


def test_moving_to_an_adjacent_system_costs_two_per_ship():
    """GAMES.md: "moving to an adjacent system costs 2 energy per ship"."""
    state = at_phase(start(), 0, "movement")
    events, after = play(state, 0, MOVE(origin="A1", to="B1", ships=2, relics=0))
    assert events[0]["data"]["cost"] == 4 and after.energy[0] == 1


def test_no_hyperspace_in_the_expansion_until_researched():
    """Asteroids p.5: "when playing the expansion ships are incapable of jumping through
    Hyperspace ... you must first acquire the corresponding technology"."""
    state = at_phase(start(), 0, "movement")
    with pytest.raises(IllegalCommand, match="hyperspace"):
        play(state, 0, MOVE(origin="A1", to="D1", ships=1, relics=0))
    state = replace(state, techs=(("hyperspace",), ()))
    events, _ = play(state, 0, MOVE(origin="A1", to="D1", ships=1, relics=0))
    assert events[0]["data"]["cost"] == 3


def test_the_core_game_jumps_through_hyperspace_for_three():
    """GAMES.md: "through hyperspace 3" (the core game)."""
    state = at_phase(start(mode="core"), 0, "movement")
    events, _ = play(state, 0, MOVE(origin="A1", to="D1", ships=1, relics=0))
    assert events[0]["data"]["cost"] == 3


def test_an_attack_must_beat_the_defence():
    """GAMES.md: "battles without dice, decided by numbers of ships"."""
    state = at_phase(place(clear(start()), ("A1", 0, 2), ("B1", 1, 2), ("E1", 1, 1)),
                     0, "movement")
    with pytest.raises(IllegalCommand, match="does not beat a defence of 2"):
        play(state, 0, MOVE(origin="A1", to="B1", ships=2, relics=0))


def test_a_won_battle_scores_a_point_and_plunders_the_planet():
    """GAMES.md: "a won battle is 1 victory point"; "plunder on conquest" (plunder = the
    planet's size: reconstructed)."""
    state = at_phase(place(clear(start()), ("A1", 0, 3), ("B3", 1, 1), ("E1", 1, 1)),
                     0, "movement", energy=(10, 5))
    events, after = play(state, 0, MOVE(origin="A1", to="B3", ships=3, relics=0))
    battle = next(e for e in events if e["type"] == "BattleWon")["data"]
    assert after.vp == (1, 0)
    assert battle["energy"] == 10 - 6 + 3
    assert ships_at(after, "B3", 0) == 3 and ships_at(after, "B3", 1) == 0


def test_defenders_holding_the_star_defend_with_one_more():
    """GAMES.md: "+1 defence for a defender holding the star"."""
    state = at_phase(place(clear(start()), ("A1", 0, 3), ("B1", 1, 2), ("B2", 1, 1),
                           ("B*", 1, 1), ("E1", 1, 1)), 0, "movement", energy=(20, 5))
    with pytest.raises(IllegalCommand, match="defence of 3"):
        play(state, 0, MOVE(origin="A1", to="B1", ships=3, relics=0))


def test_losing_the_planet_majority_loses_the_star_and_a_point_more():
    """GAMES.md: stars are "lost with the planet majority"; "+1 if the loser thereby loses a
    star"."""
    state = at_phase(place(clear(start()), ("A1", 0, 4), ("B1", 1, 1), ("B3", 1, 1),
                           ("B*", 1, 1), ("E1", 1, 1)), 0, "movement", energy=(20, 5))
    events, after = play(state, 0, MOVE(origin="A1", to="B1", ships=3, relics=0))
    assert "StarLost" in types(events)
    assert ships_at(after, "B*", 1) == 0 and after.vp == (2, 0)


def test_at_most_two_ships_on_a_star_and_only_with_the_majority():
    """GAMES.md: "at most 2 ships on a star"."""
    state = at_phase(place(clear(start()), ("A1", 0, 4), ("A2", 0, 1), ("E1", 1, 1)),
                     0, "movement")
    with pytest.raises(IllegalCommand, match="At most 2"):
        play(state, 0, MOVE(origin="A1", to="A*", ships=3, relics=0))
    _, after = play(state, 0, MOVE(origin="A1", to="A*", ships=2, relics=0))
    assert ships_at(after, "A*", 0) == 2
    lonely = at_phase(place(clear(start()), ("A1", 0, 4), ("E1", 1, 1)), 0, "movement")
    with pytest.raises(IllegalCommand, match="at least half"):
        play(lonely, 0, MOVE(origin="A1", to="A*", ships=1, relics=0))


def test_landing_on_a_relic_picks_it_up_and_a_carrier_cannot_enter_a_star():
    """GAMES.md: "a ship landing on a relic must pick it up"; "a ship carrying a relic
    cannot enter a star"."""
    state = at_phase(place(clear(start()), ("A1", 0, 1), ("B1", 0, 1), ("B3", 0, 1),
                           ("E1", 1, 1)), 0, "movement", energy=(20, 5),
                     loose={"B2": ("military",)})
    events, after = play(state, 0, MOVE(origin="A1", to="B2", ships=1, relics=0))
    assert "RelicPickedUp" in types(events) and after.carried == {"B2": {0: ("military",)}}
    with pytest.raises(IllegalCommand, match="carrying a relic cannot enter a star"):
        play(replace(after, arrived={}), 0, MOVE(origin="B2", to="B*", ships=1, relics=1))


def test_a_military_relic_adds_one_to_the_defence():
    """GAMES.md: "a Military relic gives +1"."""
    state = at_phase(place(clear(start()), ("A1", 0, 3), ("B2", 1, 2), ("E1", 1, 1)),
                     0, "movement", energy=(20, 5), carried={"B2": {1: ("military",)}})
    with pytest.raises(IllegalCommand, match="defence of 3"):
        play(state, 0, MOVE(origin="A1", to="B2", ships=3, relics=0))


def test_six_victory_points_win():
    """GAMES.md: "victory thresholds (defaults 6 victory points or 5 relics)"."""
    state = at_phase(place(clear(start()), ("A1", 0, 3), ("B3", 1, 1), ("E1", 1, 1)),
                     0, "movement", energy=(10, 5), vp=(5, 0))
    events, after = play(state, 0, MOVE(origin="A1", to="B3", ships=3, relics=0))
    assert after.winner == 0 and after.reason == "victory_points"
    assert GAME.outcome(after)["ranks"] == [1, 2]


def test_five_relics_win():
    state = at_phase(place(clear(start()), ("A1", 0, 1), ("B1", 0, 4), ("E1", 1, 1)),
                     0, "movement", energy=(10, 5),
                     carried={"B1": {0: ("energy", "engine", "military", "replicator")}},
                     loose={"B2": ("military",)})
    _, after = play(state, 0, MOVE(origin="A1", to="B2", ships=1, relics=0))
    assert after.winner == 0 and after.reason == "relics"


def test_only_the_acting_seat_may_command():
    state = at_phase(start(), 0, "movement")
    with pytest.raises(NotYourTurn):
        play(state, 1, END_PHASE())


def test_a_solo_player_needs_an_ai_and_four_factions_at_most():
    with pytest.raises(InvalidOptions, match="solo player"):
        start(seats=1, ai="0")
    with pytest.raises(InvalidOptions, match="At most 4"):
        start(seats=3, ai="2")
    assert start(seats=1, ai="auto").kinds == ("seat", "ai")


def _round_one(state):
    """Both seats choose their phase card: the round's Action Rows are drawn and resolved
    (nobody holds an event card to play on them)."""
    events, state = play(state, 0, CHOOSE_PHASE(card="movement", bid=0))
    more, state = play(state, 1, CHOOSE_PHASE(card="management", bid=0))
    return events + more, state


@pytest.mark.parametrize("ai, level, rows", [("0", 3, 3), ("0", 1, 1), ("1", 3, 1)])
def test_aggressiveness_sets_how_many_action_rows_a_round_reveals_without_an_ai(ai, level,
                                                                                 rows):
    """A p.22, "Conquest of the Center": "Human vs Human vs Human vs Human (with Events):
    Aggressiveness 3" — a level for a game with no AI; A p.5: "every time an Action Row of
    Event cards is revealed" (an AI runs 3 event cards, a row's worth, per level: RULES_NOTES).

    Given a match with events and no AI at Aggressiveness 3 (or 1; or with an AI),
    When the round's phase cards are chosen,
    Then 3 Action Rows are revealed and resolved one after another (1; with an AI, 1 row
    and the AI runs its own 3 cards per level)."""
    state = start(ai=ai, aggressiveness=level)
    events, after = _round_one(state)
    assert types(events).count("ActionRowDrawn") == rows
    assert types(events).count("RowDiscarded") == rows
    assert after.stage == "turn" and after.phases


def test_the_core_game_has_no_destroyed_or_dead_planets():
    """A p.6: "Whenever a Planet has 5 No Movement markers (Solar event), they are replaced
    with a Destroyed Planet marker" — the expansion's rule ("DESTROYED PLANET", "DEAD
    PLANET" under "Main changes in Asteroids"); A p.20: the core game's modes are played
    "following the rules of the core game (no asteroids, no technology...)".

    Given a core-mode planet with 4 No Movement and 4 No Management markers and a ship,
    When a fifth of each is placed,
    Then the planet is neither destroyed nor dead and the ship stays (in Asteroids mode
    the same markers destroy it)."""
    for mode, ruined in (("core", False), ("asteroids", True)):
        state = replace(place(clear(start(mode=mode)), ("B1", 1, 1), ("A1", 0, 1)),
                        no_move={"B1": 4}, no_manage={"B1": 4})
        tx = Transaction(state, None, evolve)
        apply_kind(tx, "B1", "glacial")
        apply_kind(tx, "B1", "solar")
        kinds = types(tx.events)
        assert ("PlanetDestroyed" in kinds) is ruined and ("PlanetDied" in kinds) is ruined
        assert (ships_at(tx.state, "B1", 1) == 1) is not ruined
        assert tx.state.no_move["B1"] == 5 and tx.state.no_manage["B1"] == 5


def test_at_the_round_limit_an_ai_wins_only_by_victory_points():
    """A p.6: "This does not count as a Victory point for the AI" — the AI civilisations
    count victory points, and win by them only (RULES_NOTES: the round limit, ours, ranks
    "by victory points, relics, planets, ships").

    Given the round limit reached with Ana and the AI tied on 2 victory points, the AI
    carrying more relics,
    When the winner is named,
    Then it is Ana (a tie on points never goes to an AI by relics, planets or ships); with
    1 point more the AI wins."""
    state = replace(place(clear(start(ai="1")), ("A1", 0, 1), ("E1", 1, 1), ("B1", 2, 2)),
                    vp=(2, 0, 2), carried={"B1": {2: ("military", "energy")}})
    assert state.kinds[2] == "ai" and flow.standings(state)[0] == 2
    assert flow.round_limit_winner(state, flow.standings(state)) == 0
    ahead = replace(state, vp=(2, 0, 3))
    assert flow.round_limit_winner(ahead, flow.standings(ahead)) == 2
