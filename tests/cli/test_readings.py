"""``rulespec readings``: the figures of each reading, records of its shortest parting pair
that ``rulespec verify`` replays, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulespec
from rulespec.tools.simulation import wilson
from tests.cli.helpers import call, one_error_line


def test_json_gives_every_figure_and_records_that_verify(tmp_path: Path) -> None:
    done = call(
        "readings", "canardage", "--games", "6", "--players", "3", "--seed", "4",
        "--records", str(tmp_path), "--json",
    )  # fmt: skip
    assert done.status == 0, done.err
    assert "canardage: 72 games in" in done.err
    data = json.loads(done.out)
    assert (data["game"], data["players"], data["games"], data["policy"]) == (
        "canardage", 3, 6, "random",
    )  # fmt: skip
    assert [r["reading"] for r in data["readings"]] == [
        r.declared for r in rulespec.readings("canardage")
    ]
    for r in data["readings"]:
        for what in ("course", "outcome"):
            count = r[what]["games"]
            assert r[what]["share"] == count / 6
            assert (r[what]["low"], r[what]["high"]) == pytest.approx(wilson(count, 6))
    deck = data["readings"][0]
    assert deck["reading"] == "can.setup.action-deck=two-tireur-d-elite"
    assert deck["course"]["games"] == 6 and deck["shortest"]["step"] == 1  # another deal
    ours, theirs = (Path(deck["shortest"]["records"][side]) for side in ("chosen", "reading"))
    for path in (ours, theirs):
        verified = call("verify", str(path), "--json")
        assert verified.status == 0, verified.err
        assert json.loads(verified.out)["legal"]
    assert json.loads(ours.read_text())["options"] == {}
    assert "action_deck" in json.loads(theirs.read_text())["options"]
    assert sorted(tmp_path.iterdir()) == sorted(
        path
        for r in data["readings"]
        if r["shortest"] is not None
        for path in map(Path, r["shortest"]["records"].values())
    )


def test_the_table_names_each_reading_with_its_shares_and_records(tmp_path: Path) -> None:
    done = call("readings", "duo", "--games", "3", "--players", "2", "--records", str(tmp_path))
    assert done.status == 0, done.err
    lines = done.out.splitlines()
    assert lines[0] == "Duo: 3 pairs of games per reading, 2 players, policy 'random', seed 0"
    limit = next(line for line in lines if line.startswith("duo.game.round-limit=leader-wins"))
    assert "  0.0% (0.0% to 56.2%)" in limit and limit.endswith("  -")
    assert any(line.startswith("  duo.round.exhausted=empty-draw: ") for line in lines)


def test_a_game_without_readings_says_so() -> None:
    done = call("readings", "duck-and-cover", "--games", "2")
    assert done.status == 0, done.err
    assert "no reading of this game is played by an option" in done.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown game 'chess'"),
        (["duo", "--games", "0"], "--games must be at least 1, not 0"),
        (["duo", "--players", "9"], "Duo is for 2 to 6 players, not 9"),
        (["canardage", "--policy", "clever"], "canardage has no policy 'clever'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = call("readings", *args)
    assert done.status == 2
    line = one_error_line(done)
    assert line.startswith("rulespec: error: ") and message in line


def test_help_has_an_example_and_the_top_level_help_lists_the_command() -> None:
    result = call("readings", "--help")
    assert result.status == 0
    assert "usage: rulespec readings" in result.out
    assert "rulespec readings canardage" in result.out.split("example", 1)[1]
    assert "    readings" in call("--help").out
