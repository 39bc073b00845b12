"""The one list of games Orrery hosts."""
from __future__ import annotations

from shared.games.api import Game


class UnknownGame(KeyError):
    """No registered game has this name."""


def _load() -> dict:
    # Imported here so that a game module may import the registry without a cycle.
    from shared.games import exordium, exsilium, tictactoe
    return {game.spec.name: game for game in (exordium.GAME, exsilium.GAME, tictactoe.GAME)}


_GAMES: dict = {}


def games() -> dict:
    """Every registered game by name."""
    if not _GAMES:
        _GAMES.update(_load())
    return _GAMES


def get_game(name: str) -> Game:
    """The game called `name`; raises UnknownGame."""
    try:
        return games()[name]
    except KeyError:
        raise UnknownGame(name) from None
