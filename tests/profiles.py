"""How much a test does under the active ``RULESPEC_PROFILE`` (see ``tests/conftest.py``)."""

from __future__ import annotations

import os

from hypothesis import Phase, settings


def scaled(dev: int, ci: int) -> int:
    """``dev`` under the default ``dev`` profile, ``ci`` under ``ci`` and ``deep``.

    For a loop over seeds or games that a quick run may shorten:

    >>> scaled(4, 40) in (4, 40)
    True
    """
    return dev if os.environ.get("RULESPEC_PROFILE", "dev") == "dev" else ci


SEEDED = settings(
    derandomize=True,
    database=None,
    phases=tuple(p for p in Phase if p is not Phase.explain),
)
"""Settings for a fixed search, such as one that a test expects to fail: the same examples
every run, no example database, and no explain phase, whose traced replays of a failing
example only slow the test down.

>>> SEEDED.derandomize, Phase.explain in SEEDED.phases, Phase.shrink in SEEDED.phases
(True, False, True)
"""
