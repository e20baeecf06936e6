"""The conformance search from Python (:func:`rulespec.testing.search.conform`), as
``rulespec conform`` runs it."""

from __future__ import annotations

import sys

import pytest

from rulespec.testing.search import SearchEngine, conform
from tests.cli.helpers import ROOT

SERVE = (sys.executable, "-m", "rulespec.testing.serve")
PAN_ANYWHERE = (sys.executable, str(ROOT / "tests" / "cli" / "engine_project" / "engine.py"))
"""An engine that takes a Pan the rules refuse (``can.action.pan``)."""


def test_the_reference_engine_conforms() -> None:
    outcome = conform(SERVE, "duo", examples=4, seed=3, max_steps=60)
    assert outcome.verdict == "conforms"
    assert outcome.games == 4 and outcome.steps > 0 and not outcome.breaks
    assert sum(f.games for f in outcome.families) == 4


@pytest.mark.clause("can.action.pan")
def test_a_break_is_found_with_its_clause() -> None:
    outcome = conform(PAN_ANYWHERE, "canardage", examples=25, seed=5, shrink_steps=0)
    assert outcome.verdict == "diverges"
    assert outcome.breaks[0].key == "can.action.pan"
    assert outcome.breaks[0].divergence.record.game == "canardage"


def test_an_engine_already_started_is_used_and_left_open() -> None:
    engine = SearchEngine(SERVE, "canardage")
    try:
        first = conform(engine, "canardage", examples=2, seed=1)
        again = conform(engine, "canardage", examples=2, seed=1)
        assert first.verdict == again.verdict == "conforms"
        assert first.steps == again.steps  # the same seed plays the same games
        with pytest.raises(ValueError, match="give the command"):
            conform(engine, "canardage", examples=2, workers=2)
    finally:
        engine.close()


def test_a_search_of_no_games_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        conform(SERVE, "duo", examples=0)
