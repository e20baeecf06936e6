"""Invariants: named checks drawn from the rulebooks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["Invariant", "TransitionInvariant", "Violation"]


@attrs.frozen
class Violation:
    """One broken invariant: which, the clauses it guards, and what is wrong."""

    invariant: str
    clauses: tuple[str, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.invariant} ({', '.join(self.clauses)}): {self.message}"


@attrs.frozen
class Invariant:
    """A property every reachable state has.

    ``check`` returns a sentence saying what is wrong, or ``None``.

    >>> check = lambda s: None if s > 0 else "not positive"
    >>> inv = Invariant("positive", ("x.rule",), "counts are positive", check)
    >>> inv.violation(-1)
    Violation(invariant='positive', clauses=('x.rule',), message='not positive')
    """

    id: str
    clauses: tuple[str, ...]
    description: str
    check: Callable[[Any], str | None] = attrs.field(eq=False, repr=False)

    def violation(self, state: Any) -> Violation | None:
        """The violation in ``state``, or ``None`` when it holds."""
        message = self.check(state)
        return None if message is None else Violation(self.id, self.clauses, message)


@attrs.frozen
class TransitionInvariant:
    """A property of every step ``(before, action, after)``."""

    id: str
    clauses: tuple[str, ...]
    description: str
    check: Callable[[Any, Any, Any], str | None] = attrs.field(eq=False, repr=False)

    def violation(self, before: Any, action: Any, after: Any) -> Violation | None:
        """The violation in this step, or ``None`` when it holds."""
        message = self.check(before, action, after)
        return None if message is None else Violation(self.id, self.clauses, message)
