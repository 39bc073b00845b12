"""The terms a match may be made on: a game, a seat count, its options and its clock.

One check, used by the match service when it creates a match and by matchmaking when it
accepts a ticket, so a ticket is never accepted for a match the match service would refuse
(issue 14, item 5). Pure: the edge turns `TermsRefused` into its 400.
"""
from __future__ import annotations

import random
from typing import Optional

from shared.games.api import Game, InvalidOptions


class TermsRefused(ValueError):
    """The game will not be played on these terms; `fields` says which and why."""

    def __init__(self, fields: dict, message: str):
        super().__init__(message)
        self.fields = fields
        self.message = message


def check_terms(engine: Game, seats: int, options: dict, clock: Optional[dict],
                battle_group: bool = False) -> dict:
    """The options resolved (defaults filled in) when `engine` can be played by `seats`
    seats with `options` and `clock`; raise TermsRefused otherwise. A multi-battle table
    (option `multi_battle`) is made only with its linked tables, by a battle group
    (`battle_group` True: services/match/wormholes/groups.py)."""
    spec = engine.spec
    if not spec.min_players <= seats <= spec.max_players:
        players = (f"{spec.min_players}" if spec.min_players == spec.max_players
                   else f"{spec.min_players} to {spec.max_players}")
        raise TermsRefused({"seats": [f"{spec.title} takes {players} players, not {seats}."]},
                           f"{spec.title} takes {players} players.")
    if clock and clock.get("on_timeout") == "skip" and engine.pass_command is None:
        raise TermsRefused({"clock": {"on_timeout": [
            f"{spec.title} has no pass, so a timeout cannot skip a turn; "
            "choose 'bot' or 'forfeit'."]}}, f"{spec.title} cannot skip a turn.")
    try:
        resolved = spec.resolve_options(options)
        # Some options are valid only for some seat counts, which only the engine's setup
        # knows (an Exsilium scenario is for one table size): try it on a throwaway rng.
        engine.setup(resolved, seats, random.Random(0))
    except InvalidOptions as error:
        raise TermsRefused({"options": error.fields},
                           f"{spec.title} does not accept these options.") from None
    if resolved.get("multi_battle") and not battle_group:
        raise TermsRefused({"options": {"multi_battle": [
            "A multi-battle match is one table of a battle group: create the linked tables "
            "together with POST /v1/battle-groups."]}},
            "A multi-battle match is created with its battle group.")
    return resolved
