"""Bot policies: legal, deterministic under a seed, fair (no peeking), and sensible."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from services.bot import policies
from services.bot.policies.base import apply_command
from services.bot.policies.evaluation import rank_rewards, squash
from shared.games import bot_levels
from shared.games.registry import games, get_game

# mcts's own search named: a game's levels may run another (Exsilium's turn rollout, which
# test_turn_rollout.py checks).
QUICK = {"mcts": {"search": "mcts", "iterations": 100, "seconds": None},
         "greedy": {"samples": 2}, "random": {}}


def playout_positions(game, seed: int, every: int = 3) -> list:
    """(state, seat) pairs along a seeded random playout."""
    rng = random.Random(seed)
    state = None
    for event in game.setup(game.spec.resolve_options({}), game.spec.min_players, rng):
        state = game.evolve(state, event)
    out, ply = [], 0
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        if ply % every == 0:
            out.append((state, seat))
        state = apply_command(game, state, seat, rng.choice(game.legal_commands(state, seat)),
                              rng)
        ply += 1
    return out


@pytest.mark.parametrize("game_name", sorted(games()))
@pytest.mark.parametrize("policy", sorted(policies.POLICIES))
def test_every_policy_plays_a_legal_command_in_every_game(game_name, policy):
    game = get_game(game_name)
    line = playout_positions(game, seed=1)
    # At most 12 positions spread over the whole game: a long game's every third position
    # made this test minutes long on a busy machine.
    spread = line[::max(1, len(line) // 12)]
    for i, (state, seat) in enumerate(spread):
        choice = policies.choose(game, state, seat, random.Random(i), policy,
                                 seats=game.spec.min_players, **QUICK[policy])
        assert choice.command in game.legal_commands(state, seat)


@pytest.mark.parametrize("game_name", sorted(games()))
def test_every_registered_game_gives_bots_a_heuristic_and_a_sampler(game_name):
    game = get_game(game_name)
    assert game.heuristic is not None and game.sampler is not None


def test_mcts_with_an_iteration_budget_is_deterministic_under_a_seed():
    game = get_game("exordium")
    state, seat = playout_positions(game, seed=4)[3]
    picks = {str(policies.choose(game, state, seat, random.Random(9), "mcts", search="mcts",
                                 iterations=300, seconds=None).command) for _ in range(3)}
    assert len(picks) == 1


def _tictactoe(*cells):
    """A tic-tac-toe state from a 9-character string: X, O or . per cell."""
    game = get_game("tictactoe")
    state = game.evolve(None, {"type": "GameStarted", "data": {"seats": 2}})
    marks = {"X": 0, "O": 1}
    board = tuple(marks.get(c) for c in "".join(cells))
    return replace(state, cells=board, next_seat=0 if board.count(0) == board.count(1) else 1)


@pytest.mark.parametrize("policy", ["mcts", "greedy"])
def test_a_bot_takes_a_win_in_one(policy):
    game = get_game("tictactoe")
    state = _tictactoe("XX.", "OO.", "...")
    choice = policies.choose(game, state, 0, random.Random(1), policy, **QUICK[policy])
    assert choice.command == {"type": "mark", "cell": 2}


def test_mcts_blocks_a_win_in_one():
    game = get_game("tictactoe")
    state = _tictactoe("OO.", "X..", "..X")  # X to move; O threatens cell 2
    state = replace(state, next_seat=0)
    choice = policies.choose(game, state, 0, random.Random(1), "mcts", iterations=2000,
                             seconds=None)
    assert choice.command == {"type": "mark", "cell": 2}


def test_mcts_never_loses_tictactoe_to_random():
    from services.bot import arena
    mcts, _ = arena.run("tictactoe", arena.parse_seats("mcts,random"), 10,
                        overrides={"iterations": 1500, "seconds": None})
    assert mcts["score"] >= 0.9 and mcts["wins"] + mcts["draws"] == 10


def test_levels_map_to_budgets_and_unknown_policies_are_refused():
    budgets = [policies.options_for("mcts", level) for level in bot_levels.LEVELS]
    assert [b["iterations"] for b in budgets] == sorted({b["iterations"] for b in budgets})
    assert policies.options_for("mcts", 9) == policies.options_for("mcts", max(bot_levels.LEVELS))
    assert policies.options_for("mcts", 0) == policies.options_for("mcts", min(bot_levels.LEVELS))
    assert policies.options_for("mcts", None) == policies.options_for(
        "mcts", bot_levels.DEFAULT_LEVEL)
    assert policies.options_for("random", 2) == {}
    with pytest.raises(policies.UnknownPolicy):
        policies.options_for("oracle", 1)


def test_rewards_rank_seats_and_squash_heuristics():
    assert rank_rewards([1, 2]) == [1.0, 0.0]
    assert rank_rewards([1, 1]) == [0.5, 0.5]
    assert rank_rewards([2, 1, 3]) == [0.5, 1.0, 0.0]
    assert squash(0.0) == 0.5 and squash(100.0) > 0.99 and squash(-1e9) == 0.0


@pytest.mark.parametrize("policy", ["mcts", "greedy"])
def test_every_level_of_the_one_scale_has_a_budget(policy):
    assert sorted(policies.LEVELS[policy]) == list(bot_levels.LEVELS)


def test_the_scale_describes_each_mcts_budget():
    for level in bot_levels.LEVELS:
        iterations = policies.LEVELS["mcts"][level]["iterations"]
        assert f"{iterations:,}" in bot_levels.LEVEL_SUMMARY[level]


def test_an_mcts_search_stops_at_its_iterations_or_its_seconds_whichever_comes_first():
    game = get_game("exordium")
    state, seat = playout_positions(game, seed=4)[3]
    ticks = iter(range(10_000))
    # mcts's own search named: Exordium's levels 2 and 3 run minimax.
    by_clock = policies.choose(game, state, seat, random.Random(1), "mcts", search="mcts",
                               iterations=500, seconds=40, clock=lambda: next(ticks))
    assert by_clock.iterations == 40
    by_count = policies.choose(game, state, seat, random.Random(1), "mcts", search="mcts",
                               iterations=30, seconds=1e9)
    assert by_count.iterations == 30
    with pytest.raises(ValueError):
        policies.choose(game, state, seat, random.Random(1), "mcts", search="mcts",
                        iterations=None, seconds=None)


def test_a_heuristic_declared_antisymmetric_is_so():
    game = get_game("exordium")
    assert game.heuristic.antisymmetric
    for state, _ in playout_positions(game, seed=3, every=2):
        assert game.heuristic(state, 1) == pytest.approx(-game.heuristic(state, 0))


def _wide_exordium_position():
    """A mid-game Exordium position where the seat to act has many commands."""
    game = get_game("exordium")
    line = playout_positions(game, seed=4, every=1)
    state, seat = max(line[4:], key=lambda p: len(game.legal_commands(*p)))
    return game, state, seat


def test_progressive_widening_admits_the_best_ranked_commands_as_visits_grow():
    from services.bot.policies.mcts import Settings, _Search
    game, state, seat = _wide_exordium_position()
    legal = game.legal_commands(state, seat)
    assert len(legal) > 12
    search = _Search(game, state, seat, 2, random.Random(3), Settings(prior_from=4))
    for _ in range(30):
        search.iterate()
    root = search.root
    assert 1 < len(root.children) <= search.width(root.visits) < len(legal)
    admitted = {key for key in root.children}
    ranked = sorted(root.prior, key=root.prior.get, reverse=True)
    # Ties aside, the admitted commands are the best-ranked ones.
    worst_admitted = min(root.prior[k] for k in admitted)
    assert all(root.prior[k] <= worst_admitted for k in ranked if k not in admitted)


def test_without_priors_every_command_is_tried_before_any_is_searched_twice():
    from services.bot.policies.mcts import Settings, _Search
    game, state, seat = _wide_exordium_position()
    legal = game.legal_commands(state, seat)
    search = _Search(game, state, seat, 2, random.Random(3), Settings())
    for _ in range(len(legal)):
        search.iterate()
    assert len(search.root.children) == len(legal) and search.root.prior is None


@pytest.mark.parametrize("options", [{"prior_from": 2, "bias": 1.0},
                                     {"prior_from": 16, "wide_from": 24, "bias": 1.0}])
def test_mcts_with_priors_is_legal_and_deterministic_under_a_seed(options):
    game, state, seat = _wide_exordium_position()
    picks = [policies.choose(game, state, seat, random.Random(5), "mcts", search="mcts",
                             iterations=150, seconds=None, **options).command
             for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in game.legal_commands(state, seat)


def test_every_mcts_level_option_is_a_budget_or_a_search_setting():
    """mcts ignores options it does not know (another policy's budget), so a misspelt
    setting in a level would silently do nothing."""
    from services.bot.policies.mcts import Settings
    known = set(Settings.__dataclass_fields__) | {"iterations", "seconds"}
    for level, options in policies.LEVELS["mcts"].items():
        assert set(options) <= known, level


def test_the_final_choice_is_the_most_visited_or_the_best_mean_among_the_well_visited():
    from services.bot.policies.mcts import Settings, _Node, _Search, _key
    game, state, seat = _wide_exordium_position()
    legal = game.legal_commands(state, seat)
    stats = {0: (100, 60.0), 1: (30, 21.0), 2: (5, 5.0)}  # means 0.6, 0.7, 1.0

    def best(**settings):
        search = _Search(game, state, seat, 2, random.Random(1), Settings(**settings))
        for i, (visits, value) in stats.items():
            node = search.root.children[_key(seat, legal[i])] = _Node(seat, legal[i])
            node.visits, node.value = visits, value
        return search.best(legal)

    assert best() == legal[0]  # the most visited
    assert best(final="value") == legal[1]  # 5 visits is under a quarter of 100
    assert best(final="value", final_share=0.0) == legal[2]


def test_a_node_narrower_than_wide_from_tries_every_command_unranked():
    from services.bot.policies.mcts import Settings, _Search
    game, state, seat = _wide_exordium_position()
    legal = game.legal_commands(state, seat)
    search = _Search(game, state, seat, 2, random.Random(3),
                     Settings(prior_from=1, wide_from=len(legal) + 1))
    for _ in range(len(legal)):
        search.iterate()
    assert len(search.root.children) == len(legal) and search.root.prior is None


# Exile Sun's fleets meet only after several Move phases on its map, and before that its
# commands seldom differ by a point: its positions are looked at further into the playout.
@pytest.mark.parametrize("game_name,every,positions", [
    ("exordium", 5, 40), ("exsilium", 15, 40), ("nexum", 3, 40), ("exile_sun", 5, 100)])
def test_the_games_squashing_scale_keeps_commands_that_differ_by_points_apart(
        game_name, every, positions):
    """A scale too small for a heuristic's units squashes every lead to ~1 (or ~0), and a
    search then sees no difference between its commands. Nexum and Exile Sun keep the default
    scale of 3: along random and greedy playouts their heuristics stayed within -26..+13 and
    -14..+12 (docs/BOTS.md), short of the ~28 that rounds a
    reward to within 1e-4 of 1 or 0."""
    from services.bot.policies.evaluation import scale_for
    game = get_game(game_name)
    scale = scale_for(game)
    checked = 0
    for state, seat in playout_positions(game, seed=2, every=every)[:positions]:
        if checked == 4:  # enough; most positions' commands differ by less than a point
            break
        values = []
        for command in game.legal_commands(state, seat)[:30]:
            after = apply_command(game, state, seat, command, random.Random(1))
            if game.outcome(after) is None:
                values.append(game.heuristic(after, seat))
        if len(values) > 1 and max(values) - min(values) >= 1.0:
            checked += 1
            assert squash(max(values), scale) - squash(min(values), scale) > 0.001
    assert checked == 4


def test_greedy_keeps_its_choice_when_far_ahead_at_the_games_scale():
    """Given an Exsilium seat 8 Baralytas points ahead (a heuristic lead near 100: at a scale
    of 3 every command's reward rounds to the same 1.0 and greedy picks at random), greedy at
    the game's scale picks the same best command whatever its random source."""
    from shared.games.exsilium.state import with_player
    game = get_game("exsilium")
    checked = 0
    for state, seat in playout_positions(game, seed=3, every=7):
        if state.phase != "play" or state.pending or state.combat is not None:
            continue
        commands = game.legal_commands(state, seat)
        if len(commands) < 10 or not any(c["type"] == "move" for c in commands):
            continue
        ahead = with_player(with_player(state, seat, baralytas=(3, 3, 2)), 1 - seat,
                            baralytas=())
        picks = lambda scale: {str(policies.greedy.choose(
            game, ahead, seat, random.Random(i), samples=1, scale=scale).command)
            for i in range(6)}
        assert len(picks(None)) == 1
        assert len(picks(3.0)) > 1  # the squashed rewards tie: what the game's scale prevents
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def _sample_searching_seat_first(state, seat, rng):
    """Exordium's sampler with the searching seat's deck redrawn before the other's, so that a
    position and its mirror image are determinized alike (the game's own sampler goes by seat
    number: seat 0's deck first)."""
    from shared.games.exordium import sampler
    if state is None or state.phase == "over" or not state.colours:
        return state
    decks = {s: sampler._reshuffle_deck(state.players[s].deck, rng) for s in (seat, 1 - seat)}
    players = tuple(replace(p, deck=decks[s]) for s, p in enumerate(state.players))
    return replace(state, colours=sampler._redeal_colours(state, rng), players=players)


@pytest.mark.parametrize("search,budget", [
    ("mcts", {"iterations": 600, "seconds": None}),
    ("minimax", {"deals": 2, "depth": 3, "iterations": None, "seconds": None})])
def test_a_search_plays_a_position_and_its_mirror_image_alike(search, budget):
    # Seat 1 moves first in Exordium and wins more often (random vs random 57% of 1,000, greedy
    # vs greedy 60% of 400): that is the game. This checks the search adds no seat bias of its
    # own: the same position with the players swapped, searched from the other seat with the
    # same random draws, must be searched identically and give the same command.
    game = replace(get_game("exordium"), sampler=_sample_searching_seat_first)
    positions = [(s, seat) for s, seat in playout_positions(game, seed=7, every=2)
                 if s.phase == "play"][:8]
    assert len(positions) == 8
    for state, seat in positions:
        mirror = replace(state, players=state.players[::-1], turn=1 - state.turn)
        ours = policies.choose(game, state, seat, random.Random(3), "mcts", search=search,
                               **budget)
        theirs = policies.choose(game, mirror, 1 - seat, random.Random(3), "mcts",
                                 search=search, **budget)
        assert theirs.command == ours.command


def test_mcts_never_lets_a_seat_answer_a_choice_made_at_the_same_time():
    # In a simultaneous step (here Exile Sun's allocations and battle commitments: a battle's
    # tactics may come round again, so they are left out) the tree searches one seat's
    # choice; the other seat's is drawn, not searched after it: a searched answer would be
    # one to a choice that seat cannot see (mcts:2 then lost half its matches to random play).
    from services.bot.policies.mcts import Settings, _Search
    game = get_game("exile_sun")
    positions = [(s, game.to_act(s)) for s, _ in playout_positions(game, seed=11, every=1)
                 if len(game.to_act(s)) > 1]
    steps = {"allocate": [], "commit": []}
    for state, to_act in positions:
        kinds = {c["type"] for c in game.legal_commands(state, to_act[0])}
        for kind in kinds & set(steps):
            steps[kind].append((state, to_act))
    assert all(steps.values()), {kind: len(found) for kind, found in steps.items()}
    for kind, found in steps.items():
        for state, to_act in found[:2]:
            seat, other = to_act[-1], to_act[0]
            search = _Search(game, state, seat, 2, random.Random(5), Settings())
            for _ in range(300):
                search.iterate()
            assert search.root.children and all(c.mover == seat
                                                for c in search.root.children.values())
            answers = [g.command for c in search.root.children.values()
                       for g in c.children.values() if g.mover == other
                       and g.command["type"] == kind]
            assert not answers, (kind, to_act, answers[0])
