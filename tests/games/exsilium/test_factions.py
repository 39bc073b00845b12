"""The four faction abilities (rulebook: Player boards and factions; Faction tokens, Activate
ability slot; SYL, Keber, Vinsan, Wardun: Activate, Ability, Release)."""
import random

import pytest

from shared.games.api import IllegalCommand, InvalidOptions
from shared.games.exsilium import GAME, fate
from shared.games.exsilium.components import RELEASE
from shared.games.exsilium.evolve import evolve
from shared.games.exsilium.table import frontier, movable
from shared.games.kit import Transaction
from tests.games.exsilium.helpers import (
    deal, given, given_play, of_type, on_board, revealed, types, upgraded, when)

ONE_SLOT = (("TokensPaid", {"seat": 0, "count": 1, "why": "ability_slot"}),
            ("SlotFilled", {"seat": 0}), ("TurnEnded", {"seat": 0}), ("TurnStarted", {"seat": 0}))


def _table(factions, *events):
    state = given_play(2, factions=factions)
    return given(state, *events)


def test_one_ability_slot_per_turn_for_one_token():
    """Activate ability slot: 1 time per turn the player occupies 1 slot with a faction token."""
    state = _table(("syl", "keber"))
    state = given(state, *on_board(state, 0, 200))
    tokens = state.players[0].tokens
    events, state = when(state, 0, {"type": "ability", "card": None})
    assert types(events) == ["TokensPaid", "SlotFilled"] and state.players[0].slots == 1
    assert state.players[0].tokens == tokens - 1
    with pytest.raises(IllegalCommand, match="no free slot this turn"):
        when(state, 0, {"type": "ability", "card": None, "mini": 0})


def test_syl_drone_kills_everything_within_two_nodes_even_syl():
    """SYL, Ability: the Drone eliminates anything 2 nodes away or less, SYL included; the
    losers follow the loser's discard rule only; no reward for the SYL player."""
    state = _table(("syl", "keber"), *ONE_SLOT)
    state = given(state, *on_board(state, 0, 200, 400), *on_board(state, 1, 402, 404))
    events, state = when(state, 0, {"type": "ability", "card": None, "mini": 0})
    assert of_type(events, "AbilityUnleashed")[0]["ability"] == "syl_drone"
    assert sorted((d["seat"], d["mini"]) for d in of_type(events, "MiniatureDefeated")) == [
        (0, 1), (1, 0)]
    assert state.players[0].minis[0] == 200 and state.players[1].minis[1] == 404
    assert "RewardTaken" not in types(events)
    assert {p.kind for p in state.pending} <= {"concede"}


def test_drone_uplink_card_fills_a_syl_slot():
    """AUTHORED SYL card (Drone Uplink): fills an ability slot instead of a faction token."""
    drone = upgraded("syl_drone")
    state = _table(("syl", "keber"))
    state = deal(given(state, *on_board(state, 0, 200)), 0, [drone, "p0-basic-0"])
    tokens = state.players[0].tokens
    _, state = when(state, 0, {"type": "ability", "card": drone})
    assert state.players[0].slots == 1 and state.players[0].tokens == tokens


def _keber_table(*extra, options=None):
    """Keber (seat 1) in turn with its 4 miniatures on A9 (2,2); A3 revealed at (2,1)."""
    state = given_play(2, factions=("syl", "keber"), options=options)
    return given(state, revealed((2, 1), "A3"), ("TurnEnded", {"seat": 0}),
                 ("TurnStarted", {"seat": 1}), ("TokensPaid", {"seat": 1, "count": 1,
                                                                "why": "ability_slot"}),
                 ("SlotFilled", {"seat": 1}), ("TurnEnded", {"seat": 1}),
                 ("TurnStarted", {"seat": 1}), *on_board(state, 1, 1010, 1011, 1012, 1013),
                 *on_board(state, 0, 1005, 1105, 1214), ("NewaruSpawned", {"id": 0, "to": 1110}),
                 *extra)


