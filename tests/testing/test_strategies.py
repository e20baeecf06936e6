"""The public strategies: reachable states, legal and illegal actions, records."""

from __future__ import annotations

from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec.duck_cover import MAX, REPEAT, Deal, Phase
from rulespec.testing import Setup, strategies
from tests.testing.seeded import examples as _examples
from tests.testing.seeded import share as _share

DC = rulespec.game("duck-and-cover")
T = TypeVar("T")


@given(strategies.setups(DC))
def test_setups_cover_the_player_range(setup: Setup) -> None:
    assert 2 <= setup.players <= 7
    assert setup.game is DC


@given(strategies.played(DC, max_steps=80))
def test_played_games_are_legal_and_their_records_replay(played: strategies.Played) -> None:
    assert len(played.record.steps) <= 80
    states = list(played.record.states())
    assert states[-1] == played.state
    for state in states:
        assert DC.violations(state) == ()


@given(strategies.records(DC, players=3, min_steps=5, max_steps=40))
def test_records_respect_the_bounds(record: rulespec.Record) -> None:
    assert record.players == 3
    assert 5 <= len(record.steps) <= 40
    assert isinstance(record.steps[0], Deal)


@given(st.data())
def test_illegal_actions_are_refused_and_actions_are_accepted(data: st.DataObject) -> None:
    state = data.draw(strategies.states(DC, min_steps=1, max_steps=60))
    if DC.is_over(state):
        return
    legal = data.draw(strategies.actions(DC, state))
    DC.apply(state, legal)
    if state.phase is Phase.TURN:
        bad = data.draw(strategies.illegal_actions(DC, state))
        with pytest.raises(rulespec.IllegalAction):
            DC.apply(state, bad)


def test_shuffles_are_steered_to_the_rare_special_cards() -> None:
    """Uniform shuffles put Repeat first in 1 deal of 26, Max then Repeat in 1 of 650."""
    deals = _examples(strategies.chance_actions(DC, DC.new_game(4)), 200)
    assert _share(deals, lambda a: a.draw_pile[0] == REPEAT) > 0.15
    assert _share(deals, lambda a: a.draw_pile[:2] == (MAX, REPEAT)) > 0.15
    for deal in deals:
        DC.apply(DC.new_game(4), deal)


def test_generated_games_reach_the_end_of_rounds_within_a_few_hundred_steps() -> None:
    played = _examples(strategies.played(DC, players=2, min_steps=300, max_steps=300), 30)
    assert _share(played, lambda p: len(p.state.round_scores) >= 2) > 0.2


@pytest.mark.parametrize("game", [g.id for g in rulespec.games()])
def test_other_games_get_legal_play_from_the_default_kit(game: str) -> None:
    g = rulespec.game(game)
    for played in _examples(strategies.played(g, min_steps=10, max_steps=40), 10):
        assert played.record.replay() == played.state
        assert g.violations(played.state) == ()
