"""``rulespec bench --baseline``: another program timed in the same sitting, and the ratio.

The baselines here are tiny scripts written into ``tmp_path``: they print a rate
of their own choosing, so the ratio can be checked against the bench's own lines.
"""

from __future__ import annotations

import itertools
import json
import re
import stat
import sys
from pathlib import Path

import pytest

from rulespec.cli import baseline
from rulespec.cli.main import main

BENCH_LINES = [
    r"duo, 2 players, policy '(greedy|random)': \d+ games in \d+\.\d s",
    r"\d+\.\d µs per player step",
    r"\d+\.\d rounds/s",
    r"\d+\.\d games/s",
]
"""The lines of one policy of ``rulespec bench duo --players 2``, as they were before
``--baseline``."""


def _script(folder: Path, name: str, body: str) -> Path:
    """A baseline that appends its arguments (and its interpreter) to ``calls.jsonl``
    next to it, then runs ``body`` (which sees ``players``, ``games``, ``seed``)."""
    path = folder / name
    path.write_text(
        "import json, sys\n"
        "players, games, seed = (int(a) for a in sys.argv[1:])\n"
        f"with open({str(folder / 'calls.jsonl')!r}, 'a') as f:\n"
        "    f.write(json.dumps([sys.executable, *sys.argv[1:]]) + '\\n')\n" + body,
        encoding="utf-8",
    )
    return path


def _calls(folder: Path) -> list[list[str]]:
    text = (folder / "calls.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _bench(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    status = main(["bench", "duo", "--players", "2", "--seconds", "0.2", "--seed", "3", *args])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def _rate(lines: list[str], policy: str, unit: str) -> float:
    """The bench's printed rate of ``policy`` in ``unit`` (``games/s`` or ``rounds/s``)."""
    at = next(i for i, line in enumerate(lines) if f"policy '{policy}'" in line)
    return next(float(line.split()[0]) for line in lines[at + 1 :] if line.endswith(unit))


def _slack(baseline: float) -> float:
    """How far a printed ratio may be from the printed rates' ratio: half the last digit
    of our rate (printed to 0.1) over the baseline's, and half the ratio's last digit."""
    return 0.05 / baseline + 0.005 + 1e-9


def _ratio(line: str) -> float:
    found = re.search(r"→ ratio (\d+\.\d\d)$", line)
    assert found is not None, line
    return float(found.group(1))


def test_the_bench_lines_come_first_unchanged_then_the_ratio(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = _script(tmp_path, "base.py", "print(f'{players} players: 7.5 full games/s')\n")
    status, lines, err = _bench(capsys, "--policy", "greedy", "--baseline", str(script))
    assert status == 0 and err == ""
    for pattern, line in zip(BENCH_LINES, lines, strict=False):
        assert re.fullmatch(pattern, line), line
    assert lines[4].startswith("legal actions, listed in full: ")
    ran, ratio = lines[5:]
    calls = _calls(tmp_path)
    assert ran == f"baseline: {script} 2 {calls[-1][2]} 3 ran in " + ran.rsplit(" in ", 1)[1]
    assert ratio.startswith("baseline: 7.5 full games/s → ratio ")
    expected = _rate(lines, "greedy", "games/s") / 7.5
    assert _ratio(ratio) == pytest.approx(expected, abs=_slack(7.5))


def test_the_baseline_gets_players_a_growing_game_count_and_the_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    body = "import time\ntime.sleep(0.02 * games)\nprint('1 full games/s')\n"
    script = _script(tmp_path, "base.py", body)
    status, _, _ = _bench(capsys, "--policy", "greedy", "--baseline", str(script))
    assert status == 0
    calls = _calls(tmp_path)
    assert all(c[0] == sys.executable for c in calls)  # a .py runs with this Python
    assert {(c[1], c[3]) for c in calls} == {("2", "3")}
    counts = [int(c[2]) for c in calls]
    assert counts[0] == 1 and counts == sorted(counts)
    assert len(counts) <= 6 and all(b <= 10 * a for a, b in itertools.pairwise(counts))


def test_the_game_count_grows_until_a_run_lasts_half_the_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []

    def once(
        path: str, players: int, games: int, seed: int, timeout: float
    ) -> baseline.BaselineRun:
        asked.append(games)
        return baseline.BaselineRun((path,), games, 0.05 + 0.05 * games, "")

    monkeypatch.setattr(baseline, "_once", once)
    done = baseline.run("base", 4, 0, 2.0)
    # One game takes 0.1 s: ×10 (at most ×10), then ×(2.0 / 0.55), which lasts long enough.
    assert asked == [1, 10, 36]
    assert done.games == 36 and 1.0 <= done.seconds <= 2.0


def test_a_program_that_is_not_python_runs_as_itself(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "base"
    script.write_text(f'#!/bin/sh\necho "$@" >> {tmp_path / "args"}\necho "2.5 rounds/s"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    status, lines, _ = _bench(capsys, "--policy", "greedy", "--baseline", str(script))
    assert status == 0
    assert (tmp_path / "args").read_text().splitlines()[0] == "2 1 3"
    expected = _rate(lines, "greedy", "rounds/s") / 2.5
    assert lines[-1].startswith("baseline: 2.5 rounds/s → ratio ")
    assert _ratio(lines[-1]) == pytest.approx(expected, abs=_slack(2.5))


def test_each_policy_reads_the_line_that_names_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    body = (
        "print(f'{players} players, uniform: 0.5 matches/s, 40 rounds/s')\n"
        "print(f'{players} players, greedy: 9.0 matches/s, 60 rounds/s')\n"
    )
    script = _script(tmp_path, "base.py", body)
    args = ["--policy", "random", "--policy", "greedy", "--baseline", str(script)]
    status, lines, _ = _bench(capsys, *args)
    assert status == 0
    random_line, greedy_line = lines[-2:]
    assert random_line.startswith("baseline, policy 'random' (its \"uniform\" line): 40.0 rounds/s")
    assert greedy_line.startswith("baseline, policy 'greedy' (its \"greedy\" line): 60.0 rounds/s")
    assert _ratio(random_line) == pytest.approx(
        _rate(lines, "random", "rounds/s") / 40, abs=_slack(40)
    )
    assert _ratio(greedy_line) == pytest.approx(
        _rate(lines, "greedy", "rounds/s") / 60, abs=_slack(60)
    )


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            "sys.exit('the deck ran out')\n",
            "exited with status 1: the deck ran out",
        ),
        ("print('done: 12 games')\n", "printed no rate ('N full games/s' or 'N rounds/s')"),
        (
            "print('uniform: 40 rounds/s')\n",
            "printed no rate for policy 'greedy' (its lines name uniform)",
        ),
    ],
)
def test_a_failing_baseline_is_one_line_after_the_bench(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str, error: str
) -> None:
    script = _script(tmp_path, "base.py", body)
    status, lines, err = _bench(capsys, "--policy", "greedy", "--baseline", str(script))
    assert status == 2
    assert re.fullmatch(BENCH_LINES[0], lines[0])
    assert not any("→ ratio" in line for line in lines)
    assert err.splitlines() == [f"rulespec: error: --baseline {script}: {error}"]


def test_a_missing_baseline_is_refused_before_the_bench(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, lines, err = _bench(capsys, "--baseline", str(tmp_path / "nowhere.py"))
    assert status == 2 and lines == []
    assert err.splitlines() == [
        f"rulespec: error: --baseline {tmp_path / 'nowhere.py'}: no such file"
    ]