def test_keber_strike_needs_all_four_on_one_tile():
    """Keber, Activate ability: the 4 Keber miniatures must be on the same tile."""
    state = _keber_table(("MiniatureMoved", {"seat": 1, "mini": 3, "from": 1013, "to": 1009}))
    assert not [c for c in GAME.legal_commands(state, 1) if c["type"] == "ability"]


def test_keber_strike_defeats_everything_on_its_tile_and_the_chosen_adjacent_tile():
    """Keber, Ability: anything 1 tile away or less -- the Keber tile and 1 chosen edge-adjacent
    tile; the Newaru cannot dodge; no reward for the Keber player."""
    state = _keber_table()
    offered = [c["tile"] for c in GAME.legal_commands(state, 1) if c["type"] == "ability"]
    assert offered == ["2,1"]       # (1,2) is still face down; corner tiles are not offered
    events, state = when(state, 1, {"type": "ability", "card": None, "tile": "2,1"})
    assert state.newaru == {} and "RewardTaken" not in types(events)
    _, state = when(state, 0, {"type": "endure"})     # the SYL player holds no Dive
    assert state.players[0].minis == (None, None, None, None)
    assert all(n is not None for n in state.players[1].minis)


def test_spanish_keber_strike_also_defeats_the_enemies_on_the_keber_tile():
    """Keber, Spanish book (p19): "El ataque sólo afecta a la loseta adyacente elegida.
    Máximo 1." and "Todos los enemigos de la loseta ocupada por las 4 miniaturas de la
    facción Keber también son eliminados". Given the Spanish book's 8 target tiles
    (`keber_corners`), SYL miniatures on the chosen tile and on the Keber tile and a Newaru
    on the Keber tile, when the Keber strike the chosen tile, then every one of them falls, as
    in the English book; the option that spared the Keber tile (`keber_strike: chosen`) read
    the first sentence without the second and is refused."""
    state = _keber_table(options={"keber_corners": True})
    _, state = when(state, 1, {"type": "ability", "card": None, "tile": "2,1"})
    _, state = when(state, 0, {"type": "endure"})
    assert state.players[0].minis == (None, None, None, None)
    assert state.newaru == {}
    with pytest.raises(InvalidOptions):
        GAME.spec.resolve_options({"keber_strike": "chosen"})


def test_keber_strike_is_dodged_with_dive_by_the_players_choice():
    """Keber, Attention: "This ability can be dodged with 'Dive'." Given a SYL player holding a
    Dive card with miniatures on the struck tiles, when the Keber strikes, then the SYL player
    is asked (the Newaru is not: it "cannot dodge"); when they play Dive, the card is
    discarded and every SYL miniature struck survives."""
    dive = upgraded("dive")
    state = deal(_keber_table(), 0, [dive])
    events, state = when(state, 1, {"type": "ability", "card": None, "tile": "2,1"})
    assert "MiniatureDefeated" not in types(events) and state.newaru == {}
    assert GAME.to_act(state) == (0,)
    assert sorted(c["type"] for c in GAME.legal_commands(state, 0)) == ["dive", "endure"]
    events, state = when(state, 0, {"type": "dive", "card": dive})
    assert {"seat": 0, "card": dive, "use": "dive"} in of_type(events, "CardUsed")
    assert state.players[0].minis[:3] == (1005, 1105, 1214) and dive in state.players[0].discard
    assert GAME.to_act(state) == (1,) and not state.pending


def test_a_player_may_endure_the_keber_strike_and_keep_the_dive_card():
    """Keber, Attention: Dive is the player's choice. Given the SYL player asked, when they
    endure the strike, then the struck miniatures are defeated (each with the loser's discard
    rule) and the Dive card stays in hand."""
    dive = upgraded("dive")
    state = deal(_keber_table(), 0, [dive, "p0-basic-0"])
    _, state = when(state, 1, {"type": "ability", "card": None, "tile": "2,1"})
    with pytest.raises(IllegalCommand, match="Dive"):
        when(state, 0, {"type": "dodge", "card": dive})
    events, state = when(state, 0, {"type": "endure"})
    assert sorted(d["mini"] for d in of_type(events, "MiniatureDefeated")) == [0, 1, 2]
    assert dive in state.players[0].hand


