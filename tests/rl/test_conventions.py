"""The environments follow the ecosystem's conventions: bounded observations,
PettingZoo's render test, ``aec_to_parallel`` for the game that plays simultaneous
turns, ``state()``, order errors, and the vector environment's stacking and
auto-reset."""

from __future__ import annotations

import random

import numpy as np
import pytest

import rulespec
from rulespec import pettingzoo as rz
from tests.rl.helpers import GAME_IDS, SHORT, choose, play_out, seats

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_observation_lies_within_finite_bounds(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[1], **SHORT.get(game_id, {}))
    box = env.observation_space("player_0")["observation"]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert box.low.min() >= -1 and box.high.max() <= 1
    rng = random.Random(4)
    for seed in range(2):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            assert observation is not None
            assert box.contains(observation["observation"]), agent
            for other in env.possible_agents:
                seen = env.observe(other)["observation"]
                assert (box.low <= seen).all() and (seen <= box.high).all()
            env.step(None if terminated or truncated else choose(observation, rng))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_s_render_test_passes_and_human_prints(
    game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from pettingzoo.test import render_test

    def make(render_mode: str | None = None) -> rz.GameEnv:
        return rz.env(game_id, seats(game_id)[0], render_mode=render_mode)

    render_test(make)
    capsys.readouterr()
    human = make("human")
    human.reset(seed=1)
    assert human.render() is None
    assert capsys.readouterr().out == str(human.game_state) + "\n"


def test_duck_and_cover_steps_whole_turns_through_aec_to_parallel() -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    aec = rz.env("duck-and-cover", 3, max_steps=40)
    assert aec.metadata["is_parallelizable"] is True
    par = aec_to_parallel(aec)
    par.reset(seed=2)
    rng = random.Random(2)
    steps = 0
    while par.agents:
        before = aec.episode.steps
        # The AEC masks only the agent selected (player_0 as a turn starts): the others'
        # legal ids come from the episode, as the native parallel_env's masks give them.
        actions = {a: rng.choice(aec.episode.legal_action_ids(p)) for p, a in enumerate(par.agents)}
        _, _, _, truncations, _ = par.step(actions)
        assert aec.episode.steps == before + 3  # one whole turn: every player acted
        steps += 1
    assert steps == 14 and all(truncations.values())  # 40 actions end with a turn's end


def test_aec_to_parallel_plays_a_whole_duck_and_cover_game() -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    aec = rz.env("duck-and-cover", 2)
    par = aec_to_parallel(aec)
    par.reset(seed=4)
    rng = random.Random(4)
    while par.agents:
        par.step({a: rng.choice(aec.episode.legal_action_ids(p)) for p, a in enumerate(par.agents)})
    assert aec.episode.terminated and rulespec.game("duck-and-cover").is_over(aec.game_state)


@pytest.mark.parametrize("game_id", ["duo", "canardage"])
def test_turn_based_games_are_not_parallelizable(game_id: str) -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    env = rz.env(game_id, 3)
    assert env.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_state_is_every_observation_end_to_end(game_id: str) -> None:
    players = seats(game_id)[0]
    for env in (rz.env(game_id, players), rz.parallel_env(game_id, players)):
        env.reset(seed=3)
        state = env.state()
        assert state.dtype == np.float32 and env.state_space.contains(state)
        parts = [env._table.observe(a)["observation"].ravel() for a in env.possible_agents]
        assert np.array_equal(state, np.concatenate(parts))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_steps_out_of_order_are_refused_clearly(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[0], **SHORT.get(game_id, {}))
    with pytest.raises(rz.ResetNeeded, match="reset"):
        env.step(0)
    env.reset(seed=1)
    play_out(env, random.Random(1))
    assert env.agents == []
    with pytest.raises(rz.ResetNeeded, match="every agent is done"):
        env.step(0)
    with pytest.raises(ValueError, match="reset"):  # ResetNeeded is a ValueError too
        env.step(None)
    par = rz.parallel_env(game_id, seats(game_id)[0])
    with pytest.raises(rz.ResetNeeded, match="reset"):
        par.step({})


def test_duck_and_cover_masks_only_the_agent_selected() -> None:
    env = rz.env("duck-and-cover", 4)
    env.reset(seed=7)
    rng = random.Random(7)
    for _ in range(30):
        owing = {f"player_{p}" for p in env.episode.to_move()}
        assert len(owing) > 1 or env.agent_selection in owing
        for agent in env.possible_agents:
            mask = env.observe(agent)["action_mask"]
            assert mask.any() == (agent == env.agent_selection)
        env.step(choose(env.observe(env.agent_selection), rng))


# -- the vector environment ------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_vector_env_stacks_games_and_seats(game_id: str) -> None:
    players = seats(game_id)[0]
    envs = rz.vector_env(game_id, 3, players, **SHORT.get(game_id, {}))
    observations, _ = envs.reset(seed=5)
    shape = rulespec.game(game_id).observation_shape(players, envs.episodes[0].options)
    assert observations["observation"].shape == (3, players, *shape)
    assert observations["action_mask"].shape == (3, players, envs.action_space_size)
    assert envs.observation_space.contains(observations)
    for i, episode in enumerate(envs.episodes):
        for p in range(players):
            mask = observations["action_mask"][i, p]
            assert list(np.flatnonzero(mask)) == list(episode.legal_action_ids(p))
            single = envs._observers[i].observe(p)
            assert np.array_equal(observations["observation"][i, p], single)
    again, _ = rz.vector_env(game_id, 3, players, **SHORT.get(game_id, {})).reset(seed=5)
    assert np.array_equal(again["observation"], observations["observation"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_vector_env_resets_a_finished_game_in_the_same_step(game_id: str) -> None:
    players = seats(game_id)[0]
    envs = rz.vector_env(game_id, 2, players, max_steps=6)
    observations, _ = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(40):
        masks = observations["action_mask"]
        actions = (rng.random(masks.shape) * masks).argmax(axis=2)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert rewards.shape == (2, players) and rewards.dtype == np.float32
        done = terminations | truncations
        assert list(infos["_final_observation"]) == list(done)
        for i in np.flatnonzero(done):
            ended += 1
            final = infos["final_observation"][i]
            assert final["observation"].shape == observations["observation"][i].shape
            assert envs.episodes[i].steps == 0  # a new game already
            assert observations["action_mask"][i].any()  # someone is to move in it
        for i in np.flatnonzero(~done):
            assert infos["final_observation"][i] is None
    assert ended >= 4


def test_the_vector_env_refuses_bad_actions_and_steps_before_reset() -> None:
    envs = rz.vector_env("duo", 2, 2)
    with pytest.raises(rz.ResetNeeded):
        envs.step(np.zeros((2, 2), dtype=np.int64))
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="shape"):
        envs.step(np.zeros((3, 2), dtype=np.int64))
    with pytest.raises(ValueError, match="integers"):
        envs.step(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="num_envs"):
        rz.vector_env("duo", 0, 2)
    movers = [e.to_move()[0] for e in envs.episodes]
    _, rewards, terminations, _, infos = envs.step(np.full((2, 2), 154))  # Stop: no card yet
    assert terminations.all()
    for i, mover in enumerate(movers):
        assert list(infos["illegal_action"][i]) == [mover]
        assert rewards[i].tolist() == [-1.0 if p == mover else 0.0 for p in range(2)]
