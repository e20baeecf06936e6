"""Every command has ``--help`` with an example; usage errors are one line."""

from __future__ import annotations

import pytest

from tests.cli.helpers import one_error_line, run

COMMANDS = ["games", "rules", "play", "simulate", "bench", "verify", "conform"]


def test_the_top_level_help_lists_every_command_with_an_example() -> None:
    result = run("--help")
    assert result.status == 0
    for command in COMMANDS:
        assert f"    {command}" in result.out
    assert "example: rulespec " in result.out


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_help_with_an_example(command: str) -> None:
    result = run(command, "--help")
    assert result.status == 0
    assert f"usage: rulespec {command}" in result.out
    assert f"rulespec {command} " in result.out.split("example", 1)[1]


def test_no_command_is_a_one_line_error() -> None:
    result = run()
    assert result.status == 2
    assert one_error_line(result).startswith("rulespec: error: the following arguments")


def test_an_unknown_command_is_a_one_line_error() -> None:
    result = run("replay")
    assert result.status == 2
    assert "invalid choice: 'replay'" in one_error_line(result)
