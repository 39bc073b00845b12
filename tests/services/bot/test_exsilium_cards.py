"""Another faction's type cards in an Exsilium seat's hands: never used ("the card can only
be used by a player of the represented faction", Glossary p14), they keep a place in a hand
drawn only up to 4 each round. Level 2 against random play, arena seed 3602 match 31 (kept
in tests/services/bot/data), bought them from the upgrades row as a Keber seat and held
three of them for the last 22 rounds; the bots' heuristic must count them against the
seat, and the bots must not buy them."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from services.bot import arena, policies
from services.bot.policies.base import apply_command
from shared.games.exsilium import heuristics
from shared.games.exsilium.components import usable_cards
from shared.games.exsilium.state import with_player
from shared.games.registry import get_game

KEPT = Path(__file__).with_name("data") / "exsilium_kept_3602_31.json"


def _position(command):
    """The kept match replayed to its `command`-th command: (game, table, bot seat)."""
    data = json.loads(KEPT.read_text())
    for index, (table, _, _) in enumerate(arena.kept(data)):
        if index == command:
            return get_game(data["game"]), table, data["seat_of"][0]
    raise AssertionError(f"the kept match has fewer than {command} commands")


def _dead(player, cards):
    return [c for c in cards if c not in usable_cards(cards, player.faction)]


def test_another_factions_card_in_hand_counts_against_the_seat():
    """Round 39: the Keber seat holds a SYL, a Vinsan and a Wardun card beside one of its
    own. Each of the three in hand scores below the hand without it, and below a hand where
    an own card takes its place."""
    game, table, seat = _position(420)
    player = table.players[seat]
    dead = _dead(player, player.hand)
    assert len(dead) == 3 and len(player.hand) == 4
    live = [c for c in player.hand if c not in dead]
    now = heuristics.evaluate(table, seat)
    for card in dead:
        without = [c for c in player.hand if c != card]
        assert heuristics.evaluate(with_player(table, seat, hand=tuple(without)), seat) > now
        swapped = tuple(without + live[:1])
        assert heuristics.evaluate(with_player(table, seat, hand=swapped), seat) > now


@pytest.mark.parametrize("policy, level, seed", [("greedy", 2, 0), ("greedy", 2, 1),
                                                 ("mcts", 2, 0)])
def test_the_bots_buy_no_card_of_another_faction(policy, level, seed):
    """Round 30, at the upgrades row: slots 0 and 3 buy a card of its own and a SYL card,
    slots 0 and 2 two cards of its own. Level 2 (searched without the wall-clock cap, so the
    test does not hang on the machine's speed) bought the SYL card."""
    game, table, seat = _position(292)
    assert game.to_act(table) == (seat,)
    options = {"seconds": None} if policy == "mcts" else {}
    command = policies.choose(game, table, seat, random.Random(seed), policy, level, seats=2,
                              **options).command
    assert command["type"] == "buy"
    after = apply_command(game, table, seat, command, random.Random(seed))
    bought = [c for c in after.players[seat].hand if c not in table.players[seat].hand]
    assert bought and not _dead(after.players[seat], bought), (command, bought)
