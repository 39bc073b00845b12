"""Exordium, registered as `exordium` (rulebook seed 003; RULES_NOTES.md maps rules to code)."""
from shared.games.api import Game
from shared.games.exordium import rules
from shared.games.exordium.evolve import evolve
from shared.games.exordium.heuristics import evaluate
from shared.games.exordium.sampler import sample
from shared.games.exordium.scoring import outcome
from shared.games.exordium.spec import SPEC
from shared.games.exordium.view import redact, view
from shared.games.exordium.vocabulary import VOCABULARY
from shared.games.kit import checked_decide

GAME = Game(spec=SPEC, setup=rules.setup, decide=checked_decide(VOCABULARY, rules.decide),
            evolve=evolve, legal_commands=rules.legal_commands, to_act=rules.to_act,
            outcome=outcome, view=view, redact=redact, heuristic=evaluate, sampler=sample,
            vocabulary=VOCABULARY)
