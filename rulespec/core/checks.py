"""The checks at the entry points of a game.

Every method of :class:`~rulespec.core.game.Game` refuses a bad argument at
once, the same way in every game:

- an argument of the wrong type (``None``, a ``bool`` or ``float`` where an
  integer belongs, an object that is not the game's state, action or options)
  raises :class:`TypeError`, naming the argument;
- a value of the right type that the rules refuse (player 7 of a game of
  four, a card the deck does not hold) raises
  :class:`~rulespec.core.errors.IllegalAction`, naming the clause.

An integer is anything :func:`operator.index` accepts (NumPy's integers
too), except ``bool``.

>>> integer(3, "players")
3
>>> integer(True, "players")
Traceback (most recent call last):
  ...
TypeError: players must be an integer, not bool (True)
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Iterable, Mapping
from typing import Any

from rulespec.core.errors import IllegalAction

__all__ = ["integer", "outcome", "pile_of", "seat", "wrong_type"]

_repr = reprlib.Repr()
_repr.maxstring = 40
_repr.maxother = 40


def _described(value: object) -> str:
    if value is None:
        return "None"
    return f"{type(value).__name__} ({_repr.repr(value)})"


def wrong_type(name: str, value: object, expected: str) -> TypeError:
    """The :class:`TypeError` for argument ``name``: it had to be ``expected``.

    >>> str(wrong_type("state", None, "a Duo state"))
    'state must be a Duo state, not None'
    """
    return TypeError(f"{name} must be {expected}, not {_described(value)}")


def integer(value: object, name: str) -> int:
    """``value`` as an ``int``: any integer type but ``bool``; else a :class:`TypeError`
    naming ``name``."""
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise wrong_type(name, value, "an integer")


def seat(value: object, players: int, clause: str, name: str = "player") -> int:
    """``value`` as a seat of a game of ``players`` players: a :class:`TypeError` when it
    is not an integer, an :class:`IllegalAction` citing ``clause`` when there is no such seat.

    >>> seat(2, 4, "dc.setup.players")
    2
    >>> seat(7, 4, "dc.setup.players")
    Traceback (most recent call last):
      ...
    rulespec.core.errors.IllegalAction: dc.setup.players: there is no player 7 in a game of 4
    """
    p = value if type(value) is int else integer(value, name)
    if not 0 <= p < players:
        raise IllegalAction(clause, f"there is no player {p} in a game of {players}")
    return p


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
