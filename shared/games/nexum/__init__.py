"""Nexum: Galaxy with its Asteroids expansion (a reconstructed core), registered as `nexum`.
Rules and every reading we made: RULES_NOTES.md."""
from shared.games.api import Game
from shared.games.kit import checked_decide
from shared.games.nexum import heuristics, rules, sampler, wormholes
from shared.games.nexum.costs import costs
from shared.games.nexum.evolve import evolve
from shared.games.nexum.spec import SPEC
from shared.games.nexum.view import redact, view
from shared.games.nexum.vocabulary import VOCABULARY

GAME = Game(spec=SPEC, setup=rules.setup, decide=checked_decide(VOCABULARY, rules.decide),
            evolve=evolve, legal_commands=rules.legal_commands, to_act=rules.to_act,
            outcome=rules.outcome, view=view, redact=redact, heuristic=heuristics.evaluate,
            sampler=sampler.sample, pass_command=rules.pass_command, vocabulary=VOCABULARY,
            departure=wormholes.departure, arrival=rules.arrival,
            destination=wormholes.destination, costs=costs)
