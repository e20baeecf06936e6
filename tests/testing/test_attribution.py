"""The clause of a mutant's bug comes first in the report, even through a black box.

Each mutant of the three independent engines is checked through an adapter
that gives no state and no view (100 derandomised games, 10 s of
shrinking). Slow: it runs in the ``deep`` profile only
(``RULESPEC_PROFILE=deep``); ``python -m tests.testing.attribution`` prints
the table.
"""

from __future__ import annotations

import os

import pytest

from rulespec.testing import capabilities
from tests.testing.attribution import BLACK_BOX, ENGINES, BlackBox, measure

DEEP = os.environ.get("RULESPEC_PROFILE") == "deep"
RATES = {"duck-and-cover": 1.0, "duo": 0.9, "canardage": 0.9}


def test_the_black_box_answers_no_state_and_no_view() -> None:
    for mutants, adapter in ENGINES.values():
        assert capabilities(BlackBox(adapter(mutants[0]))) == set(BLACK_BOX)


@pytest.mark.skipif(not DEEP, reason="minutes per game: the deep profile only")
@pytest.mark.parametrize("game", list(RATES))
def test_the_mutants_clause_is_named_first(game: str) -> None:
    outcomes = measure(game, games=100, shrink_seconds=10.0)
    first = [o for o in outcomes if o.first]
    missed = [
        f"{o.mutant}: {o.breaks} <- {', '.join(o.clauses[:3])}" for o in outcomes if not o.first
    ]
    assert len(first) >= RATES[game] * len(outcomes), "\n".join(missed)
