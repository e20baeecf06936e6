"""The independent Duo engine agrees with rulespec, through full and partial adapters."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from rulespec.duo import Options
from rulespec.testing import DivergenceError, capabilities, check
from tests.profiles import scaled
from tests.testing.duo.foreign_duo import (
    ExhaustedGivesPoints,
    ForeignDuoAdapter,
    ResultsOnlyAdapter,
    TargetOfTwoPlayers,
    ViewsOnlyAdapter,
)

PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
QUICK = settings(max_examples=12, derandomize=True, database=None)
LONG = settings(QUICK, max_examples={"ci": 40, "deep": 400}.get(PROFILE, 5))
EACH_OPTION = settings(QUICK, max_examples=scaled(6, 12))
"""Games under each option: 6 under dev, 12 under ci and deep."""
SHRINK_STEPS = scaled(500, 5_000)
"""Steps replayed while shrinking a divergence: a few hundred under dev (the checks below
hold for any game found, shrunk or not)."""


def test_the_independent_engine_agrees_with_rulespec() -> None:
    result = check(ForeignDuoAdapter(), "duo", settings=LONG)
    assert result.games >= LONG.max_examples
    assert result.steps > LONG.max_examples * 50


@pytest.mark.parametrize(
    "options",
    [
        Options(exhausted="empty-draw"),
        Options(turbo=True, first_player=1),
        Options(turbo=True, exhausted="empty-draw", max_rounds=1),
    ],
    ids=["empty-draw", "turbo-second-seat", "turbo-empty-draw-one-round"],
)
def test_the_independent_engine_agrees_under_each_option(options: Options) -> None:
    result = check(
        ForeignDuoAdapter(),
        "duo",
        players=(2, 3, 6),
        options=options,
        settings=EACH_OPTION,
        max_steps=400,
    )
    assert result.games >= EACH_OPTION.max_examples
    assert result.steps > EACH_OPTION.max_examples * 20


def test_a_partial_adapter_is_checked_on_what_it_answers() -> None:
    assert capabilities(ResultsOnlyAdapter()) == {"scores", "winners", "is_over"}
    assert capabilities(ViewsOnlyAdapter()) == {"view"}
    assert check(ResultsOnlyAdapter(), "duo", settings=QUICK, max_steps=400).steps > 0
    assert check(ViewsOnlyAdapter(), "duo", settings=QUICK, max_steps=150).steps > 0


@pytest.mark.clause("duo.score.exhausted")
def test_a_results_only_adapter_still_catches_a_scoring_bug() -> None:
    class Scores(ResultsOnlyAdapter):
        engine = ExhaustedGivesPoints

    with pytest.raises(DivergenceError) as info:
        check(
            Scores(),
            "duo",
            settings=settings(QUICK, max_examples=200),
            shrink_steps=SHRINK_STEPS,
        )
    # Positive points may reach the target: the match then ends in one engine only.
    assert info.value.divergence.kind in ("scores", "is_over")
    assert "duo.score.exhausted" in info.value.divergence.clauses


@pytest.mark.clause("duo.game.target")
def test_a_views_only_adapter_catches_a_target_bug_from_the_first_view() -> None:
    class Views(ViewsOnlyAdapter):
        engine = TargetOfTwoPlayers

    with pytest.raises(DivergenceError) as info:
        check(Views(), "duo", players=(3, 4, 5, 6), settings=QUICK, shrink_steps=SHRINK_STEPS)
    found = info.value.divergence
    assert found.kind == "view"
    assert found.step == 0 and not found.record.steps  # the view of a new match shows it
    assert "target" in found.summary
    # The clause of the part that differs first; the setup's after it, at the start.
    assert found.clauses[0] == "duo.game.target"
