"""Test configuration: Hypothesis profiles chosen by ``RULESPEC_PROFILE``.

``dev`` (the default) is quick and derandomized: every run tries the same examples,
so a test that counts what its examples reached passes or fails the same way each
time. ``ci`` is what CI runs, with a fresh random search each time; ``deep`` is for
long searches on demand: ``RULESPEC_PROFILE=deep uv run pytest``.

A test marked ``heavy`` (a whole Sphinx build twice over, a mutant engine
searched for minutes) runs under ``ci`` and ``deep`` only, so that the default
run stays quick; CI runs every one of them.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")

_UNTIMED = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", _UNTIMED, max_examples=10, derandomize=True)
settings.register_profile("ci", _UNTIMED, max_examples=150, print_blob=True)
settings.register_profile(
    "deep", max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(PROFILE)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "heavy: a slow check that runs under RULESPEC_PROFILE=ci and deep only"
    )
    config.addinivalue_line("markers", "deep: a slower check that runs under RULESPEC_PROFILE=deep")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if PROFILE == "deep":
        return
    heavy = pytest.mark.skip(reason="heavy: runs under RULESPEC_PROFILE=ci and deep")
    deep = pytest.mark.skip(reason="deep: runs under RULESPEC_PROFILE=deep")
    for item in items:
        if item.get_closest_marker("deep") is not None:
            item.add_marker(deep)
        elif PROFILE == "dev" and item.get_closest_marker("heavy") is not None:
            item.add_marker(heavy)
