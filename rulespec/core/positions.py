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

__all__ = ["listed", "whole", "wholes"]


def whole(value: Any, where: str) -> int:
    """``value`` as an ``int`` if it is a whole number (never a bool, a float or a text)."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise PositionError(f"{where}: expected a whole number, not {value!r}")


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
