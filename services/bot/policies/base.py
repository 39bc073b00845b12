"""What every policy returns, and the small helpers they share."""
from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass


@dataclass(frozen=True)
class Choice:
    """A chosen command and how much searching went into it."""

    command: dict
    iterations: int = 0
    seconds: float = 0.0


def apply_command(game, state, seat, command, rng, decide=None):
    """The state after `seat` plays `command` (decide, then fold); raises RuleError.
    `decide` replaces the game's own (see `rules_only`)."""
    evolve = game.evolve
    for event in (decide or game.decide)(state, seat, command, rng):
        state = evolve(state, event)
    return state


def rules_only(game):
    """The game's decide without the vocabulary's shape check (kit.checked_decide): a search
    only plays commands its game's legal_commands built, whose shape is right by
    construction, and the check costs a sixth of every search step. The rules still judge."""
    return getattr(game.decide, "__wrapped__", game.decide)


def determinize(game, state, seat, rng):
    """A state consistent with what `seat` sees, hidden parts redrawn (the state itself when
    the game declares no sampler: a game with hidden information must supply one)."""
    return game.sampler(state, seat, rng) if game.sampler is not None else state


_SAME = object()  # a part of the state a command left as it was: the very object of its parent
_FIELDS: dict = {}


def state_key(state, parent):
    """A key that is equal for two states after commands on the same `parent` only when the
    states are equal (None when no such key can be made: not a dataclass, or a part that
    cannot be hashed). A part left as the very object of `parent` is named by a marker, so
    a key costs only the parts a command changed.

    Why: many commands come to the same table (in Exsilium, a miniature's many paths to one
    node with one card: a third to a half of the commands of a position), and a bot judged
    each of them again, the heuristic being most of a move's time."""
    names = _FIELDS.get(type(state))
    if names is None:
        if not is_dataclass(state):
            return None
        names = _FIELDS[type(state)] = tuple(f.name for f in fields(state))
    parts = []
    for name in names:
        value = getattr(state, name)
        if value is getattr(parent, name, None):
            parts.append(_SAME)
            continue
        try:
            if isinstance(value, dict):
                value = ("dict", frozenset(value.items()))
            hash(value)
        except TypeError:
            return None
        parts.append(value)
    return tuple(parts)


class Judgments:
    """Judgements of the tables that commands on one `parent` table come to: each distinct
    table is judged once (state_key), and a command that comes to a table judged before
    gets its judgement again."""

    def __init__(self, parent, judge):
        self.parent, self.judge, self._known = parent, judge, {}

    def __call__(self, after):
        key = state_key(after, self.parent)
        if key is None:
            return self.judge(after)
        if key not in self._known:
            self._known[key] = self.judge(after)
        return self._known[key]
