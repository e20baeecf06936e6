"""``resample_from_infostate``: a state the player cannot tell from the real one, drawn from
their view, that plays on to its end."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

from tests.openspiel.helpers import GAME_IDS, THOROUGH, play_out, short, step

SAMPLES = 4 if THOROUGH else 2


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resampled_states_keep_the_information_state(game_id: str) -> None:
    game = short(game_id, 3)
    state = game.new_initial_state()
    rng = np.random.RandomState(11)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked, differed = 0, 0
    while not state.is_terminal() and checked < (60 if THOROUGH else 12):
        if state.is_chance_node():
            step(state, rng)
            continue
        for p in range(3):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.current_player() == state.current_player()
            assert other.legal_actions(p) == state.legal_actions(p)
            assert other.node.moves == state.node.moves
            differed += str(other) != str(state)
            checked += 1
        step(state, rng)
    assert checked
    assert differed, "every sample was the real state: nothing hidden was drawn"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_resampled_states_play_to_the_end(game_id: str) -> None:
    game = short(game_id, 3)
    rng = np.random.RandomState(12)
    state = game.new_initial_state()
    while state.is_chance_node() or state.node.moves < 5:  # a few moves in
        step(state, rng)
    assert not state.is_terminal()
    for seed in range(SAMPLES):
        sample = state.resample_from_infostate(0, lambda s=seed: (s + 0.5) / SAMPLES)
        played = play_out(sample, np.random.RandomState(seed))
        assert played.is_terminal()
        assert played.node.moves <= game.max_game_length()


def test_the_same_sampler_draws_the_same_state() -> None:
    game = short("duo")
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while state.is_chance_node():
        step(state, rng)
    one = state.resample_from_infostate(1, lambda: 0.25)
    two = state.resample_from_infostate(1, lambda: 0.25)
    three = state.resample_from_infostate(1, lambda: 0.75)
    assert str(one) == str(two)
    assert str(one) != str(three)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_repeated_samples_are_drawn_from_the_players_own_view(game_id: str) -> None:
    """A search resamples one state many times, and the samples after the first are built
    from the view checked once: each must still be the rules' sample of that player's
    view, with the same draws as a sample from a fresh copy of the view."""
    game = short(game_id, 3)
    rules, options = game.settings.game, game.settings.options
    state = game.new_initial_state()
    rng = np.random.RandomState(21)
    while state.is_chance_node() or state.node.moves < 3:
        step(state, rng)
    for p in (0, 1, 2, 0, 1):
        for seed in range(3):
            sample = state.resample_from_infostate(p, lambda s=seed: s / 3)
            fresh = rules.sample_state(
                rules.view(state.node.state, p), random.Random(int(seed / 3 * 2**53)), options
            )
            assert rules.encode_state(sample.node.state) == rules.encode_state(fresh)
            assert sample.information_state_string(p) == state.information_state_string(p)
            assert rules.view(sample.node.state, p) == rules.view(state.node.state, p)
