"""Combat (rulebook, Combats; Discard rules)."""
import random
from dataclasses import replace

from shared.games.exsilium import combat
from shared.games.exsilium.state import Combat
from shared.games.exsilium.table import Tx
from tests.games.exsilium.helpers import given_play, place, types


def test_winner_discard_table():
    """Discard after combat: the winner discards 1 of 4, 1 of 5, 2 of 6, 2 of 7, 2 of 8."""
    assert [combat.winner_discards(n) for n in (4, 5, 6, 7, 8)] == [1, 1, 2, 2, 2]


class _Rigged(random.Random):
    """Outcome draws in a fixed order (Pedro 4, then Juan 8)."""

    def __init__(self, values):
        super().__init__(0)
        self.values = list(values)

    def choice(self, seq):
        return self.values.pop(0) if self.values and self.values[0] in seq else seq[0]


def test_combat_example_pedro_and_juan():
    """Combat example: 8 against 8, Outcome 4 against 8: Juan (defender) wins; Pedro gives a
    Baralytas token of 2 and a terminal token; Juan takes a pool token and discards 1 of 4."""
    state = given_play(2)
    pedro, juan = state.order
    hand_p = [f"p{pedro}-{t}-0" for t in ("basic", "fearless", "strength", "slippery")]
    hand_j = [f"p{juan}-{t}-0" for t in ("basic", "fearless", "strength", "slippery")]
    state = place(state, pedro, 1212, hand=hand_p)
    state = place(state, juan, 1213, hand=hand_j)
    from shared.games.exsilium.state import with_player
    state = with_player(state, pedro, baralytas=(2,), terminal_tokens=1)
    state = replace(state, pool=3, combat=Combat(kind="player", attacker=pedro, mini=0,
                                                 foe=("seat", juan, 0), stage="replica",
                                                 committed=tuple(hand_p)))
    tx = Tx(state, _Rigged([4, 8]))
    combat.commit(tx, juan, hand_j)
    assert [e["data"]["value"] for e in tx.events if e["type"] == "OutcomeDrawn"] == [4, 8]
    won = next(e for e in tx.events if e["type"] == "CombatWon")
    assert won["data"] == {"winner": juan, "loser": pedro}
    s = tx.state
    assert s.players[juan].terminal_tokens == 1 and s.players[juan].tokens == 11
    assert s.players[pedro].minis[0] is None
    assert [(p.kind, p.seat, p.count) for p in s.pending] == [("concede", pedro, 0),
                                                              ("discard", juan, 1)]
    node = s.pending[0].tile
    combat.concede(tx, pedro, hand_p[0], 1210, 2)
    assert tx.state.players[juan].baralytas == (2,) and tx.state.supply == (hand_p[0],)
    assert node == (2, 2)
    assert "CardConceded" in types(tx.events)


def test_attacked_player_without_cards_loses_at_once():
    """Replica: if the attacked player has no cards, the attacker immediately wins."""
    state = given_play(2)
    a, d = state.order
    state = place(state, a, 1212)
    state = place(state, d, 1213, hand=[])
    state = replace(state, active=a)
    tx = Tx(state, random.Random(0))
    combat.start(tx, 0, ("seat", d, 0), False)
    assert next(e for e in tx.events if e["type"] == "CombatWon")["data"]["winner"] == a
