"""The engine kit: what every game is written with.

- `fields` and `vocabulary`: a game declares each command type and event type once
  (CommandType, EventType, Vocabulary); shape checks, schemas, the fold's accepted events
  and schema versions are derived from those declarations.
- `transaction`: decide by evolving as you go (Transaction).
- `messages`: refusals in every language the game speaks (Catalogue).
- `options`: match options (choice_option, int_option, bool_option, language_option).
"""
from shared.games.kit.fields import (Field, anything, choice, flag, integer, listing, record,
                                     text, variant)
from shared.games.kit.messages import Catalogue
from shared.games.kit.options import bool_option, choice_option, int_option, language_option
from shared.games.kit.transaction import Transaction
from shared.games.kit.vocabulary import CommandType, EventType, Vocabulary, checked_decide

__all__ = ["Field", "anything", "choice", "flag", "integer", "listing", "record", "text", "variant",
           "Catalogue", "bool_option", "choice_option", "int_option", "language_option",
           "Transaction", "CommandType", "EventType", "Vocabulary", "checked_decide"]
