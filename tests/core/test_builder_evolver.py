"""The fast copy with a few fields changed agrees with ``attrs.evolve``."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.plugin.builder import evolver


class Base:
    __slots__ = ()

    def size(self) -> int:
        return 1


@attrs.frozen(weakref_slot=False)
class Hand(Base):
    """A frozen class with a cache, as states have."""

    seat: int
    cards: tuple[int, ...]
    pile: int | None
    note: str = ""
    _lookups: Any = attrs.field(init=False, default=None, eq=False, repr=False)


moved = evolver(Hand, "cards", "pile")
unchanged = evolver(Hand)

hands = st.builds(
    Hand,
    st.integers(0, 5),
    st.lists(st.integers(0, 76), max_size=7).map(tuple),
    st.none() | st.integers(0, 1),
    st.text(max_size=3),
)
cards = st.lists(st.integers(0, 76), max_size=7).map(tuple)


@given(hands, cards, st.none() | st.integers(0, 1))
def test_an_evolved_copy_is_the_one_attrs_evolve_makes(
    hand: Hand, new_cards: tuple[int, ...], pile: int | None
) -> None:
    object.__setattr__(hand, "_lookups", "filled")  # a cache of the old instance
    before = attrs.astuple(hand, recurse=False)
    copy, expected = moved(hand, new_cards, pile), attrs.evolve(hand, cards=new_cards, pile=pile)
    assert type(copy) is Hand
    assert copy == expected and hash(copy) == hash(expected) and repr(copy) == repr(expected)
    assert [getattr(copy, f.name) for f in attrs.fields(Hand)] == [
        hand.seat,
        new_cards,
        pile,
        hand.note,
        None,  # a cache starts over, as in attrs.evolve
    ]
    assert copy.size() == 1  # methods of the bases come along
    assert attrs.astuple(hand, recurse=False) == before  # the old one is untouched


@given(hands)
def test_a_copy_changing_nothing_is_equal_and_stays_frozen(hand: Hand) -> None:
    copy = unchanged(hand)
    assert copy == hand and copy is not hand
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.seat = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(copy)) == hand


def test_fields_outside_init_unknown_or_named_twice_are_refused() -> None:
    for name in ("_lookups", "missing"):
        with pytest.raises(TypeError, match=f"no field {name} in __init__"):
            evolver(Hand, name)
    with pytest.raises(TypeError, match="named twice"):
        evolver(Hand, "pile", "pile")
    with pytest.raises(TypeError, match="weakref_slot=False"):
        evolver(attrs.frozen(type("Slotted", (), {"__annotations__": {"x": "int"}})))
    with pytest.raises(TypeError):
        moved(Hand(0, (), None), ())  # every changed field is given
