"""Each independent engine agrees with rulespec, through full and partial adapters; and
rulespec's own engine, through the adapter protocol, agrees with itself for every game."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import settings

from rulespec.testing import DivergenceError, ReferenceAdapter, capabilities, check
from tests.profiles import scaled
from tests.testing.suites import GAMES, suite_of, suites

PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
QUICK = settings(max_examples=12, derandomize=True, database=None)
EVERY_GAME = settings(QUICK, max_examples=scaled(6, 12))
"""Games of each game through rulespec's own adapter: 6 under dev, 12 under ci and deep."""
EACH_VARIANT = settings(QUICK, max_examples=scaled(6, 12))
"""Games under each variant: 6 under dev, 12 under ci and deep."""
SHRINK_STEPS = scaled(500, 5_000)
"""Steps replayed while shrinking a divergence: a few hundred under dev (the checks below
hold for any game found, shrunk or not)."""


def _params(kind: str) -> list[Any]:
    """``(game, name)`` of every variant or partial adapter of every suite; the partial
    adapters marked with the clause of the bug they must catch."""
    found = []
    for game in GAMES:
        suite = suites().get(game)
        if suite is None:
            continue
        if kind == "variants":
            found += [pytest.param(game, v.name, id=f"{game}-{v.name}") for v in suite.variants]
        else:
            for p in suite.partials:
                marks = [pytest.mark.clause(p.clause)] if p.clause else []
                found.append(pytest.param(game, p.name, marks=marks, id=f"{game}-{p.name}"))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_independent_engine_agrees_with_rulespec(game: str) -> None:
    suite = suite_of(game)
    agreement = suite.agreement
    examples = agreement.examples.get(PROFILE, agreement.examples["dev"])
    long = settings(QUICK, max_examples=examples)
    result = check(suite.adapter(), game, settings=long, max_steps=agreement.max_steps)
    assert result.games >= examples
    assert result.steps > result.games * agreement.steps_per_game


@pytest.mark.parametrize(("game", "name"), _params("variants"))
def test_the_independent_engine_agrees_under_each_variant(game: str, name: str) -> None:
    variant = next(v for v in suite_of(game).variants if v.name == name)
    result = check(
        suite_of(game).adapter(),
        game,
        players=variant.players,
        options=variant.options,
        settings=EACH_VARIANT,
        max_steps=400,
    )
    assert result.games >= EACH_VARIANT.max_examples
    assert result.steps > EACH_VARIANT.max_examples * 20


@pytest.mark.parametrize(("game", "name"), _params("partials"))
def test_a_partial_adapter_is_checked_on_what_it_answers_and_catches_its_bug(
    game: str, name: str
) -> None:
    partial = next(p for p in suite_of(game).partials if p.name == name)
    adapter = partial.adapter() if partial.mutant is None else partial.adapter(partial.mutant)
    assert capabilities(adapter) == partial.answers
    if partial.plain_steps is not None:
        assert capabilities(partial.adapter()) == partial.answers
        quick = check(partial.adapter(), game, settings=QUICK, max_steps=partial.plain_steps)
        assert quick.steps > 0
    with pytest.raises(DivergenceError) as info:
        check(
            adapter,
            game,
            settings=settings(QUICK, max_examples=partial.examples),
            shrink_steps=SHRINK_STEPS,
            **partial.check,
        )
    found = info.value.divergence
    assert found.kind in partial.kinds
    assert partial.clause in found.clauses
    if partial.more is not None:
        partial.more(found)


@pytest.mark.parametrize("game", GAMES)
def test_the_kit_plays_every_game_through_the_protocol(game: str) -> None:
    """rulespec's own engine, through the adapter protocol, agrees with itself: the kit
    needs nothing of a game beyond the Game protocol."""
    result = check(ReferenceAdapter(), game, settings=EVERY_GAME, max_steps=150)
    assert result.games >= EVERY_GAME.max_examples
    assert result.steps > 0
