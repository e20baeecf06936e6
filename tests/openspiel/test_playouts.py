"""The engine's playouts as an OpenSpiel evaluator: the game's own end, its move cap, the
searcher's horizon scoring, and a turn left half-chosen."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from open_spiel.python.algorithms import ismcts

from rulespec import openspiel as ros
from rulespec.openspiel.playouts import EnginePlayouts, heuristic_horizon
from rulespec.openspiel.turns import turn_based
from tests.openspiel.helpers import play_out, short, step


def _dealt(game: Any, seed: int = 1) -> Any:
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    while state.is_chance_node():
        step(state, rng)
    return state


@pytest.mark.parametrize(
    ("game_id", "options"), [("duo", {"max_rounds": 1, "leader_wins": True}), ("canardage", None)]
)
def test_a_playout_to_the_end_pays_a_finished_games_returns(game_id: str, options: object) -> None:
    game = ros.load(game_id, 3, options)
    state = _dealt(game)
    before = str(state)
    for seed in range(3):
        values = EnginePlayouts(rng=random.Random(seed)).evaluate(state)
        assert set(values) <= {0.0, 1.0}
        assert values.sum() >= 1  # one round of Duo, Canardage: someone wins
    assert str(state) == before  # the state searched is left as it was


def test_a_playout_keeps_the_games_move_cap() -> None:
    game = ros.load("duck-and-cover", 2, max_game_length=6)  # no game ends in six turns
    values = EnginePlayouts(rng=random.Random(0)).evaluate(_dealt(game))
    assert list(values) == [0.0, 0.0]


def test_a_terminal_state_is_worth_its_returns() -> None:
    state = play_out(short("duo", 2).new_initial_state(), np.random.RandomState(5))
    assert list(EnginePlayouts(horizon=3).evaluate(state)) == state.returns()


@pytest.mark.parametrize("players", [2, 3])
def test_a_horizon_playout_ranks_the_gains(players: int) -> None:
    game = turn_based(ros.load("duck-and-cover", players))
    state = _dealt(game)
    sample = state.resample_from_infostate(0, random.Random(2).random)
    seen = set()
    for seed in range(12):
        values = EnginePlayouts(horizon=8, rng=random.Random(seed)).evaluate(sample)
        # Each pair of players shares one point: the better gain 1, a tie 1/2 each.
        assert values.sum() * (players - 1) == pytest.approx(players * (players - 1) / 2)
        seen.add(tuple(values))
    assert len(seen) > 1, "every playout ranked the players alike"


def test_a_half_chosen_turn_keeps_the_choices_made() -> None:
    state = _dealt(turn_based(ros.load("duck-and-cover", 3)))
    mine = state.legal_actions()[-1]
    state.apply_action(mine)
    node = EnginePlayouts(rng=random.Random(4))._settled(state)
    assert node.record.previous is state.node.record  # one turn played
    assert node.record.acted[0] == mine and set(node.record.acted) == {0, 1, 2}


def test_a_bad_horizon_is_refused() -> None:
    with pytest.raises(ValueError, match="horizon must be None or a whole number from 1"):
        EnginePlayouts(horizon=0)


def test_the_horizon_is_the_games_own() -> None:
    import rulespec
    from rulespec.duck_cover.heuristic import HORIZON

    assert heuristic_horizon(rulespec.game("duck-and-cover"), 3) == HORIZON
    assert heuristic_horizon(rulespec.game("canardage"), 3) == 4
    assert heuristic_horizon(rulespec.game("duo")) == 12


def test_ismcts_searches_with_horizon_playouts() -> None:
    game = turn_based(ros.load("duck-and-cover", 2, max_game_length=10))
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game,
        EnginePlayouts(horizon=4, rng=random.Random(3)),
        uct_c=2.0,
        max_simulations=6,
        random_state=rng,
    )
    bot.set_resampler(ros.resampler(seed=3))
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node() or state.current_player() != 0:
            step(state, rng)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 10
