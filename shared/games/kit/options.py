"""Constructors for the options a game accepts at match creation (GameSpec.options)."""
from __future__ import annotations

from shared.games.api import OptionSpec


def choice_option(default: str, choices, description: str) -> OptionSpec:
    return OptionSpec("choice", default, description, choices=tuple(choices))


def int_option(default: int, minimum: int, maximum: int, description: str) -> OptionSpec:
    return OptionSpec("int", default, description, minimum=minimum, maximum=maximum)


def bool_option(default: bool, description: str) -> OptionSpec:
    return OptionSpec("bool", default, description)


def language_option(languages=("en", "es")) -> OptionSpec:
    """The language of a match's texts (card names, rules, refusals)."""
    return choice_option(languages[0], languages,
                         "The language of the match's texts: " + ", ".join(languages) + ".")
