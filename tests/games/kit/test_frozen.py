"""kit.frozen.replace behaves as dataclasses.replace for plain frozen dataclasses."""
import dataclasses

import pytest

from shared.games.kit.frozen import replace


@dataclasses.dataclass(frozen=True)
class Point:
    x: int = 0
    tags: tuple = ()


def test_replace_changes_only_the_named_fields_and_keeps_the_old_value():
    old = Point(1, ("a",))
    new = replace(old, x=2)
    assert new == Point(2, ("a",)) and old == Point(1, ("a",))
    assert new == dataclasses.replace(old, x=2) and hash(new) == hash(Point(2, ("a",)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.x = 3


def test_unknown_fields_and_post_init_are_refused():
    with pytest.raises(TypeError, match="no field"):
        replace(Point(), y=1)

    @dataclasses.dataclass(frozen=True)
    class Checked:
        x: int = 0

        def __post_init__(self):
            pass
    with pytest.raises(TypeError, match="plain frozen"):
        replace(Checked(), x=1)
