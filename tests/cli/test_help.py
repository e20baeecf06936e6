"""Every command has ``--help`` with an example; usage errors are one line."""

from __future__ import annotations

import re

import pytest

from tests.cli.helpers import call, one_error_line, run

COMMANDS = ["games", "rules", "play", "simulate", "bench", "verify", "conform", "explore"]
# The commands no other test runs in a process of its own: here they are.
ALONE = {"bench", "conform"}


def test_the_top_level_help_lists_every_command_with_an_example() -> None:
    result = run("--help")  # the installed command itself, in a process of its own
    assert result.status == 0
    for command in COMMANDS:
        assert f"    {command}" in result.out
    assert "examples:\n  rulespec games\n  rulespec simulate " in result.out


def test_the_top_level_help_runs_no_sentences_together() -> None:
    result = call("--help")
    epilog = result.out.split("examples:", 1)[1]
    for line in epilog.splitlines():
        # A sentence ends a line: no full stop followed by more words on it.
        assert not re.search(r"\w\. \w", line), line
    assert "Each command has its own --help, with an example." in epilog.splitlines()


def test_simulate_help_says_how_to_include_the_default_options() -> None:
    result = call("simulate", "--help")
    assert result.status == 0
    words = " ".join(result.out.split())
    assert "--option '' to include the default set" in words
    assert "--option '' --option turbo" in words


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_help_with_an_example(command: str) -> None:
    result = (run if command in ALONE else call)(command, "--help")
    assert result.status == 0
    assert f"usage: rulespec {command}" in result.out
    assert f"rulespec {command} " in result.out.split("example", 1)[1]


def test_no_command_is_a_one_line_error() -> None:
    result = call()
    assert result.status == 2
    assert one_error_line(result).startswith("rulespec: error: the following arguments")


def test_an_unknown_command_is_a_one_line_error() -> None:
    result = call("replay")
    assert result.status == 2
    assert "invalid choice: 'replay'" in one_error_line(result)
