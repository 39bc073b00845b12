"""Exile Sun rules, Given/When/Then, the rulebook quoted in each docstring:
the aggressor's choice of the order of its battles, scouts joining scouts and forming a fleet,
deploying next to the shipyard (which shows it) and next to a fleet when an anchor is full."""
import pytest

from shared.games.api import IllegalCommand
from shared.games.exile_sun import GAME
from shared.games.exile_sun.state import BATTLE, replace
from tests.games.exile_sun.tables import first_move_phase, play, with_fleets


def _commands(state, seat, kind):
    return [c for c in GAME.legal_commands(state, seat) if c["type"] == kind]


# -- p10: "If a player has initiated more than one battle he may choose their order." ----------

def _three_battles():
    """Seat 0 attacked on s1.n1 (a Light) and x1 (a decoy); seat 1 attacked on s0.n1."""
    state = with_fleets(first_move_phase(2),
                        ("a1", 0, "heavy", "s1.n1"), ("d1", 1, "light", "s1.n1"),
                        ("a2", 0, "medium", "x1"), ("d2", 1, "decoy", "x1"),
                        ("b1", 1, "heavy", "s0.n1"), ("d3", 0, "light", "s0.n1"))
    return replace(state, phase=BATTLE, order=(0, 1), turn=0,
                   battles=(("a1", "d1"), ("a2", "d2"), ("b1", "d3")))


def test_an_aggressor_with_several_battles_chooses_which_is_fought_first():
    """Given seat 0 started two battles and goes first in turn order, when the Battle phase
    begins, then seat 0 alone acts and chooses between its two battles (or passes: the order
    they were started in)."""
    state = _three_battles()
    assert GAME.to_act(state) == (0,)
    assert {c["space"] for c in _commands(state, 0, "fight")} == {"s1.n1", "x1"}
    assert _commands(state, 0, "pass")
    assert GAME.legal_commands(state, 1) == []


def test_the_chosen_battle_is_fought_then_the_aggressors_last_one_follows():
    """Given that choice, when seat 0 chooses x1 (a decoy, settled at once), then the x1
    battle is fought first, and seat 0's one remaining battle begins without another choice
    (p10: "Battles are resolved in turn order by the aggressor")."""
    events, state = play(_three_battles(), 0, {"type": "fight", "space": "x1"})
    began = [e["data"]["fleets"] for e in events if e["type"] == "BattleBegan"]
    assert began == [["a2", "d2"], ["a1", "d1"]]
    assert state.battle.fleets == ("a1", "d1") and state.battles == (("b1", "d3"),)


def test_pass_keeps_the_order_the_battles_were_started_in():
    _, state = play(_three_battles(), 0, {"type": "pass"})
    assert state.battle.fleets == ("a1", "d1")


def test_a_battle_not_started_by_the_chooser_cannot_be_chosen():
    with pytest.raises(IllegalCommand):
        play(_three_battles(), 0, {"type": "fight", "space": "s0.n1"})


# -- p15, Scouts: "Scouts may join only other Scouts to form a new fleet. (If the appropriate
# token is available)"; "Up to 5 Scouts can travel in a group and occupy the same space." -----

def _scouts(first, second, mover=0):
    state = with_fleets(first_move_phase(2), ("sa", 0, "scout", "s0.n4", first),
                        ("sb", 0, "scout", "s0.n3", second), ("h", 0, "heavy", "s0.n5"),
                        ("e", 1, "heavy", "s1.n1"))
    return replace(state, order=(mover, 1 - mover), turn=0)


def test_scouts_join_scouts_into_one_group():
    """Given a group of 2 Scouts next to a group of 1, when the 2 move onto the 1, then one
    group of 3 Scouts stands there, with the moves both had left."""
    state = _scouts(2, 1)
    assert {"type": "move", "fleet": "sa", "to": "s0.n3"} in GAME.legal_commands(state, 0)
    events, state = play(state, 0, {"type": "move", "fleet": "sa", "to": "s0.n3"})
    assert events[0]["data"]["join"] == "sb"
    groups = [f for f in state.fleets if f.kind == "scout"]
    assert [(f.id, f.space, f.count, f.moves) for f in groups] == [("sb", "s0.n3", 3, 3)]


def test_no_group_of_more_than_five_scouts_and_no_fleet_joins_scouts():
    """Given groups of 3 and 3 Scouts, the one cannot join the other (6 > 5); a Heavy fleet
    never ends on its own Scouts (Scouts join only other Scouts)."""
    state = _scouts(3, 3)
    assert {"type": "move", "fleet": "sa", "to": "s0.n3"} not in GAME.legal_commands(state, 0)
    assert {"type": "move", "fleet": "h", "to": "s0.n3"} not in GAME.legal_commands(state, 0)
    with pytest.raises(IllegalCommand):
        play(state, 0, {"type": "move", "fleet": "sa", "to": "s0.n3"})


def test_three_scouts_form_a_light_fleet_if_the_token_is_available():
    """Given a match with option scout_fleets, a group of 3 Scouts and a Light token in the
    supply, when the player forms a fleet, then the group becomes a Light fleet (3 ships), its
    Scouts back in the supply; everyone saw it formed, so its value is public."""
    state = replace(_scouts(3, 1), scout_fleets=True)
    supply = dict(state.players[0].supply)
    assert _commands(state, 0, "form_fleet") == [
        {"type": "form_fleet", "fleet": "sa", "token": "light"}]
    _, state = play(state, 0, {"type": "form_fleet", "fleet": "sa", "token": "light"})
    light = next(f for f in state.fleets if f.id == "sa")
    assert (light.kind, light.count) == ("light", 1) and "sa" in state.revealed
    after = dict(state.players[0].supply)
    assert after["light"] == supply["light"] - 1 and after["scout"] == supply["scout"] + 3
    assert next(f for f in GAME.view(state, 1)["fleets"] if f["id"] == "sa")["kind"] == "light"


