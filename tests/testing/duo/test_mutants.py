"""The proof that the kit catches Duo bugs: one realistic rule bug per mutant engine.

Each mutant of the independent engine declares the clause it breaks; the kit
must find a divergence, and its report must cite that clause. The search is
deterministic (``derandomize``, no example database). Shrinking is bounded
per mutant: a fifth of a second in ``dev``, a second and a half in ``ci``, longer
in ``deep``.
"""

from __future__ import annotations

import json
import os
import time

import pytest
from hypothesis import settings

import rulespec
from rulespec.testing import DivergenceError, check
from rulespec.tools.verifier import verify
from tests.profiles import scaled
from tests.testing.duo.foreign_duo import MUTANTS, ForeignDuoAdapter, Match, StopBeforeAnyCard

DEEP = os.environ.get("RULESPEC_PROFILE") == "deep"
DEV_MUTANTS = 2
"""How many mutants the default profile searches for; ``ci`` and ``deep`` search them all."""
SEARCH = settings(max_examples=1000 if DEEP else 200, derandomize=True, database=None)
SHRINK_STEPS = 100_000 if DEEP else scaled(500, 5_000)


_CAUGHT: dict[type[Match], tuple[DivergenceError, float]] = {}


def _caught(mutant: type[Match]) -> tuple[DivergenceError, float]:
    """The kit's report on ``mutant`` and the seconds it took (each mutant is run once)."""
    if mutant not in _CAUGHT:
        start = time.perf_counter()
        with pytest.raises(DivergenceError) as info:
            check(ForeignDuoAdapter(mutant), "duo", settings=SEARCH, shrink_steps=SHRINK_STEPS)
        _CAUGHT[mutant] = (info.value, time.perf_counter() - start)
    return _CAUGHT[mutant]


@pytest.mark.parametrize(
    "mutant",
    [
        pytest.param(
            m,
            marks=[
                pytest.mark.clause(m.BREAKS),
                *([pytest.mark.heavy] if i >= DEV_MUTANTS else []),
            ],
            id=m.__name__,
        )
        for i, m in enumerate(MUTANTS)
    ],
)
def test_the_kit_catches_the_mutant_and_names_its_clause(
    mutant: type[Match], request: pytest.FixtureRequest
) -> None:
    error, seconds = _caught(mutant)
    found = error.divergence
    assert found.game == "duo"
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


@pytest.mark.clause("duo.turn.stop")
def test_a_bug_only_in_accepting_actions_is_caught_by_an_illegal_probe() -> None:
    """The mutant lists the right moves, so only an offered illegal Stop shows it."""
    error, _ = _caught(StopBeforeAnyCard)
    found = error.divergence
    assert found.kind == "accepted-illegal"
    assert found.action == {"type": "stop", "player": found.action["player"]}
    # The Stop came before any card of the turn: the turn's last step, if any, passed it.
    states = list(found.record.states())
    assert states[-1].turn_pile is None
    assert states[-1].turn == found.action["player"]


def test_the_catch_rate_is_total_and_the_mutants_are_many() -> None:
    assert len(MUTANTS) >= 8
    assert len({m.BREAKS for m in MUTANTS}) == len(MUTANTS)
    for m in MUTANTS:
        assert rulespec.clause(m.BREAKS).status == "implemented"
        assert rulespec.clause(m.BREAKS).id.startswith("duo.")
