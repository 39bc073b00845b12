"""The `mcts` policy: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration takes one determinization of the seat's view (the game's sampler: hidden
parts redrawn from what the seat knows), walks the one shared tree down the commands that
are legal on that table, adds one node, judges the new position and backs the rewards up.
The determinizations are a pool of `determinizations` tables drawn up front and used in
turn, so that a node visited often keeps the table it leads to for each of them and a walk
down the tree replays only its last steps (the engine's decide/evolve is the hot path).
Judging is a short random rollout (none by default) and then the game's heuristic, squashed
to a reward; a game without a heuristic is played out to the end. A finished game is
judged by who won, with a fifth of the reward from its squashed score margin (so that when
every line wins, or every line loses, the search still prefers the widest margin). The
tree is keyed by (seat, command): every node's statistics are an average over the tables
the seat cannot tell apart, so no iteration ever relies on the true hidden state, which the
search never reads (it receives it only to pass to the sampler).

Speed: a node keeps the legal commands computed on the first table that reached it and
refreshes them on its 8th, 64th, 512th... visit; a node whose commands ever differ
between tables (legality that hangs on hidden facts) recomputes them on every visit. A
cached command that turns out illegal on a table is caught by `decide` and the node is
recomputed. Selection is UCB1 over the parent's visits (availability counts are only
approximated on such volatile nodes).

Wide nodes (Exsilium offers 100-300 commands where a search reaches a few hundred
iterations a move): with `prior_from` set, a node of at least `wide_from` commands ranks
them once, on its `prior_from`-th visit (the root on its first), by their one-ply value for the mover (the
command applied to the table at hand and judged by the heuristic, as greedy judges it), and
from then on admits them best first, ceil(2 * sqrt(visits + 1)) of them (progressive
widening), each with a progressive bias, `bias` * its one-ply value / (its visits + 1),
added to its UCB score. See `Settings`; services/bot/policies maps each level to its
settings.

Simultaneous choices (several seats to act: Exile Sun's allocations, commitments and
tactics, Nexum's phase choices) are searched for one seat only, the searching seat at the
root and else the lowest: the others of that step choose at random, since searching them
after it let them answer a choice they cannot see (the tree's opponent then always had the
counter to the bot's commitment, and mcts:2 lost half its Exile Sun matches to random play
where greedy won all; docs/BOTS.md).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable, Optional

from services.bot.policies.base import Choice, apply_command, determinize, rules_only
from services.bot.policies.evaluation import rewards, scale_for, seat_reward
from services.bot.policies.learned import model_for
from shared.games.api import RuleError

DEFAULT_EXPLORATION = 0.7
DEFAULT_DETERMINIZATIONS = 16
# A finished game is judged mostly by who won, and this much by the squashed score margin.
DEFAULT_MARGIN_WEIGHT = 0.2
# A node keeps the tables it leads to once visited this often; the cap bounds the memory.
_KEEP_TABLES_FROM = 2
_MAX_KEPT_TABLES = 40_000
# Visit counts at which a node checks its cached legal commands against a fresh table.
_REFRESH_AT = frozenset(8 ** k for k in range(1, 8))


class _Node:
    __slots__ = ("mover", "command", "children", "visits", "value", "legal", "volatile",
                 "tables", "prior")

    def __init__(self, mover: Optional[int], command: Optional[dict]):
        self.mover = mover          # the seat whose command led here (None at the root)
        self.command = command
        self.children: dict = {}    # (seat, command key) -> _Node
        self.visits = 0
        self.value = 0.0            # sum of the mover's rewards
        self.legal: Optional[list] = None  # [(key, command)] from the tables seen so far
        self.volatile = False       # legal commands here have differed between tables
        self.tables: Optional[dict] = None  # determinization index -> table after this node
        self.prior: Optional[dict] = None   # command key -> the mover's one-ply value


def _key(seat: int, command: dict) -> tuple:
    # repr, not a sorted JSON dump: a game's legal_commands builds equal commands the same
    # way, so their repr agrees, at a fraction of the cost (keys are made for every command
    # of every node the search expands). Were two spellings of one command ever to differ,
    # the tree would hold two children for it: slower, never illegal (decide checks).
    return seat, repr(command)


class _Search:
    """One search from one seat's view; `run` grows the tree, `best` reads it."""

    def __init__(self, game, state, seat, seats, rng, settings: "Settings"):
        self.game, self.state, self.seat, self.seats, self.rng = game, state, seat, seats, rng
        self.exploration = settings.exploration
        self.scale = settings.scale if settings.scale is not None else scale_for(game)
        self.rollout_depth, self.margin_weight = settings.rollout_depth, settings.margin_weight
        self.prior_from, self.bias = settings.prior_from, settings.bias
        self.wide_from = settings.wide_from
        self.final, self.final_share = settings.final, settings.final_share
        self.widen_base, self.widen_exponent = settings.widen_base, settings.widen_exponent
        self.decide = rules_only(game)
        self.model = model_for(game, settings.evaluation)
        self.root = _Node(None, None)
        determinizations = settings.determinizations if game.sampler is not None else 1
        self.pool = [None] * max(1, determinizations)
        self.kept = 0
        self.done = 0

    def table(self, index: int):
        """Determinization `index` of the seat's view, drawn the first time it is needed."""
        if self.pool[index] is None:
            self.pool[index] = determinize(self.game, self.state, self.seat, self.rng)
        return self.pool[index]

    def step(self, child: "_Node", index: int, table, mover: int, command: dict):
        """The table after `command`, from the child's keeping when it has one."""
        tables = child.tables
        if tables is not None:
            kept = tables.get(index)
            if kept is not None:
                return kept
        table = apply_command(self.game, table, mover, command, self.rng, self.decide)
        if child.visits >= _KEEP_TABLES_FROM and self.kept < _MAX_KEPT_TABLES:
            if tables is None:
                tables = child.tables = {}
            tables[index] = table
            self.kept += 1
        return table

    def legal(self, node: _Node, table, mover: int) -> list:
        """The node's legal commands on this table (cached; see the module docstring)."""
        if node.legal is not None and not node.volatile and node.visits not in _REFRESH_AT:
            return node.legal
        fresh = [(_key(mover, c), c) for c in self.game.legal_commands(table, mover)]
        if node.legal is not None and [k for k, _ in fresh] != [k for k, _ in node.legal]:
            node.volatile = True
        node.legal = fresh
        return fresh

    def select(self, node: _Node, legal: list) -> tuple:
        """The UCB1-best child among the commands legal here, with the progressive bias of
        its one-ply value (fading as the child is visited) when the node has ranked them."""
        spread = self.exploration * math.sqrt(math.log(node.visits))
        children = node.children
        prior = node.prior if self.bias else None
        best, best_score = None, -1.0
        for key, _ in legal:
            child = children.get(key)
            if child is None:  # not yet admitted by progressive widening
                continue
            visits = child.visits
            score = child.value / visits + spread / math.sqrt(visits)
            if prior is not None:
                score += self.bias * prior.get(key, 0.5) / (visits + 1)
            if score > best_score:
                best, best_score = (key, child), score
        return best

    def expansion(self, node: _Node, table, mover: int, legal: list, untried: list):
        """The untried command to add below `node` now, or None to select among its children.
        Without priors: a random one while any is untried. With them (a node of at least
        `wide_from` commands, from `prior_from` visits, the root from its first): the
        best-ranked untried one, and only while the node has fewer children than progressive
        widening admits at its visits."""
        if not untried:
            return None
        if self.prior_from is None or len(legal) < self.wide_from \
                or (node.visits < self.prior_from and node is not self.root):
            return untried[self.rng.randrange(len(untried))]
        if len(legal) - len(untried) >= self.width(node.visits):
            return None
        prior = self.rank(node, table, mover, legal)
        return max(untried, key=lambda kc: prior.get(kc[0], 0.0))

    def width(self, visits: int) -> int:
        """How many children progressive widening admits at a node visited `visits` times."""
        return max(1, math.ceil(self.widen_base * (visits + 1) ** self.widen_exponent))

    def rank(self, node: _Node, table, mover: int, legal: list) -> dict:
        """Each legal command's one-ply value for the mover on this table (computed once per
        node, and for any command a later table makes legal that the first did not)."""
        prior = node.prior
        if prior is None or any(key not in prior for key, _ in legal):
            prior = dict(prior or {})
            for key, command in legal:
                if key not in prior:
                    prior[key] = self.one_ply(table, mover, command)
            node.prior = prior
        return prior

    def one_ply(self, table, mover: int, command: dict) -> float:
        """The mover's reward right after `command` (0 when this table refuses it)."""
        try:
            after = apply_command(self.game, table, mover, command, self.rng, self.decide)
        except RuleError:
            return 0.0
        return seat_reward(self.game, after, mover, self.seats, self.scale, self.margin_weight,
                           self.model)

    def iterate(self) -> None:
        """One determinize-select-expand-judge-backup pass."""
        game, rng = self.game, self.rng
        index = self.done % len(self.pool)
        self.done += 1
        table = self.table(index)
        node, path, refused = self.root, [self.root], 0
        blind = set()  # seats choosing at the same time as the one the tree just moved
        while True:
            to_act = game.to_act(table)
            if not to_act or game.outcome(table) is not None:
                break
            if blind and to_act[0] in blind:
                # Its choice is made without seeing the tree's (a simultaneous step): drawn
                # at random, not searched, so that no seat plays as if it saw the other's.
                seat = to_act[0]
                blind.discard(seat)
                table = apply_command(game, table, seat,
                                      rng.choice(game.legal_commands(table, seat)), rng,
                                      self.decide)
                continue
            blind.clear()
            mover = self.seat if node is self.root else to_act[0]
            legal = self.legal(node, table, mover)
            if not legal:
                break
            children = node.children
            if len(children) < len(legal) or node.volatile:
                untried = [kc for kc in legal if kc[0] not in children]
            else:
                untried = ()
            expand = self.expansion(node, table, mover, legal, untried)
            if expand is not None:
                key, command = expand
                child = None
            else:
                key, child = self.select(node, legal)
                command = child.command
            try:
                if child is None:
                    table = apply_command(game, table, mover, command, rng, self.decide)
                else:
                    table = self.step(child, index, table, mover, command)
            except RuleError:  # a cached command not legal on this table: recompute them
                node.volatile = True
                refused += 1
                if refused > 1:  # refused even when fresh: judge the table as it stands
                    break
                continue
            if child is None:
                child = children[key] = _Node(mover, command)
                path.append(child)
                break
            node = child
            path.append(child)
            blind = set(to_act) - {mover}
        judged = self.judge(table)
        for visited in path[1:]:
            visited.visits += 1
            visited.value += judged[visited.mover]
        self.root.visits += 1

    def judge(self, table) -> list:
        """Rewards for the position: a short rollout, then the heuristic (or play it out)."""
        game, rng, depth = self.game, self.rng, 0
        while True:
            if depth >= self.rollout_depth:
                judged = rewards(game, table, self.seats, self.scale, self.margin_weight, self.model)
                if judged is not None:
                    return judged
            to_act = game.to_act(table)
            if not to_act:
                judged = rewards(game, table, self.seats, self.scale, self.margin_weight, self.model)
                return judged if judged is not None else [0.5] * self.seats
            mover = to_act[0]
            table = apply_command(game, table, mover,
                                  rng.choice(game.legal_commands(table, mover)), rng, self.decide)
            depth += 1

    def best(self, legal_now: list) -> Optional[dict]:
        """The root command to play among those legal for the seat now: the most visited
        (`final="visits"`), or the best mean reward among those visited at least
        `final_share` times as often as the most visited (`final="value"`: a child UCB
        stopped visiting early cannot win on one lucky average)."""
        allowed = {_key(self.seat, c) for c in legal_now}
        children = [(key, child) for key, child in self.root.children.items()
                    if key in allowed and child.visits]
        if not children:
            return None
        if self.final == "value":
            floor = self.final_share * max(child.visits for _, child in children)
            children = [(k, c) for k, c in children if c.visits >= floor]
            ranked = [(child.value / child.visits, child.visits, key) for key, child in children]
        else:
            ranked = [(child.visits, child.value, key) for key, child in children]
        return self.root.children[max(ranked)[2]].command


