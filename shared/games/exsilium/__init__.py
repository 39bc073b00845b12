"""Exsilium, registered as `exsilium` (rulebook seeds 000 English, 001 Spanish; RULES_NOTES.md)."""
from shared.games.api import Game
from shared.games.exsilium import rules
from shared.games.exsilium.evolve import evolve
from shared.games.exsilium.heuristics import evaluate
from shared.games.exsilium.sampler import sample
from shared.games.exsilium.spec import SPEC
from shared.games.exsilium.view import redact, view
from shared.games.exsilium.vocabulary import VOCABULARY
from shared.games.kit import checked_decide

GAME = Game(spec=SPEC, setup=rules.setup, decide=checked_decide(VOCABULARY, rules.decide),
            evolve=evolve, legal_commands=rules.legal_commands, to_act=rules.to_act,
            outcome=rules.outcome, view=view, redact=redact, heuristic=evaluate,
            sampler=sample, vocabulary=VOCABULARY)
