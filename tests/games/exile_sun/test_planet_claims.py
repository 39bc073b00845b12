"""Exile Sun: planets are claimed in the Battle phase, Given/When/Then.

Rulebook p8, A Game Cycle: "3) Battle – Battle, Claim Planets & VPs"; p13: "Any players who
have won planets receive their Victory Points after the battle has been resolved"; p14:
"Every time a player acquires any planet space from an opponent a public Victory Point is
awarded them on the VP Track. Unoccupied planets remain under the control of the player who
occupied them last."
"""
from shared.games.exile_sun import GAME
from shared.games.exile_sun.state import BATTLE, MOVE, REGROUP, replace
from shared.games.exile_sun.scoring import holds_home
from tests.games.exile_sun.tables import first_move_phase, play, with_fleets

PASS = {"type": "pass"}


def _move_turns(*fleets):
    """A two-seat table in its Move phase, seat 0 moving first, with exactly these fleets;
    a space "s1.n1" names space n1 of seat 1's own System (and "s0." seat 0's)."""
    table = first_move_phase(2)
    systems = {f"s{seat}.": f"s{table.players[seat].slot}." for seat in (0, 1)}
    placed = [f[:3] + (systems[f[3][:3]] + f[3][3:],) + f[4:] for f in fleets]
    return replace(with_fleets(table, *placed), phase=MOVE, order=(0, 1), turn=0)


def _at(state, name):
    """The space "s<seat>.<space>" of that seat's own System."""
    seat, space = name[1], name[3:]
    return f"s{state.players[int(seat)].slot}.{space}"


def _captures(events):
    return [(e["data"]["seat"], e["data"]["space"]) for e in events
            if e["type"] == "PlanetCaptured"]


def _to_regroup(state, events=()):
    """Every seat passes until the cycle's regroup step (battles here need no cards)."""
    events = list(events)
    while state.phase != REGROUP:
        seat = GAME.to_act(state)[0]
        more, state = play(state, seat, PASS)
        events += more
    return events, state


def test_a_planet_entered_unopposed_is_not_claimed_when_the_mover_ends_its_turn():
    """Given seat 0's lone Scout next to seat 1's empty planet s1.p1 (p8: the Move phase is
    "Move Fleets, Scan Fleets"; planets are claimed in the Battle phase), when seat 0 moves
    onto it and ends its move turn, then the planet is still seat 1's and nobody scored."""
    state = _move_turns(("sc", 0, "scout", "s1.n1"), ("h", 1, "heavy", "s1.n3"),
                        ("h0", 0, "heavy", "s0.n3"))
    owner = dict(state.planets)[_at(state, "s1.p1")]
    assert owner == 1
    events, state = play(state, 0, {"type": "move", "fleet": "sc", "to": _at(state, "s1.p1")})
    more, state = play(state, 0, PASS)
    assert _captures(events + more) == []
    assert dict(state.planets)[_at(state, "s1.p1")] == 1 and state.players[0].public_vp == 0


def test_a_planet_held_alone_through_the_battle_phase_is_claimed_there_for_one_vp():
    """Given the same Scout alone on s1.p1, when both move turns end and the Battle phase has
    no battle left, then seat 0 acquires s1.p1 from its opponent: +1 public VP (p14), claimed
    in the Battle phase ("Battle, Claim Planets & VPs", p8)."""
    state = _move_turns(("sc", 0, "scout", "s1.n1"), ("h", 1, "heavy", "s1.n3"),
                        ("h0", 0, "heavy", "s0.n3"))
    events, state = play(state, 0, {"type": "move", "fleet": "sc", "to": _at(state, "s1.p1")})
    events, state = _to_regroup(state, events)
    assert _captures(events) == [(0, _at(state, "s1.p1"))]
    claimed = next(i for i, e in enumerate(events) if e["type"] == "PlanetCaptured")
    battle_phase = next(i for i, e in enumerate(events) if e["type"] == "StepBegan"
                        and e["data"]["phase"] == BATTLE)
    assert claimed > battle_phase
    assert dict(state.planets)[_at(state, "s1.p1")] == 0 and state.players[0].public_vp == 1