def _drone_table(pay_with_card):
    """SYL (seat 0) in turn, one slot filled; a Keber miniature 2 nodes from SYL's miniature;
    the Keber player holds a Dodge card."""
    drone, dodge = upgraded("syl_drone"), upgraded("dodge")
    state = _table(("syl", "keber"), *ONE_SLOT)
    state = given(state, *on_board(state, 0, 200), *on_board(state, 1, 402))
    state = deal(deal(state, 0, [drone, "p0-basic-0"]), 1, [dodge])
    return when(state, 0, {"type": "ability", "card": drone if pay_with_card else None,
                           "mini": 0})


def test_dodge_avoids_the_effect_of_a_faction_type_card():
    """Glossary, Dodge: "With it you can avoid a fight or the effect of a faction-type card."
    Given the SYL drone unleashed by filling its slot with the Drone Uplink (a SYL-type card),
    when the Keber player who holds Dodge plays it, then the Keber miniature survives."""
    events, state = _drone_table(pay_with_card=True)
    assert GAME.to_act(state) == (1,)
    dodge = upgraded("dodge")
    assert {"type": "dodge", "card": dodge} in GAME.legal_commands(state, 1)
    _, state = when(state, 1, {"type": "dodge", "card": dodge})
    assert state.players[1].minis[0] == 402 and dodge in state.players[1].discard


def test_dodge_does_not_avoid_an_ability_paid_with_tokens():
    """Glossary, Dodge names a faction-type card's effect; a drone paid only with faction
    tokens is the faction's ability (its book section names no dodge): no choice is offered."""
    events, state = _drone_table(pay_with_card=False)
    assert of_type(events, "MiniatureDefeated") == [{"seat": 1, "mini": 0, "node": 402}]
    assert not [p for p in state.pending if p.kind == "ward"]


def test_every_player_hit_is_asked_so_nobody_learns_who_holds_dive():
    """Hidden information: the ward choice is owed to every player the Keber strike hits,
    holding Dive or not, and is never answered for them; the feed shows no hand."""
    state = _keber_table()
    assert not any(c.startswith("u") for c in state.players[0].hand)
    events, state = when(state, 1, {"type": "ability", "card": None, "tile": "2,1"})
    assert "MiniatureDefeated" not in types(events)
    assert GAME.to_act(state) == (0,) and GAME.legal_commands(state, 0) == [{"type": "endure"}]
    owed = of_type(events, "ChoiceOwed")[0]
    assert owed["kind"] == "ward" and "hand" not in owed and "cards" not in owed
    events, state = when(state, 0, {"type": "endure"})
    assert len(of_type(events, "MiniatureDefeated")) == 3


def test_vinsan_hole_destroys_up_to_four_nodes_but_not_terminals_and_moves_miniatures():
    """Vinsan, Ability: a hole destroys up to 4 movement nodes (never deposits or terminals).
    "You can open holes over miniatures and move them to adjacent nodes of your choice" (Spanish:
    "desplazarlas a nodos adyacentes de tu elección"): the Vinsan player chooses the node."""
    # Given a Keber miniature on node 100 of the hole anchored at 0
    state = _table(("vinsan", "keber"), *ONE_SLOT)
    state = given(state, *on_board(state, 1, 100))
    # When the Vinsan player fills the second slot
    events, state = when(state, 0, {"type": "ability", "card": None, "node": 0})
    # Then the nodes are destroyed and the Vinsan player owes the choice of the free node
    assert of_type(events, "HoleOpened")[0]["destroyed"] == [0, 1, 100]
    assert state.holes == {0, 1, 100} and state.kinds[101] == "T"
    assert state.players[0].holes_left == 3 and GAME.to_act(state) == (0,)
    options = GAME.legal_commands(state, 0)
    assert options == [{"type": "displace", "node": n} for n in (101, 200, 201)]
    with pytest.raises(IllegalCommand, match="free node next to it"):
        when(state, 0, {"type": "displace", "node": 202})
    # When they choose node 200, then the Keber miniature stands there
    events, state = when(state, 0, {"type": "displace", "node": 200})
    assert of_type(events, "MiniatureDisplaced") == [
        {"seat": 0, "figure": ["seat", 1, 0], "from": 100, "to": 200}]
    assert state.players[1].minis[0] == 200 and not state.pending


