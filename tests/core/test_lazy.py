"""A built sequence behaves as the lazy sequences do: equal to the lists and tuples of
its items, sliced into a sequence of its own class, never hashed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.plugin.lazy import BuiltSequence, LazySequence

items = st.lists(st.integers(-3, 3), max_size=6)


class Listed(LazySequence[int]):
    def __init__(self, values: list[int]) -> None:
        self._values = values

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        return self._values[i]


@given(items, items)
def test_equal_exactly_to_the_sequences_of_the_same_items(a: list[int], b: list[int]) -> None:
    seq = BuiltSequence(a)
    for other in (b, tuple(b), Listed(b), BuiltSequence(b)):
        assert (seq == other) is (a == b) and (other == seq) is (a == b)
        assert (seq != other) is (a != b) and (other != seq) is (a != b)
    assert seq != set(a) and seq != "".join(map(str, a))


@given(items, st.integers(-8, 8), st.integers(-8, 8))
def test_reads_as_the_list_of_its_items(a: list[int], i: int, j: int) -> None:
    seq = BuiltSequence(a)
    assert len(seq) == len(a) and list(seq) == a and list(reversed(seq)) == a[::-1]
    assert all((x in seq) is (x in a) for x in range(-4, 5))
    part = seq[i:j]
    assert type(part) is BuiltSequence and part == a[i:j]
    if -len(a) <= i < len(a):
        assert seq[i] == a[i]
    else:
        with pytest.raises(IndexError):
            seq[i]


def test_never_hashed_and_shown_as_a_list() -> None:
    seq = BuiltSequence((1, 2))
    with pytest.raises(TypeError):
        hash(seq)
    assert repr(seq) == "BuiltSequence([1, 2])"
    assert isinstance(seq, LazySequence)
