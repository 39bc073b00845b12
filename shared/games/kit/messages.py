"""Texts players see when a command is refused, in every language a game speaks.

A game declares its refusals once as a `Catalogue` of keys, each with one text per language;
the catalogue checks at import that no key misses a language, and `refuse` raises the rule
in the match's language with its key attached (so clients and tests can rely on the key,
players read the text).
"""
from __future__ import annotations

from typing import Mapping, NoReturn, Sequence

from shared.games.api import IllegalCommand, NotYourTurn

# Refusals every game shares; a game's own catalogue may override any of them.
COMMON = {
    "not_your_turn": {"en": "It is not your turn to act.", "es": "No te toca actuar."},
    "over": {"en": "The match is over.", "es": "La partida ha terminado."},
    "phase": {"en": "That command is not possible now ({phase}).",
              "es": "Esa orden no es posible ahora ({phase})."},
}


class Catalogue:
    """Message texts by key and language; `languages[0]` is the default."""

    def __init__(self, texts: Mapping[str, Mapping[str, str]],
                 languages: Sequence[str] = ("en",)):
        self.languages = tuple(languages)
        merged = {key: {lang: value[lang] for lang in self.languages if lang in value}
                  for key, value in COMMON.items()}
        merged.update({key: dict(value) for key, value in texts.items()})
        missing = sorted(f"{key}/{lang}" for key, value in merged.items()
                         for lang in self.languages if lang not in value)
        if missing:
            raise ValueError(f"messages without a text: {missing}")
        self.texts = merged

    def text(self, key: str, language: str = None, **values) -> str:
        """The message `key` in `language` (the default language when it has none)."""
        by_language = self.texts[key]
        return by_language.get(language, by_language[self.languages[0]]).format(**values)

    def refuse(self, key: str, language: str = None, **values) -> NoReturn:
        """Refuse the command: raise IllegalCommand with the rule in the player's words."""
        raise IllegalCommand(self.text(key, language, **values), key=key)

    def not_your_turn(self, language: str = None, over: bool = False) -> NoReturn:
        key = "over" if over else "not_your_turn"
        raise NotYourTurn(self.text(key, language), key=key)
