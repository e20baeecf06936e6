"""The pytest plugin's fixtures, and its promise not to import Hypothesis."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

from hypothesis import settings

from rulespec.testing import CheckResult, ReferenceAdapter
from tests.testing.foreign_duck_cover import ForeignAdapter


def test_the_plugin_imports_no_hypothesis() -> None:
    code = (
        "import sys, rulespec.pytest_plugin\n"
        "assert 'hypothesis' not in sys.modules, 'hypothesis imported'\n"
        "assert 'rulespec.testing' not in sys.modules, 'the kit imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_check_fixture(rulespec_check: Callable[..., CheckResult]) -> None:
    quick = settings(max_examples=3, derandomize=True, database=None)
    result = rulespec_check(ReferenceAdapter(), "duck-and-cover", max_steps=30, settings=quick)
    assert result.games == 3


def test_the_golden_fixture(rulespec_golden: Callable[..., Any]) -> None:
    assert rulespec_golden(ForeignAdapter(), "duck-and-cover") >= 10