@dataclass(frozen=True)
class Settings:
    """How a search judges positions and grows its tree (the defaults are level 2's)."""

    exploration: float = DEFAULT_EXPLORATION
    scale: Optional[float] = None  # None: the game's (evaluation.scale_for)
    rollout_depth: int = 0
    determinizations: int = DEFAULT_DETERMINIZATIONS
    margin_weight: float = DEFAULT_MARGIN_WEIGHT
    # Visits from which a node ranks its commands by one-ply value (the root always does
    # when this is set); None: no ranking, children added in random order, all of them.
    prior_from: Optional[int] = None
    # ... and only at a node of at least this many commands (a narrow one is cheaper to try
    # in full than to rank: Exordium's median node has 10, Exsilium's 76).
    wide_from: int = 0
    # Progressive widening: a node ranked by prior admits ceil(base * (visits+1) ** exponent)
    # children, best-ranked first.
    widen_base: float = 2.0
    widen_exponent: float = 0.5
    # Progressive bias: this weight times a child's one-ply value, over its visits + 1.
    bias: float = 0.0
    # The root command played: "visits" (the most visited) or "value" (the best mean reward
    # among children visited at least final_share times as often as the most visited).
    final: str = "visits"
    final_share: float = 0.25
    # How an unfinished position is judged: "heuristic", "learned" (the game's model file,
    # services/bot/policies/learned.py), or None: what the game's model file says to serve.
    evaluation: Optional[str] = None


_SETTING_NAMES = frozenset(Settings.__dataclass_fields__)


def choose(game, state, seat, rng, seats=2, seconds: Optional[float] = 0.5,
           iterations: Optional[int] = None,
           clock: Callable[[], float] = time.perf_counter, **options) -> Choice:
    """Search `iterations` passes, stopping early once `seconds` of `clock` have gone
    (either may be None: no limit of that kind; one of them must be given). `options` may
    name any field of Settings; others (another policy's budget) are ignored."""
    if iterations is None and seconds is None:
        raise ValueError("mcts needs a budget: iterations, seconds, or both.")
    start = clock()
    legal_now = game.legal_commands(state, seat)  # what the seat is told it may do
    if len(legal_now) <= 1:
        return Choice(legal_now[0], 0, clock() - start)
    settings = Settings(**{k: v for k, v in options.items() if k in _SETTING_NAMES})
    search = _Search(game, state, seat, seats, rng, settings)
    done = 0
    while True:
        search.iterate()
        done += 1
        if iterations is not None and done >= iterations:
            break
        if seconds is not None and clock() - start >= seconds:
            break
    command = search.best(legal_now) or rng.choice(legal_now)
    return Choice(command, done, clock() - start)
