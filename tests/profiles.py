"""How much work a test does under the profile chosen by ``RULESPEC_PROFILE``."""

from __future__ import annotations

import os


def scaled(dev: int, ci: int) -> int:
    """``dev`` under the quick default profile, ``ci`` under ``ci`` and ``deep``.

    For a loop over seeds, a number of games or a time budget that a quick local run
    may shorten while CI runs it in full.
    """
    return dev if os.environ.get("RULESPEC_PROFILE", "dev") == "dev" else ci
