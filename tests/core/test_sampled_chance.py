"""Every game's own chance sampling (the quick path that skips the checks) against the
core's plain chance step: the same action from the same draws, a state like the one the
same action built by hand gives, and refused where that chance step is not awaited."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import CHANCE, Game, IllegalAction
from tests.testing.suites import GAMES


def _chance_states(g: Game[Any, Any, Any, Any], seed: int, players: int) -> list[Any]:
    """Every state of a random game that waits for a chance step, and one that does not."""
    rng = random.Random(seed)
    state = g.new_game(players)
    found: list[Any] = []
    while not g.is_over(state) and len(found) < 40:
        movers = g.to_move(state)
        if movers == (CHANCE,):
            found.append(state)
            state = g.apply(state, g.sample_chance(state, rng))
        else:
            if len(found) == 1:
                found.append(state)
            actor = movers[rng.randrange(len(movers))]
            legal = g.legal_actions(state, actor)
            state = g.apply(state, legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_sampled_chance_action_is_the_one_the_plain_chance_step_makes(
    game: str, seed: int, data: st.DataObject
) -> None:
    g = rulespec.game(game)
    players = data.draw(st.integers(g.min_players, g.max_players))
    for state in _chance_states(g, seed, players):
        if g.to_move(state) != (CHANCE,):
            with pytest.raises(IllegalAction):
                g.sample_chance(state, random.Random(seed))
            continue
        fast, plain = random.Random(seed), random.Random(seed)
        sampled = g.sample_chance(state, fast)
        made = Game.sample_chance(g, state, plain)  # chance(), then chance_action()
        assert sampled == made and fast.random() == plain.random()
        after = g.apply(state, sampled)
        # The same action and the same table, built afresh from JSON: nothing known of
        # either, so every check runs, and accepts.
        fresh_state = g.decode_state(g.encode_state(state))
        fresh_action = g.decode_action(g.encode_action(sampled))
        assert g.apply(fresh_state, fresh_action) == after == g.apply(state, made)
        # Once applied, that chance step is no longer awaited.
        if g.to_move(after) == (CHANCE,) and type(g.sample_chance(after, fast)) is type(sampled):
            continue  # the next step is another of the same kind (it may take the same)
        with pytest.raises(IllegalAction) as info:
            g.apply(after, sampled)
        assert info.value.clause.startswith(g.declaration.prefix)
