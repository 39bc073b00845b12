"""Issue 9: every game declares its command and event types once, in its vocabulary.py.

- Every registered game carries a kit Vocabulary, and every command its legal_commands lists
  has a declared shape (the random playouts check each one against it).
- No game names a command or event type anywhere else: in a game's package, outside its
  vocabulary.py, an event type's name never appears as a string, and a command type's name
  never appears as a string where a command's type is meant (a dict's "type" value, a
  dispatch table's key, a comparison). Commands are built as `MOVE(...)`, events as
  `tx.emit(MOVED, ...)`, dispatch keyed by `MOVED.name`.
- The fold refuses an event type the game does not declare.
"""
from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

import pytest

from shared.games.kit import Vocabulary
from shared.games.replay import apply, match_created
from tests.contract.playouts import registered_games

GAMES = registered_games()
NAMES = [name for name, _ in GAMES]


def package_dir(game) -> Path:
    """The folder of the game's package (where its vocabulary.py lives)."""
    return Path(inspect.getfile(game.evolve)).parent


# The values that make a dict a dispatch table keyed by type: handlers named or built inline.
_HANDLERS = (ast.Name, ast.Attribute, ast.Lambda)


def _strings(node) -> list:
    """String constants directly in `node` or in a tuple/list/set literal it is."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def type_names_spelled(source: str, commands: set, events: set) -> list:
    """(line, name) of every place `source` spells a declared type name instead of using the
    declaration. A command's name is also an ordinary word ("move", "discard"), so only the
    places where it stands for a command's type count: a "type" value, a dispatch table's
    key, a comparison."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and node.value in events:
            found.append((node.lineno, node.value))
        spots = []
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(value, _HANDLERS):  # a dispatch table: {"move": do_move}
                    spots += _strings(key)
                if isinstance(key, ast.Constant) and key.value == "type":
                    spots += _strings(value)
        elif isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                spots += _strings(operand)
        found += [(s.lineno, s.value) for s in spots if s.value in commands]
    return sorted(set(found))


def test_the_scan_finds_every_way_of_spelling_a_type():
    source = ('def f(c, e):\n'
              '    x = {"type": "move", "to": 3}\n'
              '    if c["type"] == "move" or c.get("type") in ("jump", "other"):\n'
              '        return {"jump": do_jump, "move": lambda: 1}\n'
              '    y = {"type": "Moved", "data": {}}\n'
              '    z = {"move": card["nodes"], "jump": [1], "kind": "move"}\n'
              '    return MOVE.name, "a move of the move card", z\n')
    assert type_names_spelled(source, {"move", "jump"}, {"Moved"}) == [
        (2, "move"), (3, "jump"), (3, "move"), (4, "jump"), (4, "move"), (5, "Moved")]


@pytest.mark.parametrize("name,game", GAMES, ids=NAMES)
def test_every_game_declares_a_vocabulary(name, game):
    assert isinstance(game.vocabulary, Vocabulary)
    assert game.vocabulary.commands and game.vocabulary.events
    assert (package_dir(game) / "vocabulary.py").is_file()


@pytest.mark.parametrize("name,game", GAMES, ids=NAMES)
def test_no_game_names_a_type_in_two_places(name, game):
    """The vocabulary is the only list: no other module of the game spells a type."""
    commands, events = set(game.vocabulary.commands), set(game.vocabulary.events)
    spelled = {}
    for path in sorted(package_dir(game).rglob("*.py")):
        if path.name == "vocabulary.py":
            continue
        found = type_names_spelled(path.read_text(encoding="utf-8"), commands, events)
        if found:
            spelled[str(path.relative_to(package_dir(game)))] = found
    assert spelled == {}, f"{name} spells type names outside vocabulary.py: {spelled}"


@pytest.mark.parametrize("name,game", GAMES, ids=NAMES)
def test_the_fold_refuses_an_undeclared_event_type(name, game):
    seats = [{"player_id": f"p{i}", "name": f"P{i}"} for i in range(game.spec.min_players)]
    state = apply(None, match_created("m1", name, seats, {}))
    for event in game.setup({}, len(seats), random.Random(0)):
        state = apply(state, event)
    with pytest.raises(ValueError, match="unknown event type .NotAnEventOfThisGame."):
        apply(state, {"type": "NotAnEventOfThisGame", "data": {}})
