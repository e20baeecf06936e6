"""Checks a game's rules make of a chance outcome: the piles a shuffle or a deal
produces, and the cards inside them.

A chance action holds its cards as tuples of exactly the card type;
:func:`outcome` turns what a caller passes (lists, NumPy's integers) into that
form or refuses it, and :func:`pile_of` says whether a pile already has it.

>>> outcome([[3, 1]], 1, "duo.setup.deal")
((3, 1),)
>>> pile_of((3, 1), int)
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from typing import Any

from rulespec.core.checks import wrong_type
from rulespec.core.errors import IllegalAction

__all__ = ["outcome", "pile_of"]


def outcome(value: object, piles: int, clause: str) -> tuple[tuple[Any, ...], ...]:
    """A chance outcome as a tuple of ``piles`` tuples: a :class:`TypeError` when it is not
    a sequence of sequences, an :class:`IllegalAction` citing ``clause`` when it holds
    another number of piles. Integers of other types (NumPy's) become ``int``; a ``bool``
    or ``float`` stays, for the game to refuse.

    >>> outcome([[3, 1, 2]], 1, "duo.setup.deal")
    ((3, 1, 2),)
    """
    if not _collection(value):
        raise wrong_type("outcome", value, "a sequence of piles")
    found: tuple[Any, ...] = tuple(value)  # type: ignore[arg-type]
    for pile in found:
        if not _collection(pile):
            raise wrong_type("outcome", value, "a sequence of piles, each a sequence of cards")
    if len(found) != piles:
        raise IllegalAction(clause, f"this chance step shuffles {piles} pile(s), not {len(found)}")
    return tuple(tuple(_card(c) for c in pile) for pile in found)


def _collection(value: object) -> bool:
    return isinstance(value, Iterable) and not isinstance(value, str | bytes | Mapping)


def _card(value: Any) -> Any:
    if type(value) is int or isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return value
    return operator.index(value)


def pile_of(value: object, kind: type) -> bool:
    """Whether ``value`` is a tuple of values of exactly the type ``kind`` (``bool`` and
    ``float`` are not cards), as a chance action holds its cards.

    >>> pile_of((3, 5), int), pile_of((3, True), int), pile_of([3, 5], int)
    (True, False, False)
    """
    return type(value) is tuple and {*map(type, value)} <= {kind}
