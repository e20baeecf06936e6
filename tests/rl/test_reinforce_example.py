"""The training example (``examples/reinforce.py``) on a tiny budget: its gradients are
those of its objectives, its advantages are the game's return less the values, its policy
never picks an illegal id, and its report holds together."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import numpy.typing as npt
import pytest

from tests.examples import load_example


@pytest.fixture(scope="module")
def example() -> ModuleType:
    return load_example("reinforce")


def _check(
    params: dict[str, npt.NDArray[np.float64]],
    grads: dict[str, npt.NDArray[np.float64]],
    objective: Callable[[], float],
) -> None:
    """Each parameter's gradient, at a random entry, against a central difference."""
    rng = np.random.default_rng(7)
    assert grads.keys() == params.keys()
    for name, value in params.items():
        index = tuple(rng.integers(0, n) for n in value.shape)
        value[index] += 1e-6
        up = objective()
        value[index] -= 2e-6
        down = objective()
        value[index] += 1e-6
        assert grads[name][index] == pytest.approx((up - down) / 2e-6, abs=1e-6)


@pytest.mark.parametrize("entropy", [0.0, 0.3])
def test_the_policy_gradient_is_that_of_the_objective(example: ModuleType, entropy: float) -> None:
    rng = np.random.default_rng(0)
    policy = example.Policy(5, 4, 3, rng)
    for value in policy.params.values():  # away from the zeros it starts some at
        value += rng.normal(0.0, 0.3, value.shape)
    x = rng.normal(size=(6, 5))
    mask = np.array([[1, 1, 0, 1]] * 3 + [[0, 1, 1, 0]] * 3, dtype=np.int8)
    actions = np.array([0, 3, 1, 2, 1, 2])
    advantage = rng.normal(size=6)

    def objective() -> float:
        _, p = policy.forward(x, mask)
        logs = np.log(np.where(p > 0, p, 1.0))
        spread = -(p * logs).sum(axis=1)
        return float(np.mean(advantage * logs[np.arange(6), actions] + entropy * spread))

    _check(policy.params, policy.gradients(x, mask, actions, advantage, entropy), objective)


def test_the_value_gradient_is_that_of_the_objective(example: ModuleType) -> None:
    rng = np.random.default_rng(3)
    critic = example.Critic(5, 3, rng)
    for value in critic.params.values():
        value += rng.normal(0.0, 0.3, value.shape)
    x = rng.normal(size=(6, 5))
    targets = rng.random(6)

    def objective() -> float:
        return float(-np.mean((critic.forward(x)[1] - targets) ** 2) / 2)

    _check(critic.params, critic.gradients(x, targets), objective)


def test_advantages_spread_the_return_over_the_game(example: ModuleType) -> None:
    batch = example.Batch()
    batch.games, batch.returns = [[0, 2, 3], [1, 4]], [1.0, 0.0]
    values = np.array([0.5, 0.2, 0.4, 0.8, 0.1])
    whole, targets = example.advantages(values, batch, 1.0)
    assert whole == pytest.approx([0.5, -0.2, 0.6, 0.2, -0.1])  # the return less the value
    assert targets == pytest.approx([1.0, 0.0, 1.0, 1.0, 0.0])
    step, _ = example.advantages(values, batch, 0.0)  # the next value less this one
    assert step == pytest.approx([-0.1, -0.1, 0.4, 0.2, -0.1])


def test_masked_ids_are_never_chosen(example: ModuleType) -> None:
    rng = np.random.default_rng(1)
    policy = example.Policy(3, 6, 4, rng)
    mask = np.array([0, 0, 1, 0, 1, 0], dtype=np.int8)
    observation = {"observation": np.ones(3, np.float32), "action_mask": mask}
    chosen = {policy.act(observation, rng) for _ in range(200)}
    assert chosen == {2, 4}
    assert policy.act(observation, None) in (2, 4)
    rows = np.array([[0, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 1]] * 100, dtype=np.int8)
    picked = policy.choose(rng.random((200, 3)), rows, rng)
    assert set(picked[::2]) == {1} and set(picked[1::2]) == {0, 5}


def test_a_short_run_trains_and_reports(
    example: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = example.main(
        [
            "canardage",
            "--games",
            "96",
            "--batch",
            "32",
            "--eval-random",
            "12",
            "--eval-search",
            "3",
            "--search",
            "search:2",
        ]
    )
    assert capsys.readouterr().out.strip().startswith('{"game": "canardage"')
    assert summary["training_games"] == 96 and summary["equal_share"] == 0.333
    for key, games in (("against_random", 12), ("against_search", 3)):
        found = summary[key]
        low, high = found["interval95"]
        assert found["games"] == games and 0 <= low <= found["win_share"] <= high <= 1
        assert found["play"] == "sampled"
    assert summary["total_cpu_seconds"] >= summary["training_cpu_seconds"] > 0
