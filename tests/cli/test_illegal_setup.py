"""Options that do not fit the players are a usage error of the command line, with the
clause that refuses the setup: never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

import rulespec
from rulespec.testing import check
from rulespec.testing.adapter import Setup
from rulespec.testing.reference import ReferenceAdapter
from tests.cli.helpers import usage_error

SERVE = [sys.executable, "-m", "rulespec.testing.serve"]

ILLEGAL = [
    ("duo", "2", "first_player=5", "duo.setup.first-player"),
    ("canardage", "3", 'action_deck={"pan":2}', "can.setup.action-deck"),
]
"""A game, a player count, options that do not fit it, and the clause that says so."""


@pytest.mark.clause("duo.setup.first-player", "can.setup.action-deck")
@pytest.mark.parametrize(("game", "players", "option", "clause"), ILLEGAL)
def test_simulate_play_and_conform_refuse_an_illegal_setup_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    players: str,
    option: str,
    clause: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    for command in (
        ["simulate", game, "--games", "1"],
        ["play", game],
        ["conform", game, "--examples", "1"],
    ):
        args = [*command, "--players", players, "--option", option]
        if command[0] == "conform":
            args += ["--", *SERVE]
        line = usage_error(*args)
        assert line.startswith(f"rulespec: error: --option {option!r} with {players} players:")
        assert clause in line
    assert not list(tmp_path.iterdir())  # nothing played, nothing saved


@pytest.mark.clause("can.setup.action-deck")
def test_conform_with_options_that_fit_no_player_count_is_a_usage_error() -> None:
    # two action cards serve no table
    line = usage_error(
        "conform",
        "canardage",
        "--examples",
        "1",
        "--option",
        'action_deck={"pan":2}',
        "--",
        *SERVE,
    )
    assert "can.setup.action-deck" in line


@pytest.mark.clause("duo.setup.first-player")
def test_the_kit_plays_only_the_player_counts_that_the_options_fit() -> None:
    duo = rulespec.game("duo")
    seen: list[int] = []

    class Counting(ReferenceAdapter):
        def start(self, setup: Setup) -> None:
            seen.append(setup.players)
            super().start(setup)

    options: Any = duo.decode_options({"first_player": 4, "max_rounds": 1})
    quick = settings(max_examples=15, derandomize=True, database=None)
    check(Counting(), duo, options=options, settings=quick, max_steps=30)
    assert seen and set(seen) <= {5, 6}
    with pytest.raises(rulespec.IllegalAction) as refused:
        check(Counting(), duo, players=[2, 3], options=options, settings=quick)
    assert refused.value.clause == "duo.setup.first-player"


@pytest.mark.parametrize("seconds", ["nan", "inf", "0", "-1"])
def test_bench_refuses_a_duration_that_never_ends_or_is_not_positive(seconds: str) -> None:
    line = usage_error("bench", "duo", "--seconds", seconds)
    assert line == "rulespec: error: --seconds must be positive"
