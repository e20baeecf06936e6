"""How much a test does under the active ``RULESPEC_PROFILE`` (see ``tests/conftest.py``)."""

from __future__ import annotations

import os

from hypothesis import Phase


def scaled(dev: int, ci: int) -> int:
    """``dev`` under the default ``dev`` profile, ``ci`` under ``ci`` and ``deep``.

    For a loop over seeds or games that a quick run may shorten:

    >>> scaled(4, 40) in (4, 40)
    True
    """
    return dev if os.environ.get("RULESPEC_PROFILE", "dev") == "dev" else ci


EXPECTED_FAILURE_PHASES = tuple(p for p in Phase if p is not Phase.explain)
"""Hypothesis phases for a test that expects a run to fail: no explain phase, whose traced
replays of the failing example only slow the test down.

>>> Phase.shrink in EXPECTED_FAILURE_PHASES and Phase.explain not in EXPECTED_FAILURE_PHASES
True
"""
