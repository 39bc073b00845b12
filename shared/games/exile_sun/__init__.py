"""Exile Sun (rulebook 002), registered as `exile_sun`: 2-6 colonies, hidden fleets, secret
budgets and tactics; the Long War and two-player variants."""
from shared.games.api import Game
from shared.games.exile_sun import heuristics, rules, sampler
from shared.games.exile_sun.costs import costs
from shared.games.exile_sun.evolve import evolve
from shared.games.exile_sun.spec import SPEC
from shared.games.exile_sun.view import redact, view
from shared.games.exile_sun.vocabulary import VOCABULARY
from shared.games.kit import checked_decide

GAME = Game(spec=SPEC, setup=rules.setup, decide=checked_decide(VOCABULARY, rules.decide),
            evolve=evolve, legal_commands=rules.legal_commands, to_act=rules.to_act,
            outcome=rules.outcome, view=view, redact=redact, heuristic=heuristics.evaluate,
            sampler=sampler.sample, pass_command=rules.pass_command, vocabulary=VOCABULARY,
            costs=costs)
