"""Every environment refuses calls out of order and bad settings clearly; the vector
environment follows Gymnasium 1.x's conventions; the games are registered with
Gymnasium; ``rgb_array`` frames can make a video."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest

from rulespec import gymnasium as rg
from rulespec import pettingzoo as rz
from tests.rl.helpers import GAME_IDS, SHORT, choose, seats

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)

_AEC_CALLS: dict[str, Callable[[rz.GameEnv], Any]] = {
    "last": lambda env: env.last(),
    "observe": lambda env: env.observe("player_0"),
    "state": lambda env: env.state(),
    "step": lambda env: env.step(0),
}


@pytest.mark.parametrize("call", sorted(_AEC_CALLS))
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_aec_environment_needs_a_reset_first(game_id: str, call: str) -> None:
    env = rz.env(game_id, seats(game_id)[0], render_mode="ansi")
    with pytest.raises(rz.ResetNeeded, match="reset"):
        _AEC_CALLS[call](env)
    with pytest.raises(rz.ResetNeeded, match="reset"):
        env.render()
    env.reset(seed=1)
    _AEC_CALLS[call](env)  # fine once reset


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_parallel_and_single_agent_environments_need_a_reset_first(game_id: str) -> None:
    players = seats(game_id)[0]
    par = rz.parallel_env(game_id, players, render_mode="ansi")
    for call in (par.state, par.render, lambda: par.step({})):
        with pytest.raises(rz.ResetNeeded, match="reset"):
            call()
    single = rg.make(game_id, players, render_mode="ansi")
    calls: list[Callable[[], Any]] = [single.action_masks, single.render, lambda: single.step(0)]
    for call in calls:
        with pytest.raises(rz.ResetNeeded, match="reset"):
            call()
    single.reset(seed=2)
    assert single.action_masks().any()


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_an_illegal_reward_that_is_not_finite_is_refused(bad: float) -> None:
    makers: list[Callable[[], Any]] = [
        lambda: rz.env("duo", 2, illegal_reward=bad),
        lambda: rz.parallel_env("duo", 2, illegal_reward=bad),
        lambda: rz.vector_env("duo", 2, 2, illegal_reward=bad),
        lambda: rg.make("duo", 2, illegal_reward=bad),
    ]
    for make in makers:
        with pytest.raises(ValueError, match="illegal_reward must be a finite number"):
            make()


# -- the vector environment ------------------------------------------------------------


def test_the_vector_env_declares_gymnasium_s_same_step_mode() -> None:
    envs = rz.vector_env("canardage", 2, 3)
    assert isinstance(envs, gymnasium.vector.VectorEnv)
    assert envs.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP


@pytest.mark.parametrize("seed", [-1, [1, -5], [1, 2, 3], 1.5, "7"])
def test_the_vector_env_refuses_bad_seeds(seed: Any) -> None:
    envs = rz.vector_env("duo", 2, 2)
    with pytest.raises((ValueError, TypeError), match="seed"):
        envs.reset(seed=seed)


def test_the_vector_env_takes_one_seed_per_game() -> None:
    one, _ = rz.vector_env("duo", 2, 2).reset(seed=[7, 8])
    each, _ = rz.vector_env("duo", 2, 2).reset(seed=7)
    other, _ = rz.vector_env("duo", 2, 2).reset(seed=[8, 7])
    assert np.array_equal(one["observation"], each["observation"])
    assert np.array_equal(one["observation"][0], other["observation"][1])


def test_the_vector_env_refuses_use_after_close() -> None:
    envs = rz.vector_env("duo", 2, 2)
    observations, _ = envs.reset(seed=1)
    envs.close()
    envs.close()  # twice is fine
    actions = observations["action_mask"].argmax(axis=2)
    with pytest.raises(gymnasium.error.ClosedEnvironmentError, match="closed"):
        envs.step(actions)
    with pytest.raises(gymnasium.error.ClosedEnvironmentError, match="closed"):
        envs.reset(seed=1)


# -- Gymnasium's registry and videos ----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "game_id"),
    [
        ("rulespec/DuckAndCover-v0", "duck-and-cover"),
        ("rulespec/Duo-v0", "duo"),
        ("rulespec/Canardage-v0", "canardage"),
    ],
)
def test_gymnasium_make_builds_each_game_with_keywords(name: str, game_id: str) -> None:
    players = seats(game_id)[1]
    env = gymnasium.make(name, players=players, opponents="random", seat=1, reward="score")
    inner = env.unwrapped
    assert isinstance(inner, rg.SingleAgentEnv)
    assert (inner.game.id, inner.episode.players, inner.seat, inner.episode.reward) == (
        game_id,
        players,
        1,
        "score",
    )
    observation, info = env.reset(seed=4)
    assert env.observation_space.contains(observation) and info["seat"] == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rgb_array_frames_are_pictures_of_one_size_that_follow_the_game(game_id: str) -> None:
    env = rg.make(game_id, seats(game_id)[0], render_mode="rgb_array", **SHORT.get(game_id, {}))
    observation, _ = env.reset(seed=5)
    rng = random.Random(5)
    frames: list[Any] = [env.render()]
    for _ in range(3):
        observation, *_ = env.step(choose(observation, rng))
        frames.append(env.render())
    first = frames[0]
    assert isinstance(first, np.ndarray) and first.dtype == np.uint8
    assert first.ndim == 3 and first.shape[2] == 3 and first.shape[0] > 100
    assert {f.shape for f in frames} == {first.shape}
    assert len(np.unique(first.reshape(-1, 3), axis=0)) > 2  # ink on paper, shades between
    assert all(not np.array_equal(a, b) for a, b in itertools.pairwise(frames))


def test_the_pettingzoo_render_test_passes_with_rgb_array() -> None:
    from pettingzoo.test import render_test

    def make(render_mode: str | None = None) -> rz.GameEnv:
        return rz.env("duo", 2, render_mode=render_mode)

    assert "rgb_array" in make().metadata["render_modes"]
    render_test(make)


def test_record_video_takes_the_frames(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from gymnasium.wrappers import RecordVideo

    pytest.importorskip("moviepy")
    env = RecordVideo(
        gymnasium.make("rulespec/Duo-v0", players=2, max_rounds=1, render_mode="rgb_array"),
        str(tmp_path),
    )
    observation, _ = env.reset(seed=1)
    done = False
    while not done:
        action = int(observation["action_mask"].argmax())
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    env.close()  # type: ignore[no-untyped-call]
    assert list(tmp_path.glob("*.mp4"))


# -- Duck & Cover's grids as planes ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_planes_lay_each_grid_out_by_row_and_column(players: int) -> None:
    env = rz.env("duck-and-cover", players, observation="planes")
    space = env.observation_space("player_0")
    per = 3 + players
    assert space["planes"].shape == (players * per, 12, 12)
    env.reset(seed=players)
    rng = random.Random(players)
    for _ in range(6 * players):
        agent = env.agent_selection
        me = env.possible_agents.index(agent)
        observation = env.observe(agent)
        assert space.contains(observation)
        planes = observation["planes"]
        for k in range(players):
            holder = (me + k) % players
            cells = env.game_state.grids[holder].cells
            left = min(q[0] for q, _ in cells)
            top = min(q[1] for q, _ in cells)
            block = planes[k * per : (k + 1) * per]
            assert block[0].sum() == len(cells)  # one mark per stack
            assert (block[3:].sum(axis=0) == block[0]).all()  # one family per stack
            for (column, row), stack in cells:
                r, c = min(row - top, 11), min(column - left, 11)
                assert block[0, r, c] == 1
                assert round(block[1, r, c] * 12) == stack[-1] % 100  # its number, 1 to 12
                assert round(block[2, r, c] * 11) == min(len(stack) - 1, 11)
        env.step(choose(observation, rng))


def test_planes_follow_a_move_and_are_refused_for_a_game_without_a_grid() -> None:
    env = rz.env("duck-and-cover", 2, observation="planes")
    env.reset(seed=1)
    rng = random.Random(1)
    before = env.observe("player_0")["planes"]
    changed = False
    for _ in range(12):
        env.step(choose(env.observe(env.agent_selection), rng))
        changed |= not np.array_equal(env.observe("player_0")["planes"], before)
    assert changed
    assert "planes" not in rz.env("duck-and-cover", 2).observation_space("player_0")
    with pytest.raises(ValueError, match="duo has no spatial planes"):
        rz.env("duo", 2, observation="planes")
    with pytest.raises(ValueError, match="observation must be"):
        rz.env("duck-and-cover", 2, observation="image")
    single = rg.make("duck-and-cover", 3, observation="planes")
    observation, _ = single.reset(seed=2)
    assert observation["planes"].shape == (18, 12, 12)
