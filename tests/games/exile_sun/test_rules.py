"""Exile Sun rules, Given/When/Then, with the rulebook's page in each docstring."""
import random

import pytest

from shared.games.api import IllegalCommand
from shared.games.exile_sun import GAME
from shared.games.exile_sun.battle import fight, scaled
from shared.games.exile_sun.budget import bonuses, items
from shared.games.exile_sun.components import AGENDAS, TECH, agenda_deck, colour_ships, initiative_cards
from shared.games.exile_sun.movement import scan_succeeds, step_cost
from shared.games.exile_sun.scoring import ranks
from shared.games.exile_sun.state import BATTLE, TACTICS_STEP, Battle, Fleet, Player, State


def _table(colonies, **state):
    return State(players=tuple(Player(seat=i, colony=c) for i, c in enumerate(colonies)), **state)


# -- components ---------------------------------------------------------------------------------

def test_rulebook_counts():
    """p5-7: 25 ship cards a colour by deck, 26 agendas, 36 tech cards, 6 initiative cards."""
    decks = colour_ships()
    assert [len(decks[d]) for d in ("storage", "overhead", "reserve")] == [7, 10, 8]
    assert sum(a["count"] for a in AGENDAS.values()) == 26
    assert sum(t.get("regular", 0) + t.get("colonial", 0) for t in TECH.values()) == 36
    assert AGENDAS["aggressive_campaign"]["count"] == 3 == AGENDAS["rout_the_opposition"]["count"]
    assert len(initiative_cards(6)) == 6


def test_two_players_remove_initiative_1_and_5_and_six_agendas():
    """p18, Two Players: remove Initiative #1 and #5, Aggressive Campaign and Rout the
    Opposition (3 cards each)."""
    assert initiative_cards(2) == (2, 3, 4, 6)
    deck = agenda_deck(2)
    assert len(deck["red"]) + len(deck["yellow"]) == 20
    assert not any(c.startswith(("aggressive", "rout")) for c in deck["red"])


# -- budget: the example cycle (p16-17) ---------------------------------------------------------

def test_example_cycle_budget_results():
    """p17: James 3/2/0/1, Jared 1/3/2/1, Brett 2/0/2/2 (overhead, fuel, ships, tech) give
    Overhead 5/1/3, Fleets 2/3/0, Ship cards 0/3/3, Tech 1/1/3 (GAMES.md: +2 / +1 items)."""
    state = _table(["kepler", "orison", "kepler"])
    allocations = [(3, 2, 0, 1), (1, 3, 2, 1), (2, 0, 2, 2)]
    got = items(state, allocations)
    assert [g[0] for g in got] == [5, 1, 3]
    assert [g[1] for g in got] == [2, 3, 0]
    assert [g[2] for g in got] == [0, 3, 3]
    assert [g[3] for g in got] == [1, 1, 3]


def test_bonus_ties():
    """p8: two tied for most both get the second-most bonus; more than two tied, or a tie for
    second most, get nothing; p18: no bonus without at least 1 point."""
    assert bonuses([2, 2, 1]) == [1, 1, 0]
    assert bonuses([2, 2, 2]) == [0, 0, 0]
    assert bonuses([3, 1, 1]) == [2, 0, 0]
    assert bonuses([3, 0]) == [2, 0]


# -- move phase ---------------------------------------------------------------------------------

def _two_player_board():
    state = _table(["helios", "kepler"], planets=(("s0.p1", 0), ("s0.p2", 0),
                                                   ("s1.p1", 1), ("s1.p2", 1)))
    return state


def test_trade_route_move_covers_two_spaces():
    """p9: one move into a trade route travels two spaces if both are in the trade route."""
    state = _two_player_board()
    assert step_cost(state, 0, "s0.t1", False) == (1, True)
    assert step_cost(state, 0, "s0.t2", True) == (0, False)


def test_asteroid_fields_cost_two_and_military_zone_is_a_route_for_its_controller():
    """p9-10: two moves to enter an asteroid field; a military zone acts as a trade route for
    the colony holding every planet of its System."""
    state = _two_player_board()
    assert step_cost(state, 0, "s0.a1", False) == (2, False)
    assert step_cost(state, 1, "s0.a1", False) == (1, False)   # Kepler's asteroid pilots
    assert step_cost(state, 0, "s0.m1", False) == (1, True)
    assert step_cost(state, 1, "s0.m1", False) == (1, False)


