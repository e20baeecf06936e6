"""The shrink budget, counted in steps replayed: a seed gives the same report on a quiet and on
a busy machine, and a larger budget only ever shrinks further."""

from __future__ import annotations

import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import Phase, settings

from rulespec.duck_cover import Duck
from rulespec.testing import DivergenceError, ReferenceAdapter, Refused, budget, check
from rulespec.testing.budget import shrink_budget
from rulespec.testing.divergence import Divergence
from tests.profiles import SEEDED

SEARCH = settings(SEEDED, max_examples=20)
BUDGETS = (0, 50, 200, 1000, 2000)
"""Budgets in steps, smallest first: the first games found are longer than the smallest."""


class RefusesDucks(ReferenceAdapter):
    def apply(self, action: Any) -> None:
        if isinstance(action, Duck):
            raise Refused("ducks are not implemented")
        super().apply(action)


class SlowRefusesDucks(RefusesDucks):
    """The same engine, a millisecond slower a step: a machine that has other work."""

    def apply(self, action: Any) -> None:
        time.sleep(0.001)
        super().apply(action)


def _report(
    shrink_steps: int | None, engine: type[RefusesDucks] = RefusesDucks, **kwargs: Any
) -> Divergence:
    with pytest.raises(DivergenceError) as info:
        check(
            engine(),
            "duck-and-cover",
            players=2,
            max_steps=200,
            settings=kwargs.pop("settings", SEARCH),
            shrink_steps=shrink_steps,
            **kwargs,
        )
    return info.value.divergence


@pytest.fixture(scope="module")
def by_budget() -> dict[int, Divergence]:
    """The report of each budget of :data:`BUDGETS` (searched once)."""
    return {budget: _report(budget) for budget in BUDGETS}


@pytest.fixture
def busy() -> Iterator[None]:
    """Another process keeping a core busy while the test runs."""
    load = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        load.kill()
        load.wait()


class FastClock:
    """The clock of a machine a thousand times slower: its seconds pass that much faster."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def perf_counter(self) -> float:
        return self.start + (time.perf_counter() - self.start) * 1000

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def test_a_seed_gives_the_same_report_on_a_busy_machine(
    by_budget: dict[int, Divergence], busy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    quiet = by_budget[200]
    assert _report(200, SlowRefusesDucks) == quiet
    assert _report(200) == quiet
    monkeypatch.setattr(budget, "time", FastClock())
    assert _report(200) == quiet
    # The budget ended the shrinking: it is what decided the report, not the time taken.
    assert len(by_budget[BUDGETS[-1]].record.steps) < len(quiet.record.steps)


def test_no_budget_reports_the_first_divergence_found(by_budget: dict[int, Divergence]) -> None:
    unshrunk = _report(None, settings=settings(SEARCH, phases=[Phase.generate]))
    assert by_budget[0] == unshrunk
    assert len(unshrunk.record.steps) > len(by_budget[BUDGETS[-1]].record.steps)


def test_a_larger_budget_never_gives_a_longer_game(by_budget: dict[int, Divergence]) -> None:
    sizes = [len(by_budget[b].record.steps) for b in BUDGETS]
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] > sizes[-1]
    for found in by_budget.values():
        assert found.kind == "refused-legal" and isinstance(found.record.steps[-1], Duck)


def test_seconds_given_as_the_budget_are_deprecated() -> None:
    with (
        pytest.warns(DeprecationWarning, match="give steps, or seconds=") as caught,
        shrink_budget(0.25) as limits,
    ):
        pass
    assert limits.steps is None and limits.seconds == 0.25
    assert caught[0].filename == __file__  # the warning points at the caller
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with shrink_budget(10, seconds=2.0) as limits:
            pass
    assert limits.steps == 10 and limits.seconds == 2.0
