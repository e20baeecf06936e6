"""The builder's caches: fields that ``__init__`` leaves to their default, given too."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.plugin.builder import builder


@attrs.frozen(weakref_slot=False)
class Table:
    """A frozen class with a cache, as states have."""

    players: int
    cards: tuple[int, ...]
    _lookups: Any = attrs.field(init=False, default=None, eq=False, repr=False)
    _seen: int = attrs.field(init=False, default=0, eq=False, repr=False)


build_table = builder(Table, "_lookups")


@given(st.integers(), st.lists(st.integers(), max_size=4).map(tuple), st.integers())
def test_a_cache_is_set_and_the_rest_is_what_init_makes(
    players: int, cards: tuple[int, ...], lookups: int
) -> None:
    built = build_table(players, cards, lookups)
    made = Table(players, cards)
    assert type(built) is Table and built == made and repr(built) == repr(made)
    assert built._lookups == lookups and made._lookups is None
    assert built._seen == made._seen == 0  # a field not named keeps its default
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.players = 1  # type: ignore[misc]


def test_a_cache_must_be_given_and_must_be_a_field_outside_init() -> None:
    with pytest.raises(TypeError):
        build_table(2, ())
    for name in ("players", "missing"):
        with pytest.raises(TypeError, match=f"no field {name} outside __init__"):
            builder(Table, name)
