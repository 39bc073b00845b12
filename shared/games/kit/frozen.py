"""A cheaper `dataclasses.replace` for the frozen state values games fold into.

`dataclasses.replace` re-runs `__init__` (defaults, `__post_init__`, the frozen checks of
every field) on each call; a fold that makes a few new values per event, and bots that fold
thousands of events per move, spend most of their time there. State values in games are
frozen dataclasses without `__post_init__` or init-only fields, so a new value is the old
one's fields with some changed: copied, never mutated after.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache


@lru_cache(maxsize=None)
def _field_names(cls) -> frozenset:
    if getattr(cls, "__post_init__", None) is not None or hasattr(cls, "__slots__"):
        raise TypeError(f"{cls.__name__}: replace() is only for plain frozen dataclasses")
    return frozenset(f.name for f in dataclasses.fields(cls))


def replace(value, **changes):
    """`value` with the named fields changed (like dataclasses.replace; unknown names raise)."""
    cls = value.__class__
    if not _field_names(cls).issuperset(changes):  # no set built on the common path
        unknown = changes.keys() - _field_names(cls)
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)}")
    new = object.__new__(cls)
    fields = new.__dict__
    fields.update(value.__dict__)
    fields.update(changes)
    return new
