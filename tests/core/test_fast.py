"""The core's builder of frozen, slotted instances makes the same objects as the class."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.core.checks import outcome, pile_of
from rulespec.core.fast import builder, setter


@attrs.frozen(weakref_slot=False)
class Table:
    """A frozen class with defaults and a cache, as states have."""

    players: int
    cards: tuple[int, ...]
    round: int = 0
    note: str | None = None
    _cache_: Any = attrs.field(init=False, default=None, eq=False, repr=False)


build_table = builder(Table)
build_cached = builder(Table, "_cache_")

values = st.builds(
    lambda players, cards, rnd, note: (players, tuple(cards), rnd, note),
    st.integers(),
    st.lists(st.integers(), max_size=5),
    st.integers(),
    st.none() | st.text(max_size=3),
)


@given(values)
def test_builder_makes_what_the_class_makes(args: tuple[Any, ...]) -> None:
    built = build_table(*args)
    made = Table(*args)
    assert type(built) is Table
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)
    assert attrs.asdict(built) == attrs.asdict(made)
    assert built._cache_ is None


def test_builder_takes_keywords_and_defaults() -> None:
    assert build_table(2, cards=(1,)) == Table(2, (1,), 0, None)
    assert build_table(players=3, cards=(), note="x").note == "x"
    with pytest.raises(TypeError):
        build_table(2)  # type: ignore[call-arg]


def test_a_built_object_stays_frozen_and_copies_and_pickles() -> None:
    built = build_cached(2, (1, 2), 1, None, "kept")
    assert built._cache_ == "kept"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.players = 3  # type: ignore[misc]
    assert copy.deepcopy(built) == built
    assert pickle.loads(pickle.dumps(built)) == built


def test_setter_sets_a_cache_of_a_frozen_object() -> None:
    table = Table(2, ())
    setter(Table, "_cache_")(table, 7)
    assert table._cache_ == 7
    with pytest.raises(TypeError, match="no slot 'missing'"):
        setter(Table, "missing")


@attrs.frozen(weakref_slot=False)
class Checked:
    value: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen(weakref_slot=False)
class Converted:
    value: tuple[int, ...] = attrs.field(converter=tuple)


@attrs.frozen(weakref_slot=False)
class Made:
    value: list[int] = attrs.field(factory=list)


@attrs.frozen(weakref_slot=False)
class AfterInit:
    value: int

    def __attrs_post_init__(self) -> None:
        pass


@attrs.frozen
class WithWeakref:
    value: int


@attrs.frozen(weakref_slot=False, slots=False)
class WithDict:
    value: int


@attrs.frozen(weakref_slot=False, kw_only=True)
class KeywordOnly:
    value: int


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (Checked, "checked or converted"),
        (Converted, "checked or converted"),
        (Made, "factory"),
        (AfterInit, "code of its own"),
        (WithWeakref, "__weakref__"),
        (WithDict, "not a slotted attrs class"),
        (KeywordOnly, "keyword-only"),
        (int, "not a slotted attrs class"),
    ],
)
def test_builder_refuses_what_it_would_get_wrong(cls: type, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        builder(cls)


def test_builder_refuses_an_unknown_cache() -> None:
    with pytest.raises(TypeError, match="no field 'round' outside __init__"):
        builder(Table, "round")


@given(st.lists(st.lists(st.integers(-5, 30) | st.booleans() | st.floats(0, 3), max_size=6)))
def test_an_outcome_of_plain_integers_is_kept_and_others_read_card_by_card(
    piles: list[list[Any]],
) -> None:
    read = outcome(piles, len(piles), "dc.deck.reshuffle")
    assert read == tuple(tuple(pile) for pile in piles)
    for pile, got in zip(piles, read, strict=True):
        assert [type(c) for c in got] == [type(c) for c in pile]
    assert [pile_of(got, int) for got in read] == [
        all(type(c) is int for c in pile) for pile in piles
    ]


def test_an_outcome_turns_other_integer_types_into_int() -> None:
    np = pytest.importorskip("numpy")
    read = outcome([(np.int64(3), 4), [np.int8(5)]], 2, "dc.setup.grid")
    assert read == ((3, 4), (5,))
    assert all(type(c) is int for pile in read for c in pile)
    assert not pile_of([3, 4], int) and not pile_of((3, True), int) and pile_of((), int)
