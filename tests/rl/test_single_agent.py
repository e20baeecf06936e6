"""The single-agent Gymnasium environment: one seat learns, the others play fixed
policies; Gymnasium's own checker, the turn order, rewards and errors."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import rulespec
from rulespec import gymnasium as rg
from rulespec.core.game import random_policy

SETUPS = [("canardage", 3, {}), ("duo", 2, {"max_rounds": 1}), ("duck-and-cover", 2, {})]


@pytest.mark.parametrize(("game_id", "players", "kw"), SETUPS)
def test_gymnasiums_checker_passes(game_id: str, players: int, kw: dict[str, Any]) -> None:
    env = rg.make(game_id, players, "random", seat=None, **kw)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the unbounded Box is the observations' own
        check_env(env, skip_render_check=True)


def _play(env: rg.SingleAgentEnv, seed: int) -> tuple[list[int], float, dict[str, Any]]:
    observation, info = env.reset(seed=seed)
    rng, chosen, total, done = random.Random(seed), [], 0.0, False
    while not done:
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,)
        assert (info["action_mask"] == mask).all() and (env.action_masks() == mask).all()
        assert env.seat in env.episode.to_move()  # the learner is always the one to choose
        action = rng.choice(np.flatnonzero(mask).tolist())
        chosen.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    return chosen, total, info


@pytest.mark.parametrize(("game_id", "players", "kw"), SETUPS)
def test_a_game_gives_the_learner_its_win(game_id: str, players: int, kw: dict[str, Any]) -> None:
    env = rg.make(game_id, players, "random", seat=players - 1, **kw)
    for seed in range(3):
        chosen, total, info = _play(env, seed)
        assert chosen and info["seat"] == players - 1
        assert total == (1.0 if players - 1 in info["winners"] else 0.0)
        assert info["winners"] == env.game.winners(env.episode.state)
        with pytest.raises(ValueError, match="the game is over"):
            env.step(chosen[0])


def test_a_seeded_reset_replays_the_same_game() -> None:
    env = rg.make("canardage", 4, "random", seat=None)
    first, second = _play(env, 11), _play(env, 11)
    assert first[0] == second[0] and first[2]["seat"] == second[2]["seat"]
    seats = {env.reset(seed=s)[1]["seat"] for s in range(20)}
    assert seats == {0, 1, 2, 3}  # seat=None: every seat in turn of the draws


def test_the_opponents_play_their_policies() -> None:
    calls: list[int] = []

    def counting(g: Any, state: Any, player: int, rng: random.Random) -> Any:
        calls.append(player)
        return random_policy(g, state, player, rng)

    env = rg.make("canardage", 3, ["random", counting], seat=0)
    _play(env, 2)
    assert calls and set(calls) == {2}  # the second opponent sits in seat 2
    assert rg.make("duo", 2, "greedy").opponents == (rulespec.game("duo").policies()["greedy"],)
    searched = rg.make("duo", 3, "search:5", max_rounds=1).opponents
    assert [s.playouts for s in searched] == [5, 5]  # type: ignore[attr-defined]


def test_score_rewards_add_up_to_the_learners_score() -> None:
    env = rg.make("canardage", 3, "random", seat=1, reward="score")
    _, total, _ = _play(env, 5)
    assert total == env.game.scores(env.episode.state)[1] - 5  # five living ducks at the start


def test_illegal_ids_lose_and_bad_settings_are_refused() -> None:
    env = rg.make("canardage", 3, "random", seat=0)
    with pytest.raises(ValueError, match="before reset"):
        env.step(0)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, _ = env.step(illegal)
    assert reward == -1.0 and terminated
    with pytest.raises(ValueError, match="no policy 'clever'"):
        rg.make("duo", 2, "clever")
    with pytest.raises(ValueError, match="2 policies for 3 players, not 1"):
        rg.make("canardage", 3, ["random"])
    with pytest.raises(ValueError, match="seat from 0 to 2"):
        rg.make("canardage", 3, seat=3)
    with pytest.raises(KeyError):
        rg.make("chess", 2)
