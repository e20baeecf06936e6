"""How much a test does under the active ``RULESPEC_PROFILE`` (see ``tests/conftest.py``)."""

from __future__ import annotations

import os


def scaled(dev: int, ci: int) -> int:
    """``dev`` under the default ``dev`` profile, ``ci`` under ``ci`` and ``deep``.

    For a loop over seeds or games that a quick run may shorten:

    >>> scaled(4, 40) in (4, 40)
    True
    """
    return dev if os.environ.get("RULESPEC_PROFILE", "dev") == "dev" else ci
