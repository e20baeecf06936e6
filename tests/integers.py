"""Whole numbers that are not ``int``: what inputs that take integers must accept."""

from __future__ import annotations


class Index:
    """A whole number of another type, read as one through ``__index__`` alone.

    >>> import operator
    >>> n = Index(3)
    >>> isinstance(n, int), operator.index(n), [10, 11, 12, 13][n]
    (False, 3, 13)
    """

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value
