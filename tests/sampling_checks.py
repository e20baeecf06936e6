"""Checks that a sampler deals hidden cards as a fair shuffle would.

The exact law of a small case is found by brute force: every ordering of the hidden
cards, copies told apart, is equally likely; the test maps each ordering to what it
observes, the same way it maps a sample, and compares counts with a chi-squared test.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")

SAMPLES = {"dev": 1, "ci": 3, "deep": 10}.get(os.environ.get("RULESPEC_PROFILE", "dev"), 1)
"""How many times more samples the slower profiles draw."""

P_MIN = 1e-4
"""A fair sampler fails a test with this probability at most (fixed seeds make each
run the same)."""


def exact_law(
    hidden: Sequence[T], observe: Callable[[tuple[T, ...]], Hashable]
) -> dict[Any, Fraction]:
    """The law of ``observe(ordering)`` when the ``hidden`` cards are shuffled fairly."""
    counts: Counter[Hashable] = Counter()
    for order in itertools.permutations(range(len(hidden))):
        counts[observe(tuple(hidden[i] for i in order))] += 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


def chi_squared_p(observed: Mapping[Any, int], law: Mapping[Any, Fraction]) -> float:
    """The p-value of ``observed`` counts under ``law``; an outcome outside the law fails
    at once (p = 0)."""
    from scipy.stats import chisquare  # type: ignore[import-untyped]  # slow to import

    if set(observed) - set(law):
        return 0.0
    n = sum(observed.values())
    keys = sorted(law, key=repr)
    expected = [float(law[k]) * n for k in keys]
    return float(chisquare([observed.get(k, 0) for k in keys], expected).pvalue)
