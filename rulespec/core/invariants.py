"""Invariants: named checks drawn from the rulebooks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["MALFORMED", "Invariant", "TransitionInvariant", "Violation"]

MALFORMED = "the state is malformed: checking it raised"
"""How the message of a violation begins when the check itself raised: an invariant
reports a state too malformed to check (a hand missing, an index out of range) rather
than crash the caller."""


@attrs.frozen
class Violation:
    """One broken invariant: which, the clauses it guards, and what is wrong."""

    invariant: str
    clauses: tuple[str, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.invariant} ({', '.join(self.clauses)}): {self.message}"


@attrs.frozen
class _Named:
    """What both kinds of invariant have: an id, the clauses it guards, a description,
    and a check whose raising is reported as a violation."""

    id: str
    clauses: tuple[str, ...]
    description: str

    def _violation(self, check: Callable[..., str | None], *args: Any) -> Violation | None:
        try:
            message = check(*args)
        except Exception as exc:
            message = f"{MALFORMED} {type(exc).__name__}: {exc}"
        return None if message is None else Violation(self.id, self.clauses, message)


@attrs.frozen
class Invariant(_Named):
    """A property every reachable state has.

    ``check`` returns a sentence saying what is wrong, or ``None``. A check
    that raises on a malformed state is reported as a violation of its
    invariant (its message starts with :data:`MALFORMED`), never passed on.

    >>> check = lambda s: None if s > 0 else "not positive"
    >>> inv = Invariant("positive", ("x.rule",), "counts are positive", check)
    >>> inv.violation(-1)
    Violation(invariant='positive', clauses=('x.rule',), message='not positive')
    >>> inv.violation("three").message
    "the state is malformed: checking it raised TypeError: '>' not supported ..."
    """

    check: Callable[[Any], str | None] = attrs.field(eq=False, repr=False)

    def violation(self, state: Any) -> Violation | None:
        """The violation in ``state``, or ``None`` when it holds."""
        return self._violation(self.check, state)


@attrs.frozen
class TransitionInvariant(_Named):
    """A property of every step ``(before, action, after)``.

    Like :class:`Invariant`, a check that raises is reported as a violation.
    """

    check: Callable[[Any, Any, Any], str | None] = attrs.field(eq=False, repr=False)

    def violation(self, before: Any, action: Any, after: Any) -> Violation | None:
        """The violation in this step, or ``None`` when it holds."""
        return self._violation(self.check, before, action, after)