def test_no_fleet_forms_without_its_token_or_from_the_wrong_number_of_scouts():
    state = replace(_scouts(3, 1), scout_fleets=True)
    p = state.players[0]
    empty = replace(p, supply=tuple((k, 0 if k == "light" else n) for k, n in p.supply))
    no_light = replace(state, players=(empty,) + state.players[1:])
    assert _commands(no_light, 0, "form_fleet") == []
    with pytest.raises(IllegalCommand):
        play(no_light, 0, {"type": "form_fleet", "fleet": "sa", "token": "light"})
    with pytest.raises(IllegalCommand):
        play(state, 0, {"type": "form_fleet", "fleet": "sb", "token": "light"})   # 1 scout


# -- p9, Fuel Supply, and p16, Shipyards ------------------------------------------------------

def _build(state, planets_to):
    """Seat 0 in its build turn with one fleet to deploy; every planet held by `planets_to`."""
    p = replace(state.players[0], deploys=1)
    return replace(state, phase="build", order=(0, 1), turn=0,
                   players=(p,) + state.players[1:],
                   planets=tuple((space, planets_to) for space, _ in state.planets))


def test_deploying_next_to_the_shipyard_shows_it():
    """Given seat 0 holds no planet and its Shipyard token stands on n3 of its System, when it
    deploys a fleet next to the shipyard, then the 'S' token is shown to everyone ("a player
    must flip the 'S' token to reveal the location of the shipyard token and then place a
    fleet adjacent to it")."""
    table = first_move_phase(2)
    s = f"s{table.players[0].slot}"
    state = _build(with_fleets(table, ("y", 0, "shipyard", f"{s}.n3"),
                               ("e", 1, "heavy", "x0")), planets_to=1)
    deploys = [c for c in GAME.legal_commands(state, 0) if c["type"] == "deploy"]
    assert {c["space"] for c in deploys} >= {f"{s}.n4", f"{s}.n5"}
    token = next(c["token"] for c in deploys if c["token"] != "decoy")
    events, state = play(state, 0, {"type": "deploy", "token": token, "space": f"{s}.n4"})
    assert events[0]["data"]["shipyard"] == "y"
    assert next(f for f in GAME.view(state, 1)["fleets"] if f["id"] == "y")["kind"] == "shipyard"


def test_next_to_a_planet_the_shipyard_stays_hidden():
    """Given seat 0 holds its planets and its shipyard stands next to one of them, a fleet
    deployed next to that planet shows nothing."""
    table = first_move_phase(2)
    s = f"s{table.players[0].slot}"
    state = _build(with_fleets(table, ("y", 0, "shipyard", f"{s}.b1"),
                               ("e", 1, "heavy", "x0")), planets_to=0)
    token = next(c["token"] for c in GAME.legal_commands(state, 0)
                 if c["type"] == "deploy" and c["token"] != "decoy")
    events, state = play(state, 0, {"type": "deploy", "token": token, "space": f"{s}.a1"})
    assert "shipyard" not in events[0]["data"]
    assert next(f for f in GAME.view(state, 1)["fleets"] if f["id"] == "y")["kind"] is None


def test_a_full_planet_lets_fleets_deploy_next_to_an_adjacent_fleet():
    """Given every space next to seat 0's planets is taken by its own fleets, then it may
    deploy next to one of those fleets ("If there are no spaces available directly adjacent to
    a certain planet or shipyard, then a player may deploy next to an adjacent fleet")."""
    table = first_move_phase(2)
    s = f"s{table.players[0].slot}"
    ring = ["m1", "b1", "a1", "b2", "a2"]
    fleets = [(f"o{i}", 0, "light", f"{s}.{space}") for i, space in enumerate(ring)]
    state = _build(with_fleets(table, *fleets, ("e", 1, "heavy", "x0")), planets_to=0)
    state = replace(state, planets=tuple((p, 0 if p.startswith(s) else 1)
                                         for p, _ in state.planets))
    spaces = {c["space"] for c in GAME.legal_commands(state, 0) if c["type"] == "deploy"}
    assert f"{s}.m2" in spaces and f"{s}.n1" in spaces      # next to m1 / next to a1
    assert not spaces & {f"{s}.{space}" for space in ring}


def test_redeployed_decoys_are_announced_not_shown():
    """Given seat 0 deploys a decoy and a fleet in its build turn, when it ends the turn, then
    everyone is told one decoy was redeployed but not which token it is (p15: "Decoy tokens
    must be announced when redeployed. Additional purchased fleets may be deployed at the same
    time to keep other players guessing")."""
    table = first_move_phase(2)
    s = f"s{table.players[0].slot}"
    state = _build(with_fleets(table, ("e", 1, "heavy", "x0")), planets_to=0)
    p = state.players[0]
    state = replace(state, players=(replace(p, supply=tuple(
        (k, max(n, 1)) if k in ("decoy", "light") else (k, n) for k, n in p.supply)),)
        + state.players[1:])
    placed = []
    for token, space in (("decoy", f"{s}.b1"), ("light", f"{s}.b2")):
        events, state = play(state, 0, {"type": "deploy", "token": token, "space": space})
        placed += events
    events, state = play(state, 0, {"type": "pass"})
    assert [e["data"] for e in events if e["type"] == "DecoysAnnounced"] == [{"seat": 0, "count": 1}]
    assert all("token" not in GAME.redact(e, 1)["data"] for e in placed)
    assert GAME.view(state, 1)["players"][0]["decoys_redeployed"] == 1
    assert {f["kind"] for f in GAME.view(state, 1)["fleets"] if f["owner"] == 0} == {None}
