"""The base of the lazy sequences that games return, such as their legal actions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Self, TypeVar, overload

__all__ = ["BuiltSequence", "LazySequence"]

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


if TYPE_CHECKING:

    class _Items:  # type checkers see a sequence: the tuple underneath is not its type
        __slots__ = ()

else:
    _Items = tuple


class BuiltSequence(_Items, LazySequence[T]):
    """A sequence whose items are already built: a tuple underneath, so ``len``,
    indexing, ``in`` and iteration run at the speed of a tuple, and equal, like any
    :class:`LazySequence`, to the lists, tuples and lazy sequences of the same items.
    A slice is a :class:`BuiltSequence` too.

    >>> seq = BuiltSequence((1, 2, 3))
    >>> seq == [1, 2, 3], seq == (1, 2, 3), seq[1:] == [2, 3], seq != [3, 2, 1]
    (True, True, True, True)
    >>> seq
    BuiltSequence([1, 2, 3])
    """

    __slots__ = ()

    if TYPE_CHECKING:

        def __new__(cls, items: Iterable[T] = ()) -> Self: ...
        def __len__(self) -> int: ...

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> BuiltSequence[T]: ...
    def __getitem__(self, i: int | slice) -> T | BuiltSequence[T]:
        if type(i) is slice:
            return BuiltSequence(_item(self, i))  # type: ignore[call-overload]
        return _item(self, i)  # type: ignore[call-overload, no-any-return]

    __eq__ = LazySequence.__eq__

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # equal to lists, so not hashable

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


_item = tuple.__getitem__
