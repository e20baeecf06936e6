"""Duck & Cover's kit varies the options itself: an engine that ignores one is caught."""

from __future__ import annotations

import pytest
from hypothesis import settings

import rulespec
from rulespec.duck_cover.kit import COMPETITION
from rulespec.testing import DivergenceError, Setup, check
from tests.profiles import scaled
from tests.testing.foreign_duck_cover import ForeignAdapter

QUICK = settings(max_examples=12, derandomize=True, database=None)
SHRINK_STEPS = scaled(500, 5_000)


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
