"""The independent engine agrees with rulespec, through full and partial adapters."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

import rulespec
from rulespec.duck_cover.kit import COMPETITION
from rulespec.testing import (
    Adapter,
    DivergenceError,
    ReferenceAdapter,
    Setup,
    capabilities,
    check,
)
from tests.profiles import scaled
from tests.testing.foreign_duck_cover import (
    ForeignAdapter,
    PositiveSingleStack,
    RepeatForgetsMax,
    ScoresOnlyAdapter,
)

PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
QUICK = settings(max_examples=12, derandomize=True, database=None)
LONG = settings(QUICK, max_examples={"ci": 40, "deep": 400}.get(PROFILE, 6))
EVERY_GAME = settings(QUICK, max_examples=scaled(6, 12))
"""Games of each game through rulespec's own adapter: 6 under dev, 12 under ci and deep."""
SHRINK_STEPS = scaled(500, 5_000)
"""Steps replayed while shrinking a divergence: a few hundred under dev (the checks below
hold for any game found, shrunk or not)."""


def test_the_independent_engine_agrees_with_rulespec() -> None:
    result = check(ForeignAdapter(), "duck-and-cover", settings=LONG, max_steps=600)
    assert result.games >= LONG.max_examples
    assert result.steps > LONG.max_examples * 20


def test_a_partial_adapter_is_checked_on_what_it_answers() -> None:
    assert capabilities(ScoresOnlyAdapter()) == {"scores", "winners", "is_over"}
    result = check(ScoresOnlyAdapter(), "duck-and-cover", settings=QUICK, max_steps=300)
    assert result.steps > 0


@pytest.mark.clause("dc.score.sign")
def test_a_partial_adapter_still_catches_a_scoring_bug() -> None:
    class Scores(ScoresOnlyAdapter):
        engine = PositiveSingleStack

    with pytest.raises(DivergenceError) as info:
        check(
            Scores(),
            "duck-and-cover",
            settings=settings(QUICK, max_examples=200),
            shrink_steps=SHRINK_STEPS,
        )
    assert info.value.divergence.kind == "scores"
    assert "dc.score.sign" in info.value.divergence.clauses


@pytest.mark.clause("dc.special.repeat-after-max")
def test_an_adapter_with_legal_actions_only_catches_a_special_card_bug() -> None:
    class LegalOnly(ForeignAdapter):
        engine = RepeatForgetsMax
        state = Adapter.state
        scores = Adapter.scores
        winners = Adapter.winners
        is_over = Adapter.is_over
        to_move = Adapter.to_move

    assert capabilities(LegalOnly()) == {"legal_actions"}
    with pytest.raises(DivergenceError) as info:
        check(
            LegalOnly(),
            "duck-and-cover",
            settings=settings(QUICK, max_examples=200),
            shrink_steps=SHRINK_STEPS,
        )
    assert info.value.divergence.kind == "legal-actions"
    assert "dc.special.repeat-after-max" in info.value.divergence.clauses


@pytest.mark.clause("dc.variant.competition")
def test_the_default_search_catches_an_engine_that_ignores_competition() -> None:
    """The kit varies the Competition option itself (``{"competition": true}`` on the
    wire), not a splash table of the card numbers, which such an engine would play."""

    class PrintedSplashes(ForeignAdapter):
        """Told to play Competition, it scores the splash table all the same."""

        def start(self, setup: Setup) -> None:
            super().start(setup)
            splashes = dict(zip(range(1, 13), setup.options.splashes, strict=True))
            self.table = self.engine(setup.players, splashes)

    published = rulespec.game("duck-and-cover").default_options()
    assert check(
        PrintedSplashes(), "duck-and-cover", options=published, settings=QUICK, max_steps=600
    ).games
    with pytest.raises(DivergenceError) as info:
        check(
            PrintedSplashes(),
            "duck-and-cover",
            settings=settings(QUICK, max_examples=200),
            max_steps=600,
            shrink_steps=SHRINK_STEPS,
        )
    assert info.value.divergence.record.options == COMPETITION
    assert "dc.variant.competition" in info.value.divergence.clauses
    assert "dc.cards.splashes" not in info.value.divergence.clauses


@pytest.mark.parametrize("game", [g.id for g in rulespec.games()])
def test_the_kit_plays_every_game_through_the_protocol(game: str) -> None:
    """rulespec's own engine, through the adapter protocol, agrees with itself: the kit
    needs nothing of a game beyond the Game protocol."""
    result = check(ReferenceAdapter(), game, settings=EVERY_GAME, max_steps=150)
    assert result.games >= EVERY_GAME.max_examples
    assert result.steps > 0
