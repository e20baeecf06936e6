"""The base of the lazy sequences that games return, such as their legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["LazySequence"]

T = TypeVar("T", covariant=True)


class LazySequence(Sequence[T]):
    """A read-only sequence built on demand, equal to any list, tuple or other lazy
    sequence holding the same items in the same order.

    >>> class Squares(LazySequence[int]):
    ...     def __len__(self): return 3
    ...     def __getitem__(self, i): return [0, 1, 4][i]
    >>> Squares() == [0, 1, 4], Squares() == (0, 1, 4), Squares() != [4, 1, 0]
    (True, True, True)
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if not isinstance(other, list | tuple | LazySequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # equal to lists, so not hashable
