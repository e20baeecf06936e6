"""Checked reading of JSON data: every error names its place (``steps[3].to``)."""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

from rulespec.core.errors import RecordError

__all__ = ["expect_bool", "expect_int", "expect_list", "expect_object", "nesting_depth"]

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_DEPTH_STEP = tuple(1 if b in b"[{" else -1 for b in range(256))


def nesting_depth(data: bytes) -> int:
    """The deepest nesting of arrays and objects in JSON text, brackets inside strings
    aside (a lower bound where a string is not closed); cheap, and safe before parsing.

    >>> nesting_depth(b'{"steps": [[1, 2], "]]]"]}')
    3
    """
    brackets = _STRING.sub(b'""', data).translate(None, _BRACKETS)
    if not brackets:
        return 0
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)))


def expect_int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a whole number within ``low``..``high``; else :class:`RecordError`.

    >>> expect_int(3, "players", 2, 7)
    3
    >>> expect_int(True, "players")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: players: expected a whole number, got True
    """
    if type(value) is not int:
        raise RecordError(where, f"expected a whole number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RecordError(where, f"{value} is out of range {low} to {high}")
    return value


def expect_bool(value: Any, where: str) -> bool:
    """``value`` if it is ``true`` or ``false``; else :class:`RecordError`."""
    if not isinstance(value, bool):
        raise RecordError(where, f"expected true or false, got {value!r}")
    return value


def expect_list(value: Any, where: str, max_len: int = 10_000) -> list[Any]:
    """``value`` if it is a list of at most ``max_len`` items; else :class:`RecordError`."""
    if not isinstance(value, list):
        raise RecordError(where, f"expected a list, got {type(value).__name__}")
    if len(value) > max_len:
        raise RecordError(where, f"more than {max_len} items")
    return value


def expect_object(
    value: Any, where: str, required: set[str], optional: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """``value`` if it is an object with every ``required`` key and no key outside
    ``required | optional``; else :class:`RecordError` naming the first offending key.

    >>> expect_object({"type": "quack", "who": 1}, "steps[2]", {"type"})
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: steps[2]: unknown key 'who'
    """
    if not isinstance(value, dict):
        raise RecordError(where, f"expected a JSON object, got {type(value).__name__}")
    for key in sorted(required - value.keys()):
        raise RecordError(where, f"missing key {key!r}")
    for key in sorted(value.keys() - required - optional):
        raise RecordError(where, f"unknown key {key!r}")
    return value
