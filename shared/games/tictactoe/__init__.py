"""Tic-tac-toe, registered as `tictactoe`."""
from shared.games.api import Game
from shared.games.kit import checked_decide
from shared.games.tictactoe import heuristics, rules, sampler
from shared.games.tictactoe.evolve import evolve
from shared.games.tictactoe.spec import SPEC
from shared.games.tictactoe.view import redact, view
from shared.games.tictactoe.vocabulary import VOCABULARY

GAME = Game(spec=SPEC, setup=rules.setup, decide=checked_decide(VOCABULARY, rules.decide), evolve=evolve,
            legal_commands=rules.legal_commands, to_act=rules.to_act, outcome=rules.outcome,
            view=view, redact=redact, heuristic=heuristics.evaluate,
            sampler=sampler.sample, vocabulary=VOCABULARY)
