"""The state machine to subclass: with rulespec alone, with an engine, with user rules."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis.stateful import invariant, rule, run_state_machine_as_test

from rulespec.duck_cover import Phase
from rulespec.testing import DivergenceError, DuckAndCoverMachine, shrink_budget
from tests.profiles import SEEDED, scaled
from tests.testing.foreign_duck_cover import ForeignAdapter, TopCardOnly

QUICK = settings(SEEDED, max_examples=8, stateful_step_count=40)
MACHINE_SHRINK = scaled(500, 5_000)
"""Steps replayed while shrinking a failing machine run: a few hundred under dev."""


class WithTheIndependentEngine(DuckAndCoverMachine):
    adapter_factory = ForeignAdapter
    players = (2, 3)

    def __init__(self) -> None:
        super().__init__()
        self.turns = 0

    @rule()
    def count_a_turn(self) -> None:
        """A user's own rule: it may read the game and the engine."""
        self.turns += 1

    @invariant()
    def the_engine_waits_for_whom_rulespec_waits_for(self) -> None:
        state = self.state
        if state is not None and state.phase is Phase.TURN:
            assert set(self.adapter.table.waiting_for()) == set(self.game.to_move(state))


def test_the_machine_drives_an_engine_with_user_rules_and_invariants() -> None:
    run_state_machine_as_test(WithTheIndependentEngine, settings=QUICK)


def test_the_machine_catches_an_engine_bug() -> None:
    class Buggy(DuckAndCoverMachine):
        adapter_factory = staticmethod(lambda: ForeignAdapter(TopCardOnly))

    with pytest.raises(DivergenceError) as info, shrink_budget(MACHINE_SHRINK):
        run_state_machine_as_test(Buggy, settings=settings(QUICK, max_examples=100))
    assert "dc.move.stack" in info.value.divergence.clauses


def test_a_failing_user_invariant_fails_the_run() -> None:
    class Strict(DuckAndCoverMachine):
        @invariant()
        def nobody_ever_covers(self) -> None:
            assert all(len(s) == 1 for g in self.state.grids for _, s in g.cells)

    with pytest.raises(AssertionError), shrink_budget(MACHINE_SHRINK):
        run_state_machine_as_test(Strict, settings=settings(QUICK, max_examples=50))


TestAloneWithRulespec = DuckAndCoverMachine.TestCase
TestAloneWithRulespec.settings = QUICK
