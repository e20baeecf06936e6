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
    """The p-value of ``observed`` counts under ``law`` by Pearson's chi-squared test; an
    outcome outside the law fails at once (p = 0).

    >>> law = {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
    >>> round(chi_squared_p({"heads": 50, "tails": 50}, law), 6)
    1.0
    >>> round(chi_squared_p({"heads": 60, "tails": 40}, law), 4)  # statistic 4, 1 degree
    0.0455
    >>> chi_squared_p({"edge": 1}, law)
    0.0
    """
    # The tail of the chi-squared law; scipy.stats would take seconds to import.
    from scipy.special import chdtrc  # type: ignore[import-untyped]

    if set(observed) - set(law):
        return 0.0
    n = sum(observed.values())
    keys = sorted(law, key=repr)
    expected = [float(law[k]) * n for k in keys]
    statistic = sum((observed.get(k, 0) - e) ** 2 / e for k, e in zip(keys, expected, strict=True))
    return float(chdtrc(len(keys) - 1, statistic))
