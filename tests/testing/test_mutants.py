"""The proof that the kit catches bugs: one realistic rule bug per mutant engine, for
every game the tests hold an independent engine of.

Each mutant of an independent engine declares the clause it breaks; the kit
must find a divergence, and its report must cite that clause. The search is
deterministic (``derandomize``, no example database). Shrinking is bounded
per mutant: a few hundred steps replayed in ``dev``, a few thousand in ``ci``,
more in ``deep``.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

import pytest
from hypothesis import settings

import rulespec
from rulespec.testing import DivergenceError, check
from rulespec.tools.verifier import verify
from tests.profiles import scaled
from tests.testing.suites import GAMES, suite_of, suites

DEEP = os.environ.get("RULESPEC_PROFILE") == "deep"
DEV_MUTANTS = 2
"""How many mutants of each engine the default profile searches for; ``ci`` and ``deep``
search them all."""
SEARCH = settings(max_examples=1000 if DEEP else 200, derandomize=True, database=None)
SHRINK_STEPS = 100_000 if DEEP else scaled(500, 5_000)


def _mutants() -> list[Any]:
    found = []
    for game in GAMES:
        suite = suites().get(game)
        for i, m in enumerate(suite.mutants if suite else ()):
            marks = [pytest.mark.clause(m.BREAKS)]
            if i >= DEV_MUTANTS and suite is not None and m not in suite.catch:
                marks.append(pytest.mark.heavy)
            found.append(pytest.param(game, m, marks=marks, id=f"{game}-{m.__name__}"))
    return found


@pytest.mark.parametrize(("game", "mutant"), _mutants())
def test_the_kit_catches_the_mutant_and_names_its_clause(
    game: str, mutant: type[Any], request: pytest.FixtureRequest
) -> None:
    suite = suite_of(game)
    start = time.perf_counter()
    with pytest.raises(DivergenceError) as info:
        check(suite.adapter(mutant), game, settings=SEARCH, shrink_steps=SHRINK_STEPS)
    error, seconds = info.value, time.perf_counter() - start
    found = error.divergence
    assert found.game == game
    assert mutant.BREAKS in found.clauses, found.report()
    request.node.user_properties += [("found_after", error.found_after), ("seconds", seconds)]
    # The report names each clause with its catalogue title.
    report = str(error)
    assert f"{mutant.BREAKS}  {rulespec.clause(mutant.BREAKS).title}" in report
    # Its record replays in rulespec up to the divergence, and `verify` calls it legal.
    assert found.record.to_json() in report
    again = rulespec.Record.from_json(found.record.to_json())
    assert again == found.record
    assert verify(found.record.to_json()).legal
    assert found.step <= len(found.record.steps)
    if found.action is not None:
        assert json.dumps(found.action, ensure_ascii=False) in report
    more = suite.catch.get(mutant)
    if more is not None:
        more(found)


@pytest.mark.parametrize("game", GAMES)
def test_the_mutants_are_many_and_break_implemented_clauses(game: str) -> None:
    suite = suite_of(game)
    prefix = rulespec.game(game).declaration.prefix
    mutants = suite.mutants
    assert len(mutants) >= suite.min_mutants
    breaks = {m.BREAKS for m in mutants}
    assert len(breaks) >= suite.min_mutants
    if suite.distinct_breaks:
        assert len(breaks) == len(mutants)
    assert len({m.__name__ for m in mutants}) == len(mutants)
    for m in mutants:
        assert rulespec.clause(m.BREAKS).status == "implemented"
        assert m.BREAKS.startswith(prefix)