def test_retaking_a_planet_in_the_same_cycle_scores_for_nobody():
    """Given seat 0's lone Scout moved onto seat 1's planet s1.p1, when seat 1 attacks it
    there in its own move turn (p15: "If a single Scout is attacked by a fleet it loses
    automatically"), then after the Battle phase s1.p1 is still seat 1's and neither seat
    scored: seat 1 acquired nothing from an opponent, and the Scout never held the planet
    (before, the Scout scored +1 at its turn's end and seat 1 +1 more for winning it back)."""
    state = _move_turns(("sc", 0, "scout", "s1.n1"), ("h", 1, "heavy", "s1.n3"),
                        ("h0", 0, "heavy", "s0.n3"))
    events, state = play(state, 0, {"type": "move", "fleet": "sc", "to": _at(state, "s1.p1")})
    more, state = play(state, 0, PASS)
    events += more
    more, state = play(state, 1, {"type": "move", "fleet": "h", "to": _at(state, "s1.p1")})
    events += more
    events, state = _to_regroup(state, events)
    assert _captures(events) == []
    assert dict(state.planets)[_at(state, "s1.p1")] == 1
    assert [p.public_vp for p in state.players] == [0, 0]


def test_a_planet_won_in_battle_is_claimed_after_that_battle():
    """Given seat 1's lone Scout on its own planet s1.p1, when seat 0's Heavy attacks it and wins (p15), then seat 0 has
    won the planet and receives its VP after the battle (p13), once."""
    state = _move_turns(("sc", 1, "scout", "s1.p1"), ("h0", 0, "heavy", "s1.n1"),
                        ("h1", 1, "heavy", "s1.n3"))
    events, state = play(state, 0, {"type": "move", "fleet": "h0", "to": _at(state, "s1.p1")})
    events, state = _to_regroup(state, events)
    assert _captures(events) == [(0, _at(state, "s1.p1"))]
    assert dict(state.planets)[_at(state, "s1.p1")] == 0 and state.players[0].public_vp == 1


def test_a_decoy_alone_on_a_planet_claims_nothing():
    """Given seat 0's Decoy alone on seat 1's planet through the Battle phase, then the planet
    stays seat 1's: a Decoy represents "a single Recon Probe" (p16), no ships to hold it."""
    state = _move_turns(("dc", 0, "decoy", "s1.n1"), ("h", 1, "heavy", "s1.n3"),
                        ("h0", 0, "heavy", "s0.n3"))
    events, state = play(state, 0, {"type": "move", "fleet": "dc", "to": _at(state, "s1.p1")})
    events, state = _to_regroup(state, events)
    assert _captures(events) == [] and dict(state.planets)[_at(state, "s1.p1")] == 1


def _vp_track(events):
    return [(e["data"]["seat"], e["data"]["space"], e["data"]["vp"]) for e in events
            if e["type"] == "PlanetCaptured"]


def test_taking_back_ones_own_home_planet_changes_hands_but_scores_nothing():
    """Given seat 1 holds seat 0's home planet s0.p1 (unoccupied planets "remain under the
    control of the player who occupied them last", p14), when seat 0's Heavy stands alone on it
    through the Battle phase, then s0.p1 is seat 0's again and no public VP is awarded: the
    book's points come from "maintaining control of a Colony's home planets, capturing other
    planets" (p14), so a colony's own planets pay by being held, not by being captured. Seat 0
    holds both home planets again: its private VP for them is back."""
    state = _move_turns(("h0", 0, "heavy", "s0.n1"), ("h1", 1, "heavy", "s1.n3"))
    home = _at(state, "s0.p1")
    state = replace(state, planets=tuple((p, 1 if p == home else o) for p, o in state.planets))
    events, state = play(state, 0, {"type": "move", "fleet": "h0", "to": home})
    events, state = _to_regroup(state, events)
    assert _vp_track(events) == [(0, home, 0)]
    assert dict(state.planets)[home] == 0 and state.players[0].public_vp == 0
    assert holds_home(state, 0)


def test_capturing_another_colonys_planet_still_scores_one():
    """Given seat 0's Heavy next to seat 1's empty home planet s1.p1, when it stands alone on it
    through the Battle phase, then seat 0 acquires it from an opponent: +1 public VP (p14)."""
    state = _move_turns(("h0", 0, "heavy", "s1.n1"), ("h1", 1, "heavy", "s1.n3"))
    events, state = play(state, 0, {"type": "move", "fleet": "h0", "to": _at(state, "s1.p1")})
    events, state = _to_regroup(state, events)
    assert _vp_track(events) == [(0, _at(state, "s1.p1"), 1)]
    assert state.players[0].public_vp == 1
