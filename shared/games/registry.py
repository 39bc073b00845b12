"""The one list of games Orrery hosts: a new game adds its line to `_GAMES`."""
from __future__ import annotations

from shared.games import exile_sun, exordium, exsilium, nexum, tictactoe
from shared.games.api import Game


class UnknownGame(KeyError):
    """No registered game has this name."""


_GAMES = {game.spec.name: game for game in (
    exile_sun.GAME,
    exordium.GAME,
    exsilium.GAME,
    nexum.GAME,
    tictactoe.GAME,
)}


def games() -> dict:
    """Every registered game by name."""
    return _GAMES


def get_game(name: str) -> Game:
    """The game called `name`; raises UnknownGame."""
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(name) from None
