"""Component counts and keyword coverage (rulebook, Components; GAMES.md, Exsilium)."""
from collections import Counter

from shared.games.exsilium import actions, choices, components as c
from shared.games.exsilium.board import tile_nodes


def _kinds():
    counts = Counter()
    for tile in c.TILES:
        counts.update(tile_nodes(tile, (0, 0)).values())
    return counts


def test_twelve_tiles_with_eight_deposits_eight_portals_sixteen_terminals():
    """Components: 12 Eris tiles, 8 Baralytas deposits, portals on 8 tiles, 16 terminal tokens."""
    kinds = _kinds()
    assert len(c.TILES) == 12
    assert kinds["D"] == 8 and kinds["P"] == 8 and kinds["T"] == c.TERMINAL_TOKENS == 16
    assert sum(1 for t in c.TILES if "P" in "".join(c.TILES[t]["rows"])) == 8
    assert set(c.STARTING_TILES) == {"A1", "A3", "A9", "A11"}
    assert all("A" in "".join(c.TILES[t]["rows"]) for t in c.STARTING_TILES)


def test_every_border_node_exists_and_is_passable():
    """AUTHORED: border nodes always connect to the facing tile (RULES_NOTES.md)."""
    for tile in c.TILES.values():
        rows = tile["rows"]
        border = rows[0] + rows[-1] + "".join(r[0] + r[-1] for r in rows)
        assert "#" not in border and "D" not in border
        assert set(tile["frontiers"].values()) <= {0, 2, 3}


def test_five_scenarios_for_their_player_counts():
    """Scenarios: 4 players short and long, 3 players short and long, 2 players."""
    assert sorted((s["players"], k) for k, s in c.SCENARIOS.items()) == [
        (2, "2"), (3, "3_long"), (3, "3_short"), (4, "4_long"), (4, "4_short")]
    for s in c.SCENARIOS.values():
        assert len(s["starts"]) == s["players"]


def test_card_counts():
    """Components: 48 basic cards (3 of 4 types per player), 114 upgraded, 18 enemy cards."""
    assert len(c.BASIC_CARDS) == 48
    assert Counter(v["type"] for v in c.BASIC_CARDS.values()) == {
        "basic": 12, "fearless": 12, "strength": 12, "slippery": 12}
    assert len(c.UPGRADED_CARDS) == 114
    assert Counter(v["level"] for v in c.ENEMY_CARDS.values()) == {
        "basic": 6, "intermediate": 6, "advanced": 6}
    assert any(v.get("effect") == "outcome_then_action" for v in c.ENEMY_CARDS.values())
    assert any(v.get("evade") for v in c.ENEMY_CARDS.values())


def test_outcome_and_baralytas_decks_and_goals():
    """Outcome deck 3x4, 2x8, 1x10; Baralytas 3x1, 3x2, 2x3; goals 10/8/6; at most 15."""
    assert sorted(c.OUTCOME_DECK) == [4, 4, 4, 8, 8, 10]
    assert sorted(c.BARALYTAS_DECK) == [1, 1, 1, 2, 2, 2, 3, 3]
    assert c.GOALS == {2: 10, 3: 8, 4: 6} and c.MAX_BARALYTAS == 15


def test_every_keyword_has_an_implementation():
    """Glossary and Cards: every card keyword, enemy effect and terrain effect in the data is
    handled by a named rule function (none is silently ignored)."""
    from shared.games.exsilium import combat, factions, movement
    handlers = {**{k: actions.do_move for k in actions.MOVE_KINDS}, **actions._PLAY,
                "dodge": combat.dodge, "dive": factions._keber,
                "favorable_zone": combat.avoid_newaru, "mine": movement._mine_at,
                "ability_slot": factions._payers, "none": None}
    keywords = {v["action"]["kind"] for v in c.CARDS.values()}
    assert keywords <= set(handlers), keywords - set(handlers)
    assert all(callable(handlers[k]) for k in keywords - {"none"})
    needed = {"dodge", "dive", "favorable_zone", "draw", "swap", "remove", "portal",
              "cross_frontier", "cracking", "hologram", "mine"}
    assert needed <= keywords
    assert {2, 3} <= {v["action"].get("frontier") for v in c.CARDS.values()}
    assert {"syl", "keber", "vinsan", "wardun"} <= {v["type"] for v in c.CARDS.values()}
    assert any(v.get("affects") for v in c.CARDS.values())
    effects = {v["effect"] for v in c.ENEMY_CARDS.values() if v["kind"] == "effect"}
    assert effects == {"outcome_then_action", "lose_token"}   # combat.reveal_enemy_action
    assert set(c.TERRAIN_EFFECTS) == {"sandstorm", "interference"}
    assert {t["terrain"] for t in c.TILES.values()} - {None} <= set(c.TERRAIN_EFFECTS)
    assert choices.options  # reactions live in choices.py


def test_every_card_has_both_languages():
    """Texts shown to players exist in English and Spanish."""
    for v in c.CARDS.values():
        assert set(v["name"]) == {"en", "es"}
        if v.get("text"):
            assert set(v["text"]) == {"en", "es"}


def test_purchase_example_is_possible():
    """Acquire upgraded cards: cards worth 8 and 3 terminal tokens buy a card of cost 11."""
    hand = ["p0-basic-0", "p0-fearless-0", "p0-strength-0", "p0-slippery-0"]
    assert sum(c.strength(x) for x in hand) == 8
    assert any(v["cost"] == 11 for v in c.UPGRADED_CARDS.values())