@pytest.mark.parametrize("distance,roll,success", [
    (1, None, True), (2, 2, False), (2, 3, True), (3, 4, False), (3, 5, True), (3, 6, True)])
def test_scan_table(distance, roll, success):
    """p9, Scan Roll Successes: adjacent always; 2 spaces on 3 or higher; 3 spaces on 5+."""
    state = _table(["kepler", "helios"])
    assert scan_succeeds(state, 0, distance, roll) is success


# -- battle -------------------------------------------------------------------------------------

@pytest.mark.parametrize("survivors,kind,supply,expected", [
    (4, "heavy", {"medium": 1, "scout": 10}, ("medium", 1, 0)),
    (4, "heavy", {"medium": 0, "light": 1, "scout": 10}, ("light", 1, 1)),
    (3, "medium", {"light": 1, "scout": 10}, ("light", 1, 0)),
    (3, "medium", {"light": 0, "scout": 10}, ("scout", 3, 0)),
    (2, "light", {"scout": 10}, ("scout", 2, 0)),
    (3, "heavy", {"light": 1, "scout": 10}, ("light", 1, 0)),   # p17: Jared, 3 survive a Heavy
    (1, "light", {"scout": 10}, ("scout", 1, 0)),               # p17: James, 1 survives
    # The Scouts run out: nothing vanishes (p15: "not completely destroyed"); the smallest
    # token that holds the survivors, the fleet's own if no other.
    (2, "light", {"scout": 0}, ("light", 1, 0)),
    (2, "light", {"scout": 1}, ("light", 1, 0)),
    (4, "heavy", {"medium": 0, "light": 1, "scout": 0}, ("heavy", 1, 0)),
    (4, "heavy", {"medium": 1, "scout": 0}, ("medium", 1, 0)),
    (1, "medium", {"light": 1, "scout": 0}, ("light", 1, 0)),
])
def test_scout_table(survivors, kind, supply, expected):
    """p15, Scouts: Heavy-1 = Medium (or Light & 1 Scout); Medium-1 = Light (or 3 Scouts);
    Light-1 = 2 Scouts. Given the supply, when `survivors` of a `kind` fleet survive, then it
    becomes `expected` (token, count, spare Scouts)."""
    assert scaled(survivors, kind, 1, supply) == expected


def test_damage_is_attack_minus_defence_one_circle_a_point():
    """p11-13: compare Attack vs Defend; each point of damage covers one armour circle; a ship
    with every circle covered is destroyed."""
    battle = Battle(space="x0", fleets=("f0", "f1"), seats=(0, 1), tokens=("light", "light"),
                    ships=((("cruiser-1", 0),), (("frigate-1", 0), ("destroyer-1", 0))),
                    tactics=((("attack", "frigate-1", 5), ("defend", "cruiser-1", 2)),
                             (("attack", "cruiser-1", 4), ("defend", "frigate-1", 3))))
    ships, lost, damage = fight(battle)
    assert ships[0] == [["cruiser-1", 2]]                 # 4 attack - 2 defence
    assert lost[1] == ["frigate-1"]                       # 5 - 3 = 2 = both circles
    assert ships[1] == [["destroyer-1", 0]]


# -- victory ------------------------------------------------------------------------------------

def test_tie_break_prefers_both_home_planets_then_flagship_then_planets():
    """p14: tied VP: only one with both home planets wins; else only one with his own
    Flagship; else the most planets under control."""
    players = (Player(seat=0, slot=0, public_vp=5), Player(seat=1, slot=1, public_vp=5))
    state = State(players=players, planets=(("s0.p1", 0), ("s0.p2", 0), ("s1.p1", 1),
                                            ("s1.p2", 0)))
    # seat 0 also has a planet of seat 1: 5 + 3 private (both home) vs 5 + 2
    assert ranks(state) == (1, 2)
    level = State(players=(Player(seat=0, slot=0, public_vp=6),
                           Player(seat=1, slot=1, public_vp=5,
                                  trophies=(("flagship", 0),))),
                  planets=(("s0.p1", 0), ("s0.p2", 0), ("s1.p1", 1), ("s1.p2", 1)))
    # 6 + 2 (flagship lost) = 8 vs 5 + 3 + 1 trophy = 9
    assert ranks(level) == (2, 1)


