"""``rulespec bench --env``: the environment's rate after the engine's lines."""

from __future__ import annotations

import re
import sys

import pytest

from rulespec.cli.main import main

_NUMBER = re.compile(r"[0-9]+(\.[0-9]+)?")


def _bench(capsys: pytest.CaptureFixture[str], *extra: str) -> list[str]:
    status = main(["bench", "canardage", "--players", "3", "--seconds", "0.1", *extra])
    out = capsys.readouterr().out
    assert status == 0
    return out.splitlines()


def test_the_env_line_comes_after_the_engine_s_unchanged_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    plain = _bench(capsys)
    with_env = _bench(capsys, "--env")
    assert len(with_env) == len(plain) + 2
    assert [_NUMBER.sub("N", line) for line in with_env[:-2]] == [
        _NUMBER.sub("N", line) for line in plain
    ]
    line = re.fullmatch(
        r"PettingZoo AEC env, uniform legal ids: ([0-9]+) player steps per CPU-second "
        r"\(the engine's loop, policy 'random': ([0-9]+); ratio ([0-9.]+), "
        r"the median of 5 interleaved runs\)",
        with_env[-2],
    )
    assert line is not None, with_env[-2]
    assert int(line[1]) > 0 and int(line[2]) > 0
    assert abs(float(line[3]) - int(line[1]) / int(line[2])) < 0.01
    vector = re.fullmatch(
        r"vector env, 16 games, uniform legal ids: ([0-9]+) player steps per CPU-second "
        r"\(([0-9.]+) times the AEC env's, the median of 5 interleaved runs\)",
        with_env[-1],
    )
    assert vector is not None and int(vector[1]) > 0, with_env[-1]
    assert float(vector[2]) > 0


def test_env_without_the_rl_extra_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "rulespec.pettingzoo", None)
    status = main(["bench", "duo", "--seconds", "0.1", "--env"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("rulespec: error: --env needs the rl extra")
    assert len(err.splitlines()) == 1
