"""The ISMCTS example (``examples/ismcts_vs_random.py``) on a tiny budget: each evaluator
plays whole games, the report names the evaluator, and a bad horizon is refused."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.examples import load_example


@pytest.fixture(scope="module")
def example() -> ModuleType:
    return load_example("ismcts_vs_random")


@pytest.mark.parametrize("evaluator", ["rollout", "engine", "horizon"])
def test_each_evaluator_plays_whole_games(example: ModuleType, evaluator: str) -> None:
    game = example.load("duo", 2, {"max_rounds": 1, "leader_wins": True})
    returns = example.play(game, 1, 3, seed=4, kind=evaluator, horizon=2)
    assert sorted(returns) == [0.0, 1.0]  # a one-round Duo game with a leader: one winner


def test_the_report_names_the_evaluator_and_its_horizon(
    example: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["duo", "--players", "2", "--games", "2", "--simulations", "2"]
    options = ["--options", '{"max_rounds": 1, "leader_wins": true}']
    summary = example.main([*argv, *options, "--evaluator", "horizon"])
    assert summary["evaluator"] == "horizon" and summary["horizon"] == 12  # Duo's own
    assert 0 <= summary["win_share"] <= 1 and summary["games"] == 2
    assert "horizon" not in example.main([*argv, *options, "--horizon", "3"])
    assert capsys.readouterr().out.count("win_share") == 2


def test_a_bad_horizon_is_refused(example: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        example.main(["duo", "--evaluator", "horizon", "--horizon", "0"])
    assert "--horizon must be at least 1, not 0" in capsys.readouterr().err
