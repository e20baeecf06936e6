"""Checked readers of the arguments of the games' position builders.

A position builder accepts exactly its documented syntax: whole numbers
through :func:`operator.index` (never a ``bool``, a ``float`` or a text),
and lists that are real sequences (never a text or a mapping). Anything else
is a :class:`~rulespec.core.errors.PositionError` that says where.

>>> whole(3, "round")
3
>>> whole(1.0, "round")
Traceback (most recent call last):
  ...
rulespec.core.errors.PositionError: round: expected a whole number, not 1.0
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.core.errors import PositionError

__all__ = ["listed", "numeral", "shown", "whole", "wholes"]

LARGEST = 2**63 - 1
"""The largest whole number a position accepts: far beyond any count, seat or score."""


def shown(value: Any) -> str:
    """``repr(value)``, shortened to at most 60 characters, for error messages.

    A number too long to print whole (Python refuses to print one of more than
    4,300 digits) is named by its length, so an error about it stays one line:

    >>> shown(10**5000)
    'a whole number of 5001 digits'
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST:
        return f"a whole number of {_digits(value)} digits"
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is named by its type
        return f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:59] + "…"


def _digits(value: int) -> int:
    """The number of decimal digits of ``value`` without printing it."""
    n = abs(value)
    digits = int(n.bit_length() * 0.30102999566398120) + 1
    return digits if n >= 10 ** (digits - 1) else digits - 1


def whole(value: Any, where: str) -> int:
    """``value`` as an ``int`` if it is a whole number (never a bool, a float or a text)
    of at most :data:`LARGEST` in size.

    >>> whole(10**5000, "round")
    Traceback (most recent call last):
      ...
    rulespec.core.errors.PositionError: round: a whole number of 5001 digits is out of range
    """
    if not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:
            pass
        else:
            if abs(number) > LARGEST:
                raise PositionError(f"{where}: {shown(number)} is out of range")
            return number
    raise PositionError(f"{where}: expected a whole number, not {shown(value)}")


def numeral(text: str, where: str) -> int:
    """The whole number written in ``text`` (ASCII digits, already checked by the
    caller), of at most :data:`LARGEST`, read without Python's limit on long numbers.

    >>> numeral("007", "card")
    7
    >>> numeral("9" * 5000, "space 2")
    Traceback (most recent call last):
      ...
    rulespec.core.errors.PositionError: space 2: a whole number of 5000 digits is out of range
    """
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(LARGEST)) or int(digits) > LARGEST:
        raise PositionError(f"{where}: a whole number of {len(digits)} digits is out of range")
    return int(digits)


def listed(value: Any, where: str) -> Sequence[Any]:
    """``value`` if it is a list-like sequence (not a text, bytes or a mapping).

    >>> listed("123", "hands[0]")
    Traceback (most recent call last):
      ...
    rulespec.core.errors.PositionError: hands[0]: expected a list, not '123'
    """
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
        raise PositionError(f"{where}: expected a list, not {value!r}")
    return value


def wholes(values: Any, where: str) -> tuple[int, ...]:
    """``values`` as a tuple of whole numbers, each checked by :func:`whole`."""
    return tuple(whole(v, f"{where}[{i}]") for i, v in enumerate(listed(values, where)))
