"""The training example (``examples/reinforce.py``) on a tiny budget: its gradient is the
policy gradient, its policy never picks an illegal id, and its report holds together."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "reinforce.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reinforce_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_gradient_is_that_of_the_objective(example: ModuleType) -> None:
    rng = np.random.default_rng(0)
    policy = example.Policy(5, 4, 3, rng)
    x = rng.normal(size=(6, 5))
    mask = np.array([[1, 1, 0, 1]] * 3 + [[0, 1, 1, 0]] * 3, dtype=np.int8)
    actions = np.array([0, 3, 1, 2, 1, 2])
    advantage = rng.normal(size=6)

    def objective() -> float:
        _, p = policy.forward(x, mask)
        return float(np.mean(advantage * np.log(p[np.arange(6), actions])))

    grads = policy.gradients(x, mask, actions, advantage)
    for name, value in policy.params.items():
        index = tuple(rng.integers(0, n) for n in value.shape)
        value[index] += 1e-6
        up = objective()
        value[index] -= 2e-6
        down = objective()
        value[index] += 1e-6
        assert grads[name][index] == pytest.approx((up - down) / 2e-6, abs=1e-6)


def test_masked_ids_are_never_chosen(example: ModuleType) -> None:
    rng = np.random.default_rng(1)
    policy = example.Policy(3, 6, 4, rng)
    mask = np.array([0, 0, 1, 0, 1, 0], dtype=np.int8)
    observation = {"observation": np.ones(3, np.float32), "action_mask": mask}
    chosen = {policy.act(observation, rng) for _ in range(200)}
    assert chosen == {2, 4}
    assert policy.act(observation, None) in (2, 4)


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
    assert summary["total_cpu_seconds"] >= summary["training_cpu_seconds"] > 0
