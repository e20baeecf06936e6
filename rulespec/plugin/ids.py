"""Helpers for a game's ``encoding`` module (see :class:`~rulespec.core.encoding.Encoding`):
action ids checked against the action space, masks as bytes, one-hot lists and seats
counted from the viewer.

They are tools for writing a game, not part of the protocol: the core's
:class:`~rulespec.core.encoding.GameEncoding` calls a game's module and never these.

>>> one_hot(2, 4)
[0.0, 0.0, 1.0, 0.0]
>>> relative_seat(0, 2, 4)
2
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from typing import Any

from rulespec.core.checks import integer
from rulespec.core.errors import IllegalAction

__all__ = [
    "checked_id",
    "flag_bytes",
    "identity_index",
    "one_hot",
    "refuse_unless_legal",
    "relative_seat",
]


def checked_id(value: object, size: int, clause: str) -> int:
    """``value`` as an action id below ``size``: a :class:`TypeError` naming
    ``action_id`` when it is not an integer, an :class:`IllegalAction` citing
    ``clause`` when it is outside ``range(size)``.

    >>> checked_id(3, 10, "duo.turn.play")
    3
    >>> checked_id(10, 10, "duo.turn.play")
    Traceback (most recent call last):
      ...
    rulespec.core.errors.IllegalAction: duo.turn.play: action id 10 is outside 0 to 9
    """
    i = integer(value, "action_id")
    if not 0 <= i < size:
        raise IllegalAction(clause, f"action id {i} is outside 0 to {size - 1}")
    return i


def refuse_unless_legal(
    legal: Container[Any], action: object, apply: Callable[[Any], object], clause: str
) -> None:
    """Return when ``action`` is in ``legal``; otherwise raise the
    :class:`IllegalAction` that ``apply(action)`` raises (the clause the rules
    cite), or one citing ``clause`` should the rules accept it after all."""
    if action in legal:
        return
    apply(action)
    raise IllegalAction(clause, f"{action!r} is not a legal action now")


def flag_bytes(ids: Iterable[int], size: int) -> bytearray:
    """``size`` bytes, 1 at each of ``ids`` and 0 elsewhere: what an action mask holds.

    >>> list(flag_bytes((1, 3), 5))
    [0, 1, 0, 1, 0]
    """
    found = bytearray(size)
    for i in ids:
        found[i] = 1
    return found


def identity_index(items: Iterable[object]) -> dict[int, int]:
    """Each of ``items``' position, keyed by the item's identity (``id(item)``): a lookup
    that skips the items' own hashing (an enum member's is written in Python), for
    objects that live as long as the program, such as enum members.

    >>> from enum import Enum
    >>> Colour = Enum("Colour", "RED GREEN")
    >>> identity_index(Colour)[id(Colour.GREEN)]
    1
    """
    return {id(item): i for i, item in enumerate(items)}


def one_hot(index: int | None, size: int) -> list[float]:
    """``size`` zeros with a one at ``index`` (none when ``index`` is ``None``)."""
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def relative_seat(seat: int, viewer: int, players: int) -> int:
    """How many seats after ``viewer`` ``seat`` sits: ``0`` for the viewer, ``1``
    for the next seat, and so on round the table.

    >>> relative_seat(0, 2, 4)
    2
    """
    return (seat - viewer) % players
