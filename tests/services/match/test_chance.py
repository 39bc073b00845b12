"""The decision's generator, seeded on its first draw, draws exactly what decision_rng draws
(a log verifies by drawing decision_rng's numbers again), and reads no seed when the
decision draws nothing."""
import copy
import pickle

import pytest

from services.match.command_path.chance import SeededOnFirstDraw, decision_rng

DRAWS = [lambda r: r.random(), lambda r: r.randint(1, 6), lambda r: r.choice("abcdefg"),
         lambda r: r.sample(range(50), 5), lambda r: r.getrandbits(70),
         lambda r: r.gauss(0, 1), lambda r: r.uniform(1, 2), lambda r: r.choices("abc", k=4),
         lambda r: r.randrange(1000), lambda r: r.randbytes(5), lambda r: r.betavariate(2, 3)]


def _shuffled(rng):
    items = list(range(20))
    rng.shuffle(items)
    return items


@pytest.mark.parametrize("seed, version", [(0, 0), (1, 7), (2**62, 100), (12345, 3)])
@pytest.mark.parametrize("first", range(len(DRAWS) + 1))
def test_every_draw_is_decision_rngs(seed, version, first):
    eager, lazy = decision_rng(seed, version), SeededOnFirstDraw(lambda: seed, version)
    order = [_shuffled] + DRAWS[first:] + DRAWS[:first] + DRAWS
    assert [draw(lazy) for draw in order] == [draw(eager) for draw in order]
    assert lazy.getstate() == eager.getstate()


def test_its_state_copied_or_pickled_before_a_draw_is_the_seeded_one():
    for copied in (copy.deepcopy, lambda r: pickle.loads(pickle.dumps(r))):
        again = copied(SeededOnFirstDraw(lambda: 5, 3))
        assert again.random() == decision_rng(5, 3).random()


def test_no_seed_is_read_until_a_draw():
    read = []

    def seed():
        read.append(True)
        return 9

    rng = SeededOnFirstDraw(seed, 2)
    assert read == []
    assert rng.random() == decision_rng(9, 2).random() and read == [True]
