"""Duck & Cover made turn-based in Python: the same game as OpenSpiel's own conversion,
plus the resampling that ISMCTS needs."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from rulespec import openspiel as ros
from rulespec.openspiel.turns import turn_based
from tests.openspiel.helpers import THOROUGH


def _dc(players: int = 3, cap: int = 12) -> pyspiel.Game:
    return ros.load("duck-and-cover", players, max_game_length=cap)


def test_it_plays_as_openspiels_conversion() -> None:
    """The same chance outcomes and choices give the same players, legal ids,
    information state strings and returns as ``pyspiel.convert_to_turn_based``."""
    ours, theirs = turn_based(_dc()).new_initial_state(), None
    theirs = pyspiel.convert_to_turn_based(_dc()).new_initial_state()
    rng = np.random.RandomState(4)
    compared = 0
    while not theirs.is_terminal():
        assert ours.current_player() == theirs.current_player()
        if theirs.is_chance_node():
            assert ours.chance_outcomes() == theirs.chance_outcomes()
            outcomes, probabilities = zip(*theirs.chance_outcomes(), strict=True)
            action = int(rng.choice(outcomes, p=probabilities))
        else:
            for p in range(3):
                assert ours.legal_actions(p) == theirs.legal_actions(p)
                assert ours.information_state_string(p) == theirs.information_state_string(p)
                assert ours.observation_tensor(p) == theirs.observation_tensor(p)
                assert ours.information_state_tensor(p) == theirs.information_state_tensor(p)
                compared += 1
            action = int(rng.choice(theirs.legal_actions()))
        ours.apply_action(action)
        theirs.apply_action(action)
    assert ours.is_terminal() and ours.returns() == theirs.returns()
    assert compared >= 3 * 12 * 3  # every choice of every turn
    assert turn_based(_dc()).max_game_length() == 36
    assert turn_based(_dc()).observation_tensor_shape() == [6 + 833]


def test_resampling_keeps_what_the_player_knows() -> None:
    state = turn_based(_dc()).new_initial_state()
    rng = np.random.RandomState(8)
    checked = differed = 0
    while not state.is_terminal() and checked < (60 if THOROUGH else 20):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        player, chosen = state.current_player(), state.chosen
        sample = state.resample_from_infostate(player, lambda: rng.uniform())
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.current_player() == player
        assert sample.legal_actions() == state.legal_actions()
        # The choices made before this player's this turn are drawn among the legal ones.
        assert len(sample.chosen) == len(chosen)
        for p, a in zip(state.node.to_move(), sample.chosen, strict=False):
            assert a in sample.node.legal(p)
        differed += str(sample) != str(state)
        checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked and differed


def test_a_player_who_has_chosen_keeps_their_choice_in_a_sample() -> None:
    state = turn_based(_dc(2)).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    mine = state.legal_actions()[-1]
    state.apply_action(mine)
    sample = state.resample_from_infostate(0, lambda: 0.3)
    assert sample.chosen == (mine,)
    assert sample.information_state_string(0) == state.information_state_string(0)


def test_ismcts_plays_duck_and_cover_turn_based() -> None:
    game = turn_based(_dc(2, cap=15))
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(random_state=rng),
        uct_c=2.0,
        max_simulations=4,
        random_state=rng,
    )
    bot.set_resampler(ros.resampler(seed=3))
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert moves == 15  # one choice a turn, to the cap


def test_turn_based_refuses_what_it_cannot_convert() -> None:
    with pytest.raises(ValueError, match="already sequential"):
        turn_based(ros.load("duo", 2))
    with pytest.raises(TypeError, match="rulespec OpenSpiel game"):
        turn_based(pyspiel.load_game("goofspiel"))
