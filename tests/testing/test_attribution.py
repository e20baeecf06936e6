"""The clause of a mutant's bug comes first in the report, even through a black box.

Each mutant of the independent engines (the JavaScript one too, when ``node``
is there) is checked through an adapter
that gives no state and no view (100 derandomised games, 10 s of
shrinking). Slow: it runs in the ``deep`` profile only
(``RULESPEC_PROFILE=deep``); ``python -m tests.testing.attribution`` prints
the table.
"""

from __future__ import annotations

import os

import pytest

from rulespec.testing import Adapter, capabilities
from tests.testing.attribution import BLACK_BOX, ENGINES, NodeCanardage, measure

DEEP = os.environ.get("RULESPEC_PROFILE") == "deep"
RATES = {"duck-and-cover": 1.0, "duo": 0.9, "canardage": 0.9, "canardage-js": 0.9}


@pytest.mark.parametrize("engine", ["duck-and-cover", "duo", "canardage"])
def test_the_black_box_answers_no_state_and_no_view(engine: str) -> None:
    mutants = ENGINES[engine][1]()
    assert len(mutants) >= 8
    assert capabilities(mutants[0].adapter()) == set(BLACK_BOX)
    assert NodeCanardage.state is Adapter.state and NodeCanardage.view is Adapter.view


@pytest.mark.skipif(not DEEP, reason="minutes per game: the deep profile only")
@pytest.mark.parametrize("game", list(RATES))
def test_the_mutants_clause_is_named_first(game: str) -> None:
    outcomes = measure(game, games=100, shrink_seconds=10.0)
    if not outcomes:
        pytest.skip(f"{game}: no mutants here (node or the engine is missing)")
    first = [o for o in outcomes if o.first]
    missed = [
        f"{o.mutant}: {o.breaks} <- {', '.join(o.clauses[:3])}" for o in outcomes if not o.first
    ]
    assert len(first) >= RATES[game] * len(outcomes), "\n".join(missed)