# -- whole matches ------------------------------------------------------------------------------

def _setup(seats, seed=0, **options):
    state = None
    for event in GAME.setup(GAME.spec.resolve_options(options), seats, random.Random(seed)):
        state = GAME.evolve(state, event)
    return state


def test_setup_deals_and_stocks_in_secret():
    """p7: each player holds one red and one yellow Agenda and four Ship cards; two Overhead
    cards went into the Reserve, which nobody sees."""
    state = _setup(4)
    for p in state.players:
        assert len(p.agendas) == 2 and len(p.hand) == 4
        assert p.overhead.size == 8 and p.reserve.size == 8 + 2 - 4
    spectator = GAME.view(state, None)
    assert "hand" not in spectator["players"][0] and spectator["players"][0]["hand_size"] == 4
    assert "hand" in GAME.view(state, 0)["players"][0]
    assert "hand" not in GAME.view(state, 0)["players"][1]


def test_long_war_plays_to_15():
    """p18, The Long War: play to 15 victory points."""
    assert _setup(3, victory="long_war").victory == 15
    assert _setup(3).victory == 10


def _battle_state(missing):
    battle = Battle(space="x0", fleets=("f0", "f1"), seats=(0, 1), tokens=("light", "light"),
                    step=TACTICS_STEP, ships=((("frigate-1", 0),), (("frigate-2", 0),)))
    fleets = (Fleet(id="f0", owner=0, kind="scout", space="x0"),
              Fleet(id="f1", owner=1, kind="scout", space="x0"))
    return State(players=(Player(seat=0, colony="kepler"), Player(seat=1, colony="helios")),
                 phase=BATTLE, battle=battle, fleets=fleets, missing=missing)


@pytest.mark.parametrize("missing", ["error_stands", "redo_round"])
def test_missing_tactics_per_the_match_option(missing):
    """p13-14, 'Missing': error_stands wastes points put on a ship not in the battle;
    redo_round refuses them so the tactics are set again."""
    state = _battle_state(missing)
    wrong = {"type": "tactics", "columns": [{"role": "attack", "ship": "cruiser-9", "power": 3}]}
    if missing == "redo_round":
        with pytest.raises(IllegalCommand):
            GAME.decide(state, 0, wrong, random.Random(0))
    else:
        events = GAME.decide(state, 0, wrong, random.Random(0))
        assert events[0]["type"] == "TacticsSet"


def test_tactics_must_spend_all_power_at_most_8_a_column():
    """p11: the fleet power is allocated, at most 8 points in any one column."""
    state = _battle_state("error_stands")
    short = {"type": "tactics", "columns": [{"role": "attack", "ship": "frigate-2", "power": 1}]}
    with pytest.raises(IllegalCommand):
        GAME.decide(state, 0, short, random.Random(0))
    for command in GAME.legal_commands(state, 0):
        assert all(c["power"] <= 8 for c in command["columns"])
        assert sum(c["power"] for c in command["columns"]) == 3


def test_random_matches_end_at_every_player_count():
    """p14: random legal play reaches one of the book's endings (or our cycle limit)."""
    for seats in range(2, 7):
        state = _setup(seats, seed=seats)
        rng = random.Random(seats)
        for _ in range(20_000):
            if GAME.outcome(state) is not None:
                break
            seat = rng.choice(list(GAME.to_act(state)))
            command = rng.choice(GAME.legal_commands(state, seat))
            for event in GAME.decide(state, seat, command, rng):
                state = GAME.evolve(state, event)
        result = GAME.outcome(state)
        assert result is not None and len(result["ranks"]) == seats
        assert result["reason"] in ("five_planets", "victory_points", "agenda_deck_empty",
                                    "no_fleets", "cycle_limit")
