"""The state machine to subclass, for every game: alone with rulespec, driving an
independent engine with a user's own rules and invariants, and catching a bug."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings
from hypothesis.stateful import invariant, rule, run_state_machine_as_test

from rulespec.testing import DivergenceError, shrink_budget
from tests.profiles import SEEDED, scaled
from tests.testing.suites import GAMES, kit_machine, suite_of, suites

QUICK = settings(SEEDED, max_examples=8, stateful_step_count=40)
MACHINE_SHRINK = scaled(500, 5_000)
"""Steps replayed while shrinking a failing machine run: a few hundred under dev."""


def _settings(game: str) -> settings:
    suite = suites().get(game)
    steps = suite.machine.steps if suite is not None and suite.machine is not None else 40
    return settings(QUICK, stateful_step_count=steps)


def _machine(game: str) -> Any:
    suite = suite_of(game)
    if suite.machine is None:
        pytest.skip(f"the tests do not drive the {game} engine with the machine")
    return suite, suite.machine


def _with_bug_clauses() -> list[Any]:
    found = []
    for game in GAMES:
        suite = suites().get(game)
        spec = suite.machine if suite is not None else None
        marks = [pytest.mark.clause(spec.clause)] if spec is not None else []
        found.append(pytest.param(game, marks=marks, id=game))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_machine_plays_whole_games_alone_with_rulespec(game: str) -> None:
    run_state_machine_as_test(kit_machine(game), settings=_settings(game))


@pytest.mark.parametrize("game", GAMES)
def test_the_machine_drives_an_engine_with_user_rules_and_invariants(game: str) -> None:
    suite, spec = _machine(game)

    class WithTheIndependentEngine(kit_machine(game)):  # type: ignore[misc]
        adapter_factory = suite.adapter
        players = spec.players

        def __init__(self) -> None:
            super().__init__()
            self.turns = 0

        @rule()
        def count_a_turn(self) -> None:
            """A user's own rule: it may read the game and the engine."""
            self.turns += 1

        @invariant()
        def the_engine_waits_for_whom_rulespec_waits_for(self) -> None:
            spec.waits(self)

    run_state_machine_as_test(WithTheIndependentEngine, settings=_settings(game))


@pytest.mark.parametrize("game", _with_bug_clauses())
def test_the_machine_catches_an_engine_bug(game: str) -> None:
    suite, spec = _machine(game)

    class Buggy(kit_machine(game)):  # type: ignore[misc]
        adapter_factory = staticmethod(lambda: suite.adapter(spec.bug))

    with pytest.raises(DivergenceError) as info, shrink_budget(MACHINE_SHRINK):
        run_state_machine_as_test(Buggy, settings=settings(_settings(game), max_examples=100))
    assert spec.clause in info.value.divergence.clauses


@pytest.mark.parametrize("game", GAMES)
def test_a_failing_user_invariant_fails_the_run(game: str) -> None:
    _, spec = _machine(game)
    never = spec.never
    if never is None:
        pytest.skip(f"the tests name no breakable property of {game}")

    class Strict(kit_machine(game)):  # type: ignore[misc]
        @invariant()
        def it_never_happens(self) -> None:
            assert never(self.state)

    with pytest.raises(AssertionError), shrink_budget(MACHINE_SHRINK):
        run_state_machine_as_test(Strict, settings=settings(_settings(game), max_examples=50))
