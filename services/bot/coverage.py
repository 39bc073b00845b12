"""What kind of choice a command is, finer than its type where a game has kinds worth counting.

The arena counts, per bot, how often each kind of command was offered and how often chosen,
so a benchmark can name what the rules allow that a bot never plays. Exsilium's kinds are its
faction abilities (`ability:<faction>`) and its card keywords (`play:<keyword>`, the action
of the card played; `move:<keyword>` for a card's move action); other games count by type.
"""
from __future__ import annotations

from shared.games.exsilium.components import CARDS, kind_of


def _exsilium(state, seat, command) -> str:
    kind = command.get("type")
    card = command.get("card")
    if kind == "ability":
        return f"ability:{state.players[seat].faction}"
    if kind == "play" and card in CARDS:
        return f"play:{kind_of(card)}"
    if kind == "move" and command.get("action") and card in CARDS:
        return f"move:{kind_of(card)}"
    return kind


_BY_GAME = {"exsilium": _exsilium}


def label(game_name: str, state, seat: int, command: dict) -> str:
    """The kind of `command` for counting (its type unless the game has finer kinds)."""
    finer = _BY_GAME.get(game_name)
    return finer(state, seat, command) if finer else str(command.get("type"))


def offered(game_name: str, state, seat: int, commands: list) -> set:
    """The kinds among a seat's legal commands."""
    return {label(game_name, state, seat, c) for c in commands}
