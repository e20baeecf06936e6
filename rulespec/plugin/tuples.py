"""The changes a rules module makes to the tuples of an immutable state, each one
call: a card taken from a hand, one seat's entry replaced. They read as the rulebook
says them and cost a copy made in C, where a generator expression or a rebuilt tuple
walks every item in Python.

>>> hands = ((1, 4, 7), (2, 5))
>>> replaced(hands, 0, without(hands[0], 4))
((1, 7), (2, 5))
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["replaced", "without"]

T = TypeVar("T")


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` with the first ``item`` taken out; :class:`ValueError` when there is none.

    >>> without((3, 5, 5, 9), 5)
    (3, 5, 9)
    """
    kept = list(items)
    kept.remove(item)
    return tuple(kept)


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the item at ``index`` (counted from 0) replaced by ``value``.

    >>> replaced((0, 0, 0), 1, 7)
    (0, 7, 0)
    """
    made = list(items)
    made[index] = value
    return tuple(made)