def test_vinsan_hole_with_one_free_adjacent_node_moves_the_miniature_there():
    """Vinsan, Ability: with exactly one free adjacent node there is nothing to choose."""
    # Given a Keber miniature on 100 whose other free neighbours are taken by Keber miniatures
    state = _table(("vinsan", "keber"), *ONE_SLOT)
    state = given(state, *on_board(state, 1, 100, 200, 201))
    # When the hole opens over it
    events, state = when(state, 0, {"type": "ability", "card": None, "node": 0})
    # Then it goes to the terminal node 101 at once
    assert of_type(events, "MiniatureDisplaced")[0]["to"] == 101
    assert state.players[1].minis[0] == 101 and not state.pending


def test_vinsan_hole_on_a_border_destroys_the_frontier():
    """Vinsan, example 3: destroying a frontier lets miniatures cross freely."""
    state = _table(("vinsan", "keber"), revealed((0, 1), "A2"), *ONE_SLOT)
    assert frontier(state, 204, 205) == 2
    _, state = when(state, 0, {"type": "ability", "card": None, "node": 203})
    assert frontier(state, 204, 205) == 0 and frontier(state, 4, 5) == 0


def test_vinsan_has_four_holes_per_game():
    """Vinsan, Activate ability: up to 4 Vinsan tokens per game."""
    state = _table(("vinsan", "keber"), *ONE_SLOT)
    from shared.games.exsilium.state import with_player
    state = with_player(state, 0, holes_left=0)
    assert not [c for c in GAME.legal_commands(state, 0) if c["type"] == "ability"]


def test_wardun_traps_a_miniature_within_three_nodes():
    """Wardun, Ability: the Wardun token traps 1 miniature of another faction within 3 nodes;
    it cannot move, attack or be attacked."""
    state = _table(("wardun", "syl"), *ONE_SLOT)
    state = given(state, *on_board(state, 0, 200), *on_board(state, 1, 203, 404))
    targets = [c["target"] for c in GAME.legal_commands(state, 0) if c["type"] == "ability"]
    assert targets == [[1, 0]]      # 404 is 4 nodes away
    _, state = when(state, 0, {"type": "ability", "card": None, "mini": 0, "target": [1, 0]})
    assert state.players[0].trapped == (1, 0) and movable(state, 1) == [1]


def test_releasing_the_wardun_ability_frees_the_trapped_miniature():
    """Wardun, Release ability (2): "Faction Tokens occupying ability slots can only be
    retrieved when 2 miniatures from the Wardun faction have been defeated." Given a Wardun
    with one miniature never deployed, when one deployed miniature is defeated, then nothing is
    released (a miniature never deployed was not defeated); when a second is, the slot tokens
    return, the Wardun token comes back and the trapped miniature is freed."""
    state = _table(("wardun", "syl"), *ONE_SLOT)
    state = given(state, *on_board(state, 0, 200, 0, 4), *on_board(state, 1, 203),
                  ("TokensPaid", {"seat": 0, "count": 1, "why": "ability_slot"}),
                  ("SlotFilled", {"seat": 0}), ("MiniatureTrapped", {"seat": 0,
                                                                    "target": [1, 0]}))
    tokens = state.players[0].tokens
    tx = Transaction(state, random.Random(0), evolve)
    fate.defeat(tx, 0, 2)
    assert "AbilityReleased" not in types(tx.events)
    assert tx.state.players[0].trapped == (1, 0)
    fate.defeat(tx, 0, 1)
    assert of_type(tx.events, "AbilityReleased")[0]["freed"] == [1, 0]
    assert tx.state.players[0].trapped is None and tx.state.players[0].tokens == tokens + 2


