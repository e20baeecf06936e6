"""The copy with any fields changed by keyword agrees with ``attrs.evolve``."""

from __future__ import annotations

import types
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.plugin.builder import builder, changer, evolver
from rulespec.plugin.game import compiled_evolve, evolve


@attrs.frozen(weakref_slot=False)
class Seat:
    """Private fields take their ``__init__`` name; a cache is reset, as attrs resets it."""

    player: int
    _cards: tuple[int, ...]
    note: str = ""
    _memo: Any = attrs.field(init=False, default=None, eq=False, repr=False)


change = changer(Seat)
seats = st.builds(Seat, st.integers(0, 5), st.lists(st.integers(0, 9), max_size=4).map(tuple))
changes = st.fixed_dictionaries(
    {},
    optional={
        "player": st.integers(0, 5),
        "cards": st.tuples(st.integers(0, 9)),
        "note": st.text(max_size=2),
    },
)


@given(seats, changes)
def test_a_changed_copy_is_the_one_attrs_evolve_makes(seat: Seat, given: dict[str, Any]) -> None:
    object.__setattr__(seat, "_memo", "filled")
    copy, expected = change(seat, **given), attrs.evolve(seat, **given)
    assert type(copy) is Seat and copy is not seat
    assert attrs.astuple(copy, recurse=False) == attrs.astuple(expected, recurse=False)
    assert copy._memo is None


def test_a_field_not_in_init_or_unknown_is_refused_as_attrs_refuses_it() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'memo'"):
        change(Seat(1, ()), memo=3)
    with pytest.raises(TypeError, match="positional"):
        change(Seat(1, ()), 2)


def test_a_validated_class_is_refused() -> None:
    @attrs.frozen(weakref_slot=False)
    class Checked:
        n: int = attrs.field(validator=attrs.validators.gt(0))

    with pytest.raises(TypeError, match="validator"):
        changer(Checked)


@attrs.frozen(weakref_slot=False)
class Token:
    """Fields named as the names a compiled function might use for itself."""

    type: int
    new: int
    twin: int
    cls: int
    otherwise: int = 0


def test_fields_named_as_builtins_or_helpers_are_copied_as_attrs_copies_them() -> None:
    token = Token(1, 2, 3, 4)
    for changes in ({}, {"type": 7}, {"new": 8, "cls": 9}, {"twin": 5, "otherwise": 6}):
        expected = attrs.evolve(token, **changes)
        for change_token in (changer(Token), changer(Token, attrs.evolve)):
            made = change_token(token, **changes)
            assert type(made) is Token and made == expected
        changed = sorted(changes)
        assert evolver(Token, *changed)(token, *(changes[k] for k in changed)) == expected
    assert builder(Token)(1, 2, 3, 4, 5) == Token(1, 2, 3, 4, 5)
    rules: Any = types.ModuleType("rules")
    rules.evolve = evolve
    compiled_evolve(rules, Token)
    assert rules.evolve is not evolve and rules.evolve(token, type=5) == Token(5, 2, 3, 4)


def test_a_class_with_its_own_new_is_copied_through_it() -> None:
    @attrs.frozen(weakref_slot=False)
    class Positive:
        n: int

        def __new__(cls, n: int) -> Positive:
            if n < 0:
                raise ValueError("n must not be negative")
            return super().__new__(cls)

    with pytest.raises(TypeError, match="__new__"):
        changer(Positive)
    with pytest.raises(ValueError, match="negative"):
        evolve(Positive(1), n=-1)
