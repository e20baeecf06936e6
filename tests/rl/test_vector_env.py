"""The vector environment's spatial planes (``observation="planes"``): each mover's
grids as the single environments lay them out, zeros for the other seats, every seat's
in a finished game's ``final_obs``, and the flat numbers unchanged beside them."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import rulespec
from rulespec import pettingzoo as rz
from rulespec.duck_cover.observation import planes, planes_shape
from rulespec.rl.episode import Episode


def _laid_out(state: Any, seat: int) -> np.ndarray[Any, Any]:
    """``seat``'s planes of ``state``, written here from the cells the game lists."""
    shape = planes_shape(state.players)
    out = np.zeros(int(np.prod(shape)), dtype=np.float32)
    for where, value in planes(state, seat):
        out[where] = value
    return out.reshape(shape)


@pytest.mark.parametrize("players", [2, 4])
def test_the_vector_env_gives_each_mover_its_planes(players: int) -> None:
    count, seed, cap = 3, 40 + players, 4 * players
    grids = rz.vector_env("duck-and-cover", count, players, observation="planes", max_steps=cap)
    flat = rz.vector_env("duck-and-cover", count, players, max_steps=cap)
    shape = planes_shape(players)
    single: Any = grids.single_observation_space
    stacked: Any = grids.observation_space
    assert single["planes"].shape == shape
    assert stacked["planes"].shape == (count, players, *shape)
    twins = [
        Episode(rulespec.game("duck-and-cover"), players, max_steps=cap, seed=seed + i)
        for i in range(count)
    ]
    observations, _ = grids.reset(seed=seed)
    plain, _ = flat.reset(seed=seed)
    rng = random.Random(players)
    ended = 0
    for _ in range(3 * cap):
        assert grids.observation_space.contains(observations)
        assert np.array_equal(observations["observation"], plain["observation"])
        assert np.array_equal(observations["action_mask"], plain["action_mask"])
        actions = np.zeros((count, players), dtype=np.int64)
        for i, twin in enumerate(twins):
            for p in range(players):
                seen = observations["planes"][i, p]
                if p in twin.to_move():
                    assert seen.any()
                    assert np.array_equal(seen, _laid_out(twin.state, p))
                    actions[i, p] = rng.choice(twin.legal_action_ids(p))
                else:
                    assert not seen.any()
        observations, *_, infos = grids.step(actions)
        plain, *_ = flat.step(actions)
        for i, twin in enumerate(twins):
            twin.act({p: int(actions[i, p]) for p in twin.to_move()})
            if not twin.done:
                continue
            ended += 1
            final = infos["final_obs"][i]["planes"]
            for p in range(players):
                assert np.array_equal(final[p], _laid_out(twin.state, p))
            twin.reset()
    assert ended >= count


def test_planes_are_refused_for_a_game_without_a_grid() -> None:
    with pytest.raises(ValueError, match="duo has no spatial planes"):
        rz.vector_env("duo", 2, observation="planes")
    with pytest.raises(ValueError, match="observation must be 'flat' or 'planes'"):
        rz.vector_env("duck-and-cover", 2, observation="grid")