def test_a_slot_paid_with_a_card_gives_no_token_back():
    """Release ability: "the player moves the tokens from the ability slots to their
    reserve": given a SYL slot filled with a Drone Uplink card and one with a token, when the
    ability is released, then one token comes back, not two."""
    drone = upgraded("syl_drone")
    state = deal(_table(("syl", "keber")), 0, (drone,))
    state = given(state, ("CardUsed", {"seat": 0, "card": drone, "use": "ability_slot"}),
                  ("SlotFilled", {"seat": 0}),
                  ("TokensPaid", {"seat": 0, "count": 1, "why": "ability_slot"}),
                  ("SlotFilled", {"seat": 0}), *on_board(state, 0, 0, 2, 4, 200))
    tokens, pool = state.players[0].tokens, state.pool
    tx = Transaction(state, random.Random(0), evolve)
    for mini in range(4):
        fate.defeat(tx, 0, mini)
    assert "AbilityReleased" in types(tx.events)
    assert tx.state.players[0].tokens == tokens + 1 and tx.state.pool == pool - 1


@pytest.mark.parametrize("faction", ["syl", "keber", "vinsan", "wardun"])
def test_slot_tokens_come_back_only_when_enough_miniatures_died(faction):
    """Release ability: SYL 4, Keber 4, Vinsan 3, Wardun 2 miniatures defeated."""
    need = RELEASE[faction]
    state = _table((faction, "syl" if faction != "syl" else "keber"), *ONE_SLOT)
    state = given(state, ("TokensPaid", {"seat": 0, "count": 1, "why": "ability_slot"}),
                  ("SlotFilled", {"seat": 0}), *on_board(state, 0, 0, 2, 4, 200))
    tx = Transaction(state, random.Random(0), evolve)
    for mini in range(need - 1):
        fate.defeat(tx, 0, mini)
    assert "AbilityReleased" not in types(tx.events) and tx.state.players[0].slots == 2
    fate.defeat(tx, 0, need - 1)
    assert "AbilityReleased" in types(tx.events) and tx.state.players[0].slots == 0


def test_the_syl_drone_spares_a_trapped_miniature():
    """Wardun, Ability example: "As long as the Wardun's ability is active, the trapped
    miniature behaves as if it doesn't exist." Given a SYL miniature trapped by the Wardun
    within 2 nodes of the SYL drone, when the drone is unleashed, then the trapped miniature is
    not defeated and the untrapped ones around it are."""
    state = _table(("syl", "wardun"), *ONE_SLOT)
    state = given(state, *on_board(state, 0, 200, 202), *on_board(state, 1, 402),
                  ("MiniatureTrapped", {"seat": 1, "target": [0, 1]}))
    events, state = when(state, 0, {"type": "ability", "card": None, "mini": 0})
    defeated = sorted((d["seat"], d["mini"]) for d in of_type(events, "MiniatureDefeated"))
    assert defeated == [(1, 0)]
    assert state.players[0].minis[1] == 202 and state.players[1].trapped == (0, 1)


def test_no_vinsan_hole_opens_under_a_trapped_miniature():
    """Wardun: the trapped miniature "behaves as if it doesn't exist" -- it cannot be moved
    aside, so (our reading, RULES_NOTES.md) no sinkhole block may hold it."""
    state = _table(("vinsan", "wardun"), *ONE_SLOT)
    state = given(state, *on_board(state, 0, 200, 303), *on_board(state, 1, 101),
                  ("MiniatureTrapped", {"seat": 1, "target": [0, 1]}))
    anchors = {c["node"] for c in GAME.legal_commands(state, 0) if c["type"] == "ability"}
    assert anchors and not anchors & {202, 203, 302, 303}
    with pytest.raises(IllegalCommand):
        when(state, 0, {"type": "ability", "card": None, "node": 302})
