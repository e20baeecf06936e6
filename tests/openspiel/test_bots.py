"""OpenSpiel's search bots play the games end to end: ISMCTS (which resamples hidden
information from the player's view) on the sequential games, MCTS on the true state, and
MCTS on Duck & Cover made turn-based."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from rulespec import openspiel as ros
from tests.openspiel.helpers import THOROUGH, short, step

SIMULATIONS = 8 if THOROUGH else 2


def _play(state: pyspiel.State, bot: pyspiel.Bot, seat: int, rng: np.random.RandomState) -> int:
    """Play ``state`` to its end, ``bot`` in ``seat`` and random players elsewhere; the
    bot's move count."""
    moves = 0
    while not state.is_terminal():
        if state.current_player() == seat:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            step(state, rng)
    return moves


@pytest.mark.parametrize("game_id", ["canardage", "duo"] if THOROUGH else ["canardage"])
def test_ismcts_plays_a_game(game_id: str) -> None:
    game = short(game_id)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=SIMULATIONS, random_state=rng
    )
    state = game.new_initial_state()
    assert _play(state, bot, 0, rng) > 0
    assert sorted(set(state.returns())) in ([0.0], [0.0, 1.0])


def test_mcts_plays_duo_on_the_true_state() -> None:
    game = ros.load("duo", 2, {"max_rounds": 1}, max_game_length=24)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, SIMULATIONS, evaluator, random_state=rng)
    state = game.new_initial_state()
    assert _play(state, bot, 1, rng) > 0
    assert state.node.moves <= 24


def test_mcts_plays_duck_and_cover_turn_based() -> None:
    game = pyspiel.convert_to_turn_based(ros.load("duck-and-cover", 2, max_game_length=30))
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, SIMULATIONS, evaluator, random_state=rng)
    state = game.new_initial_state()
    assert _play(state, bot, 0, rng) == 30  # one choice a turn, to the cap
    assert state.returns() == [0.0, 0.0]  # truncated: nobody wins
