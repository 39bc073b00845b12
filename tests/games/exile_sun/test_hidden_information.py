"""Hidden information, Given/When/Then (p9, Scanning; p15, Public Information; p16, Decoys):
what a scan shows and to whom, in views and in event feeds."""
from shared.games.exile_sun import GAME
from shared.games.exile_sun.state import replace
from tests.games.exile_sun.tables import first_move_phase, play, with_fleets


def _three_fleets(kind):
    """Seat 0's Light on s0.n1, next to seat 1's face-down fleet on s0.t1; seat 2 far away."""
    state = with_fleets(first_move_phase(3), ("mine", 0, "light", "s0.n1"),
                        ("theirs", 1, kind, "s0.t1"), ("far", 2, "heavy", "s2.n1"))
    return replace(state, order=(0, 1, 2), turn=0)


def _kind_seen(state, seat, fleet_id):
    return next(f["kind"] for f in GAME.view(state, seat)["fleets"] if f["id"] == fleet_id)


def test_a_scan_shows_the_value_to_the_scanning_player_only():
    """Given an enemy Medium fleet next to seat 0's fleet, when seat 0 scans it (adjacent:
    always a success), then seat 0 sees "medium" from then on, while seat 2 and spectators see
    only that a scan succeeded, in their views and in the event they are sent."""
    state = _three_fleets("medium")
    assert _kind_seen(state, 0, "theirs") is None
    events, state = play(state, 0, {"type": "scan", "fleet": "mine", "target": "theirs"})
    scanned = next(e for e in events if e["type"] == "FleetScanned")
    assert scanned["data"]["success"] and scanned["data"]["roll"] is None
    assert GAME.redact(scanned, 0)["data"]["token"] == "medium"
    for other in (2, None):
        assert "token" not in GAME.redact(scanned, other)["data"]
        assert _kind_seen(state, other, "theirs") is None
    assert _kind_seen(state, 0, "theirs") == "medium"
    assert _kind_seen(state, 1, "theirs") == "medium"        # its owner always knew


def test_a_scanned_decoy_is_removed_for_everyone_to_see():
    """p16: "Decoy fleets are always removed from the map when successfully scanned"."""
    events, state = play(_three_fleets("decoy"), 0,
                         {"type": "scan", "fleet": "mine", "target": "theirs"})
    assert [e["data"]["fleet"] for e in events if e["type"] == "DecoyRemoved"] == ["theirs"]
    assert all(f["id"] != "theirs" for f in GAME.view(state, 2)["fleets"])


def test_hands_decks_and_agendas_stay_with_their_owner():
    """p15: the number of cards in hand is public, the cards are not; nobody may look at the
    Reserve or Overhead decks (their owner included): views show their sizes only."""
    state = _three_fleets("heavy")
    for seat in (None, 0, 1, 2):
        for player in GAME.view(state, seat)["players"]:
            own = player["seat"] == seat
            assert ("hand" in player) is own and ("agendas" in player) is own
            assert player["hand_size"] == len(state.players[player["seat"]].hand)
            assert "reserve" not in player and "overhead" not in player
