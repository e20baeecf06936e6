"""``--policy``: one policy per seat, the search bot with its budget, one-line errors, and
each seat's win share with its 95 % Wilson interval."""

from __future__ import annotations

import json
import math

import pytest

from rulespec.cli.main import main
from tests.cli.helpers import usage_error


def _out(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    out: str = capsys.readouterr().out
    return out


def _wilson(won: float, n: int) -> tuple[float, float]:
    """The textbook Wilson interval, written here from its formula."""
    z = 1.959964
    p = won / n
    centre = (2 * n * p + z * z) / (2 * (n + z * z))
    half = z * math.sqrt(z * z + 4 * n * p * (1 - p)) / (2 * (n + z * z))
    return centre - half, centre + half


def test_one_policy_per_seat_and_each_seat_s_win_share_with_its_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "duo", "--players", "3", "--games", "30", "--seed", "2"]
    doc = json.loads(_out(capsys, *args, "--policy", "greedy, random,greedy", "--json"))
    assert doc["policy"] == "greedy,random,greedy"
    assert doc["policies"] == ["greedy", "random", "greedy"]
    (entry,) = doc["option_sets"]
    results = entry["results"]
    shares = entry["win_shares"]
    for seat, share in enumerate(shares):
        won = sum(1 / len(r["winners"]) for r in results if seat in r["winners"])
        low, high = _wilson(won, 30)
        assert share["seat"] == seat
        assert share["share"] == pytest.approx(won / 30)
        assert (share["low"], share["high"]) == pytest.approx((low, high), abs=1e-4)
    # The random seat wins less than the greedy ones (Duo's greedy bot plays when it can).
    assert shares[1]["share"] < min(shares[0]["share"], shares[2]["share"])

    text = _out(capsys, *args, "--policy", "greedy,random,greedy")
    assert "policy 'greedy,random,greedy'" in text
    assert "seat  mean score  wins  shared wins  win rate" in text  # the table as before
    for seat, share in enumerate(shares):
        name = doc["policies"][seat]
        row = (
            f"{seat:>4}  {name:<6}  {100 * share['share']:>8.1f}%  "
            f"{100 * share['low']:.1f}% to {100 * share['high']:.1f}%"
        )
        assert row in text.splitlines()


def test_a_single_policy_plays_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "duo", "--players", "2", "--games", "4", "--seed", "3", "--json"]
    args += ["--option", "max_rounds=3"]
    one = json.loads(_out(capsys, *args, "--policy", "random"))
    both = json.loads(_out(capsys, *args, "--policy", "random,random"))
    assert one["policies"] == both["policies"] == ["random", "random"]
    assert one["option_sets"][0]["results"] == both["option_sets"][0]["results"]


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        ("greedy,random", "--policy 'greedy,random' names 2 policies for 3 players"),
        ("greedy,random,random,greedy", "names 4 policies for 3 players"),
        ("greedy,clever,random", "duo has no policy 'clever' (known: greedy, random, search"),
        ("search:0", "playouts must be at least 1, not 0"),
        ("search:lots", "--policy 'search:lots': after 'search:' comes a number of playouts"),
    ],
)
def test_a_bad_policy_list_is_one_line_and_exit_status_2(policy: str, message: str) -> None:
    for command in ("simulate", "bench", "play"):
        line = usage_error(command, "duo", "--players", "3", "--policy", policy)
        assert line.startswith("rulespec: error: ") and message in line


def test_the_search_bot_plays_a_seat_of_simulate_and_bench_but_is_no_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "duo", "--players", "2", "--games", "2", "--seed", "1"]
    doc = json.loads(
        _out(capsys, *args, "--option", "max_rounds=2", "--policy", "search:3,greedy", "--json")
    )
    assert doc["policies"] == ["search:3", "greedy"]
    default = _out(capsys, "bench", "duo", "--players", "2", "--seconds", "0.05")
    assert "search" not in default
    bench = ["bench", "duo", "--players", "2", "--seconds", "0.05"]
    named = _out(capsys, *bench, "--policy", "search:2,greedy")
    assert "policy 'search:2,greedy'" in named
