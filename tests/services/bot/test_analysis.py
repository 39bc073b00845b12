"""Post-game analysis (services/bot/analysis.py): a finished log replayed, each seat's command
judged from that seat's view; mistakes are the commands that gave up the most."""
from __future__ import annotations

import random

from services.bot import analysis
from shared.games.registry import get_game
from shared.games.replay import match_created

from .test_fairness import hidden_twin, positions


def _tictactoe_log(cells):
    """A finished tic-tac-toe log as the match service writes it: MatchCreated, the setup,
    then one batch per mark with its cause."""
    game = get_game("tictactoe")
    events = [match_created("m", "tictactoe", [{"bot": "random"}, {"bot": "random"}], {},
                            setup=1)]
    state = None
    for event in game.setup(game.spec.resolve_options({}), 2, random.Random(0)):
        events.append(event)
        state = game.evolve(state, event)
    for cell in cells:
        seat = game.to_act(state)[0]
        command = {"type": "mark", "cell": cell}
        batch = game.decide(state, seat, command, random.Random(0))
        for i, event in enumerate(batch):
            events.append({**event, **({"cause": {"seat": seat, "command": command,
                                                  "source": "http"}} if i == 0 else {})})
            state = game.evolve(state, event)
    assert game.outcome(state) is not None
    return events


def test_a_missed_win_is_the_mistake_and_the_winning_command_the_best():
    # X: 0, 1 and then (with 2 free to win) plays 8; O blocks nothing and loses to 2 later.
    # X 0, O 3, X 1, O 4, X 8 (misses 2), O 6 (misses 5), X 2 wins.
    report = analysis.analyse("m", _tictactoe_log([0, 3, 1, 4, 8, 6, 2]))
    assert report["status"] == "ready" and report["match_id"] == "m"
    by_version = {p["version"]: p for p in report["positions"]}
    assert len(report["positions"]) == 7
    assert [p["seat"] for p in report["positions"]] == [0, 1, 0, 1, 0, 1, 0]
    missed = report["positions"][4]
    assert missed["played_command"] == {"type": "mark", "cell": 8}
    assert missed["best_command"] == {"type": "mark", "cell": 2}
    assert missed["evaluation"] == 1.0 and missed["loss"] > 0.3
    assert report["positions"][6]["loss"] == 0.0  # the win itself
    for p in report["positions"]:
        assert 0.0 <= p["evaluation"] <= 1.0 and 0.0 <= p["loss"] <= 1.0
    mistakes = report["mistakes"]
    assert {(m["version"], m["seat"]) for m in mistakes} >= {(missed["version"], 0)}
    assert [m["loss"] for m in mistakes] == sorted((m["loss"] for m in mistakes), reverse=True)
    assert all(by_version[m["version"]]["loss"] == m["loss"] for m in mistakes)


def test_the_analysis_is_a_projection_the_same_each_time():
    events = _tictactoe_log([4, 0, 8, 2, 1, 7, 6, 5, 3])
    assert analysis.analyse("m", events) == analysis.analyse("m", events)


def test_a_position_is_judged_from_the_seat_view_alone():
    """Exordium hides colours and deck orders: a table differing only there is judged alike."""
    game = get_game("exordium")
    for i, (state, seat) in enumerate(positions()[:4]):
        twin = hidden_twin(state, random.Random(200 + i))
        played = game.legal_commands(state, seat)[0]
        mine = analysis.judge(game, state, seat, 2, played, random.Random(i))
        theirs = analysis.judge(game, twin, seat, 2, played, random.Random(i))
        assert mine == theirs, i


def test_a_platform_command_is_not_judged_as_a_move():
    """A resignation (or abort, reclaim) is no command of the game: its position is left out."""
    game = get_game("tictactoe")
    state = None
    for event in game.setup(game.spec.resolve_options({}), 2, random.Random(0)):
        state = game.evolve(state, event)
    assert analysis.judge(game, state, 0, 2, {"type": "resign"}, random.Random(0)) is None
    assert analysis.judge(game, state, 0, 2, {"type": "mark", "cell": 4},
                          random.Random(0)) is not None
