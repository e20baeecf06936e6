"""Hypothesis strategies that damage JSON data: for tests of decoders."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

__all__ = ["mutated"]

Path = tuple[str | int, ...]

_TOKENS = ("max", "repeat", "water", "pan", "planque", "red-1-circle", "turbo", "turn", "deal")


def _paths(data: Any, here: Path = ()) -> list[Path]:
    found = [here]
    if isinstance(data, dict):
        for key in sorted(data):
            found.extend(_paths(data[key], (*here, key)))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            found.extend(_paths(item, (*here, i)))
    return found


def _at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def _scalars() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.integers(-3, 12),
        st.integers(-(2**40), 2**40),
        st.sampled_from(_TOKENS),
        st.none(),
        st.booleans(),
        st.just([]),
    )


@st.composite
def _mutate_once(draw: st.DrawFn, data: Any) -> Any:
    data = copy.deepcopy(data)
    paths = _paths(data)
    path = draw(st.sampled_from(paths))
    target = _at(data, path)
    operations = ["replace", "copy"]
    if isinstance(target, list):
        operations += ["extend", "clear"] + (["drop", "duplicate"] if target else [])
    operation = draw(st.sampled_from(operations))
    if operation == "replace":
        value = draw(_scalars())
    elif operation == "copy":  # another value of the same data, often of the right kind
        value = copy.deepcopy(_at(data, draw(st.sampled_from(paths))))
    else:
        items = list(target)
        if operation == "drop":
            del items[draw(st.integers(0, len(items) - 1))]
        elif operation == "duplicate":
            i = draw(st.integers(0, len(items) - 1))
            items.insert(i, copy.deepcopy(items[i]))
        elif operation == "extend":
            items.append(draw(_scalars()))
        else:
            items = []
        value = items
    if not path:
        return value
    _at(data, path[:-1])[path[-1]] = value
    return data


@st.composite
def mutated(draw: st.DrawFn, data: Any, *, max_mutations: int = 3) -> Any:
    """``data`` with one to ``max_mutations`` changes: a list shortened, lengthened,
    emptied or with an item repeated; a value replaced by a stray scalar or by another
    value of the same data."""
    for _ in range(draw(st.integers(1, max_mutations))):
        data = draw(_mutate_once(data))
    return data
