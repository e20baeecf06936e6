"""A shrink budget counted in work: steps replayed after the first divergence.

Hypothesis shrinks a failing game by replaying smaller ones; against an
engine in another process that can take long. A budget counted in steps
played (not seconds) stops the search at the same point on a quiet and on
a loaded machine, so a seed gives the same report everywhere. Every driver
of the kit spends from the budget that is active in its context;
:func:`shrink_budget` activates one around any Hypothesis run (a
:func:`~rulespec.testing.check`, a state machine), and when it is spent,
ends the run with the smallest divergence found so far.
"""

from __future__ import annotations

import contextlib
import time
import warnings
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from hypothesis.errors import Flaky

from rulespec.testing.divergence import Divergence, DivergenceError

__all__ = ["SHRINK_STEPS", "Cut", "ShrinkBudget", "Spent", "active", "shrink_budget"]

SHRINK_STEPS = 20_000
"""The default budget: steps replayed after the first divergence is found."""


class Cut(BaseException):
    """Raised by an adapter to end a search before all its games are played (the time
    is up, say): it passes through the search without counting as a divergence, and
    :func:`~rulespec.testing.check` raises it again with ``result``, what the search
    played and tried until then."""

    result: Any = None


class Spent(BaseException):
    """Raised through Hypothesis when the budget is spent, to end the search at once (a
    :class:`BaseException`, so that nothing takes it for a failure to shrink)."""


class ShrinkBudget:
    """How much shrinking is left, and the smallest divergence found so far.

    >>> budget = ShrinkBudget(steps=2)
    >>> budget.spent()
    False
    >>> budget.spend(5)  # nothing found yet: generating is free
    >>> budget.spent()
    False
    """

    def __init__(self, steps: int | None = SHRINK_STEPS, seconds: float | None = None) -> None:
        self.steps = steps
        self.seconds = seconds
        self.replayed = 0
        """Steps played since the first divergence."""
        self.best: Divergence | None = None
        self.first: Divergence | None = None
        self.found_at: float | None = None
        self.stopped = False
        """Whether a driver has ended the search because the budget was spent."""

    def found(self, divergence: Divergence) -> None:
        """Note a divergence: the first starts the budget; the smallest is kept."""
        if self.first is None:
            self.first = divergence
            self.found_at = time.perf_counter()
        if self.best is None or _size(divergence) < _size(self.best):
            self.best = divergence

    def spend(self, steps: int = 1) -> None:
        """Count ``steps`` played (only once a divergence has been found)."""
        if self.first is not None:
            self.replayed += steps

    def spent(self) -> bool:
        """Whether the budget is spent."""
        if self.first is None:
            return False
        if self.steps is not None and self.replayed >= self.steps:
            return True
        if self.seconds is not None and self.found_at is not None:
            return time.perf_counter() - self.found_at >= self.seconds
        return False


def _size(divergence: Divergence) -> tuple[int, int]:
    """The order of divergences: the shorter game, then the earlier step."""
    return len(divergence.record.steps), divergence.step


_ACTIVE: ContextVar[ShrinkBudget | None] = ContextVar("shrink_budget", default=None)


def active() -> ShrinkBudget | None:
    """The budget active in this context, if any."""
    return _ACTIVE.get()


@contextlib.contextmanager
def shrink_budget(
    steps: int | float | None = SHRINK_STEPS, *, seconds: float | None = None
) -> Iterator[ShrinkBudget]:
    """Within this block, the kit's drivers shrink a divergence for at most ``steps``
    steps replayed after the first is found (``None``: no limit), then end the run by
    raising the smallest :class:`~rulespec.testing.DivergenceError` found.

    ``seconds`` adds an outer wall-clock limit, for runs that must end in time whatever
    the report. A float given as ``steps`` is read as seconds, as in earlier versions,
    with a :class:`DeprecationWarning`.

    >>> from hypothesis import settings
    >>> from rulespec.testing import check
    >>> from rulespec.testing.reference import ReferenceAdapter
    >>> with shrink_budget(500):
    ...     result = check(ReferenceAdapter(), "duo", max_steps=30,
    ...                    settings=settings(max_examples=2, derandomize=True))
    >>> result.games >= 2
    True
    """
    if isinstance(steps, float):
        warnings.warn(
            "shrink_budget(seconds) is deprecated: give steps, or seconds=...",
            DeprecationWarning,
            stacklevel=3,
        )
        steps, seconds = None, steps
    budget = ShrinkBudget(steps, seconds)
    token = _ACTIVE.set(budget)
    try:
        yield budget
    except (Spent, Flaky):
        # Hypothesis may report the search ended mid-game as inconsistent data: that is
        # the budget's doing, not the engine's.
        if not budget.stopped or budget.best is None:
            raise
        raise DivergenceError(budget.best) from None
    finally:
        _ACTIVE.reset(token)
