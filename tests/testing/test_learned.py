"""An engine that lists no legal actions has them learned where a divergence shows.

:func:`~rulespec.testing.learned.learn_legal` plays the game again up to the point in
question and offers each action of the game's action space; the driver explains what it
learns as it would a list the engine gave.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import settings

import rulespec
from rulespec.testing import DivergenceError, Setup, check, kit_for
from rulespec.testing.learned import learn_legal
from rulespec.testing.probes import refused
from tests.profiles import scaled
from tests.testing.attribution import ScoresOnly
from tests.testing.duo.foreign_duo import (
    DealtInBlocks,
    ForeignDuoAdapter,
    OneFeatureEnough,
    TurboNotOnJoker,
)
from tests.testing.foreign_duck_cover import ForeignAdapter, MaxIncludesCovered, TopCardOnly

DUO = rulespec.game("duo")
SEARCH = settings(max_examples=100, derandomize=True, database=None)


def _opening(seed: int) -> tuple[Setup, list[Any], Any]:
    state = DUO.new_game(2)
    deal = DUO.sample_chance(state, random.Random(seed))
    return Setup(DUO, 2, state.options), [deal], DUO.apply(state, deal)


def test_an_engine_that_follows_the_rules_is_learned_to_allow_what_rulespec_allows() -> None:
    setup, steps, state = _opening(1)
    player = DUO.to_move(state)[0]
    learned = learn_legal(DUO, kit_for(DUO), ForeignDuoAdapter(), setup, steps, state, player)
    assert learned is not None and learned.complete
    assert learned.missing == () and learned.extra == ()


@pytest.mark.clause("duo.place.two-features")
def test_a_card_taken_on_one_shared_feature_is_learned_as_an_extra_action() -> None:
    clauses: set[str] = set()
    for seed in range(20):
        setup, steps, state = _opening(seed)
        player = DUO.to_move(state)[0]
        adapter = ForeignDuoAdapter(OneFeatureEnough)
        learned = learn_legal(DUO, kit_for(DUO), adapter, setup, steps, state, player)
        assert learned is not None and learned.missing == ()
        clauses |= {p.clause for p in refused(DUO, state, learned.extra)}
        assert len(refused(DUO, state, learned.extra)) == len(learned.extra)
    assert clauses == {"duo.place.two-features"}


def test_nothing_is_learned_where_nobody_plays() -> None:
    state = DUO.new_game(2)
    setup = Setup(DUO, 2, state.options)
    assert learn_legal(DUO, kit_for(DUO), ForeignDuoAdapter(), setup, [], state, 0) is None


CAUGHT: list[tuple[str, Any, Any]] = [
    ("duck-and-cover", ForeignAdapter, TopCardOnly),
    ("duck-and-cover", ForeignAdapter, MaxIncludesCovered),
    ("duo", ForeignDuoAdapter, TurboNotOnJoker),
    ("duo", ForeignDuoAdapter, DealtInBlocks),
]


@pytest.mark.parametrize(
    ("game", "adapter", "mutant"),
    [
        pytest.param(g, a, m, marks=pytest.mark.clause(m.BREAKS), id=m.__name__)
        for g, a, m in CAUGHT
    ],
)
def test_the_mutants_clause_is_named_first_without_legal_actions_or_state(
    game: str, adapter: Any, mutant: Any
) -> None:
    with pytest.raises(DivergenceError) as info:
        check(ScoresOnly(adapter(mutant)), game, settings=SEARCH, shrink_steps=scaled(500, 5_000))
    clauses = info.value.divergence.clauses
    assert clauses[0] == mutant.BREAKS, clauses
