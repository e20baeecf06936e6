"""The independent Canardage engine agrees with rulespec, through full and partial adapters
and through the state machine."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from hypothesis.stateful import invariant, rule, run_state_machine_as_test

from rulespec.canardage import Phase
from rulespec.canardage.kit import CanardageMachine
from rulespec.testing import Adapter, DivergenceError, capabilities, check, shrink_budget
from tests.profiles import SEEDED, scaled
from tests.testing.canardage.foreign_canardage import (
    CoverUnderWater,
    ForeignAdapter,
    GoesOnWithOnePlayer,
    MarchFrontOnTop,
)

PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
QUICK = settings(max_examples=12, derandomize=True, database=None)
LONG = settings(QUICK, max_examples={"ci": 60, "deep": 1000}.get(PROFILE, 12))
MACHINE = settings(SEEDED, max_examples=8, stateful_step_count=60)
SHRINK_STEPS = scaled(500, 5_000)
"""Steps replayed while shrinking a divergence: a few hundred under dev (the checks below
hold for any game found, shrunk or not)."""
MACHINE_SHRINK = scaled(500, 5_000)
"""Steps replayed while shrinking a failing machine run: a few hundred under dev."""


class ResultsOnly(ForeignAdapter):
    """A partial adapter: no legal actions, state, view or turn; only the results."""

    legal_actions = Adapter.legal_actions
    state = Adapter.state
    view = Adapter.view
    to_move = Adapter.to_move


class LegalOnly(ForeignAdapter):
    """A partial adapter that answers only the legal actions."""

    state = Adapter.state
    view = Adapter.view
    to_move = Adapter.to_move
    scores = Adapter.scores
    winners = Adapter.winners
    is_over = Adapter.is_over


def test_the_independent_engine_agrees_with_rulespec() -> None:
    result = check(ForeignAdapter(), "canardage", settings=LONG)
    assert result.games >= LONG.max_examples
    assert result.steps > result.games * 30


def test_a_results_only_adapter_is_checked_on_what_it_answers() -> None:
    assert capabilities(ResultsOnly()) == {"scores", "winners", "is_over"}
    result = check(ResultsOnly(), "canardage", settings=QUICK)
    assert result.steps > 0


@pytest.mark.clause("can.end.winner")
def test_a_results_only_adapter_still_catches_a_game_that_does_not_end() -> None:
    class Results(ResultsOnly):
        engine = GoesOnWithOnePlayer

    with pytest.raises(DivergenceError) as info:
        check(
            Results(),
            "canardage",
            settings=settings(QUICK, max_examples=200),
            shrink_steps=SHRINK_STEPS,
        )
    assert info.value.divergence.kind == "is_over"
    assert "can.end.winner" in info.value.divergence.clauses


@pytest.mark.clause("can.action.a-couvert")
def test_a_legal_actions_only_adapter_catches_a_card_bug() -> None:
    class Legal(LegalOnly):
        engine = CoverUnderWater

    assert capabilities(Legal()) == {"legal_actions"}
    with pytest.raises(DivergenceError) as info:
        check(
            Legal(),
            "canardage",
            settings=settings(QUICK, max_examples=200),
            shrink_steps=SHRINK_STEPS,
        )
    assert info.value.divergence.kind == "legal-actions"
    assert "can.action.a-couvert" in info.value.divergence.clauses


class WithTheIndependentEngine(CanardageMachine):
    adapter_factory = ForeignAdapter
    players = (3, 4)

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
        if state is not None and state.phase is Phase.PLAY:
            assert self.adapter.table.current == state.turn
            assert self.adapter.table.stage == "play"


def test_the_machine_drives_an_engine_with_user_rules_and_invariants() -> None:
    run_state_machine_as_test(WithTheIndependentEngine, settings=MACHINE)


@pytest.mark.clause("can.action.en-avant-marche")
def test_the_machine_catches_an_engine_bug() -> None:
    class Buggy(CanardageMachine):
        adapter_factory = staticmethod(lambda: ForeignAdapter(MarchFrontOnTop))

    with pytest.raises(DivergenceError) as info, shrink_budget(MACHINE_SHRINK):
        run_state_machine_as_test(Buggy, settings=settings(MACHINE, max_examples=100))
    assert "can.action.en-avant-marche" in info.value.divergence.clauses


TestAloneWithRulespec = CanardageMachine.TestCase
TestAloneWithRulespec.settings = MACHINE
