"""Campaign mode across matches (Asteroids pp.14-17), Given / When / Then, quoting the book.
What a battle carries to the next is match options (campaign.py)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand, InvalidOptions
from shared.games.nexum import GAME
from shared.games.nexum.state import ships_at
from shared.games.nexum.vocabulary import (CHOOSE_PHASE, END_PHASE, PLAY_CAMPAIGN_MARKER,
                                           RESEARCH)
from tests.games.nexum.tables import at_phase, play, start, types


def _battle(**options):
    return start(campaign=True, **options)


def test_ships_held_on_the_campaign_map_or_lost_leave_the_reserve():
    """p.14: the ships "destroyed in Black Holes and those that are controlling conquered
    sectors ... must be subtracted from your Civilization's total ships reserve in future
    campaign battles. The rest of components and points start with the default quantities"."""
    plain, state = start(), _battle(campaign_withheld_0=3, campaign_withheld_1=1)
    assert state.reserve == (plain.reserve[0] - 3, plain.reserve[1] - 1)
    assert state.energy == plain.energy and state.vp == (0, 0)


def test_the_first_player_picked_the_sector_and_plays_first_on_tied_bids():
    """p.16: "The next Galactic Sector ... will be decided by the following player ..., who
    will then become the First Player"."""
    state = _battle(campaign_first_player=1)
    for seat in (0, 1):
        _, state = play(state, seat, CHOOSE_PHASE(card="movement", bid=0))
    assert state.order == (1, 0)
    with pytest.raises(InvalidOptions, match="Must be a seat"):
        _battle(campaign_first_player=3)


@pytest.mark.parametrize("special", ["energetic", "mining"])
def test_special_sectors_favour_the_first_player(special):
    """p.15: "Energetic Sectors: the First Player receives 1 extra energy at the start of the
    battle. Mining Sectors: the First Player receives 1 random Asteroid, which they can use
    once they learn the Processing Technology"; "Destroyed Sectors: they are inaccessible"."""
    plain, state = start(), _battle(campaign_first_player=1, campaign_sector=special)
    if special == "energetic":
        assert state.energy == (plain.energy[0], plain.energy[1] + 1)
    else:
        assert state.loaded[0] == () and len(state.loaded[1]) == 1
        assert len(state.pool) == len(plain.pool) - 1
        assert "crystals" not in GAME.view(state, 0)["factions"][1]
    with pytest.raises(InvalidOptions, match="inaccessible"):
        _battle(campaign_sector="destroyed")


def test_reconquest_gives_the_owner_a_ship_and_an_energy():
    """p.16: "the owner has a slight advantage: 1 additional ship and 1 extra energy on
    their Tann Planet"."""
    plain, state = start(), _battle(campaign_owner="1")
    assert ships_at(state, "E1", 1) == ships_at(plain, "E1", 1) + 1
    assert state.energy[1] == plain.energy[1] + 1 and state.reserve[1] == plain.reserve[1] - 1


def test_an_ice_sector_marker_is_played_once_and_stays_one_full_round():
    """p.15: "Ice Sectors: the First Player receives 1 No Management marker that they can
    play once during the game, in their turn, on a planet or system where it will remain for
    1 full round" (Scorching: a No Movement marker)."""
    state = at_phase(_battle(campaign_sector="ice"), 0, "movement")
    with pytest.raises(IllegalCommand, match="only the First Player"):
        play(at_phase(state, 1, "movement"), 1, PLAY_CAMPAIGN_MARKER(planet="C1"))
    events, state = play(state, 0, PLAY_CAMPAIGN_MARKER(planet="C1"))
    assert types(events)[:2] == ["CampaignMarkerPlayed", "MarkerPlaced"]
    assert state.no_manage == {"C1": 1}
    with pytest.raises(IllegalCommand, match="once during the game"):
        play(state, 0, PLAY_CAMPAIGN_MARKER(planet="C2"))
    state = replace(state, phases=("movement",))
    for _ in range(2):  # the rest of this round, then one full round
        assert state.no_manage == {"C1": 1}
        state = _finish_round(state)
    assert state.no_manage == {} and state.campaign_markers == ()


def _finish_round(state):
    """Every seat ends its phases; then both choose phase cards again."""
    while state.stage == "turn":
        _, state = play(state, GAME.to_act(state)[0], END_PHASE())
    for seat in (0, 1):
        if state.stage == "choose":
            card = next(c for c in ("movement", "management", "movement_management",
                                    "management_movement") if c not in state.used[seat])
            _, state = play(state, seat, CHOOSE_PHASE(card=card, bid=0))
    while state.stage == "event_play":
        from shared.games.nexum.vocabulary import PASS_EVENT
        _, state = play(state, GAME.to_act(state)[0], PASS_EVENT())
    return state


def test_the_outcome_carries_the_campaign_over_to_the_next_battle():
    """p.16: "Once the Sector Battle is won ... a Ship marker of the winner is placed on the
    conquered sector. Each occupied Sector lowers by 1 the ship cap"; "If a Sector is
    reconquered, the player who loses the sector will recover the ship that was controlling
    it"; the next First Player is the following player."""
    state = _battle(campaign_first_player=0, campaign_owner="0", campaign_withheld_0=2,
                    campaign_withheld_1=1)
    over = replace(state, stage="over", winner=1, reason="victory_points", vp=(2, 6),
                   lost=(0, 1))
    carried = GAME.outcome(over)["campaign"]
    assert carried["sector_won_by"] == 1 and carried["lost_for_good"] == [0, 1]
    nxt = carried["next_options"]
    assert nxt["campaign_first_player"] == 1
    assert (nxt["campaign_withheld_0"], nxt["campaign_withheld_1"]) == (2 - 1, 1 + 1 + 1)
    following = start(**nxt)
    assert following.reserve[1] == start().reserve[1] - 3
    assert GAME.outcome(replace(start(), stage="over", winner=0, reason="x")).get("campaign") is None


def test_the_mining_sectors_asteroid_buys_no_technology_before_processing():
    """p.15: "Mining Sectors: the First Player receives 1 random Asteroid, which they can use
    once they learn the Processing Technology".

    Given the First Player of a Mining Sector holding its asteroid (two matching crystals),
    When it pays Replicator I ("2 matching Crystals") with it before Processing I,
    Then the research is refused; once Processing I is learnt, the same payment is taken."""
    state = _battle(campaign_first_player=0, campaign_sector="mining")
    [(asteroid, _)] = state.loaded[0]
    state = at_phase(replace(state, loaded=(((asteroid, "YY"),), ())), 0, "movement")
    with pytest.raises(IllegalCommand, match="only once you have learnt the Processing"):
        play(state, 0, RESEARCH(tech="replicator_1", asteroids=[asteroid]))
    assert not [c for c in GAME.legal_commands(state, 0) if c["type"] == "research"
                and c["asteroids"]]
    learnt = replace(state, techs=(("processing_1",), ()))
    events, after = play(learnt, 0, RESEARCH(tech="replicator_1", asteroids=[asteroid]))
    assert "replicator_1" in after.techs[0] and after.loaded[0] == ()
