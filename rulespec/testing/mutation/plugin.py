"""A pytest plugin for the test processes of a mutation run (``-p`` by the runner).

Once the project's configuration has chosen its Hypothesis profile, the
plugin keeps that profile but stops at the first failing example: no
shrinking, no example database. A killed mutant needs one failure, not the
smallest one.
"""

from __future__ import annotations

import pytest


def pytest_sessionstart(session: pytest.Session) -> None:
    """Load the current Hypothesis profile without shrinking or database."""
    from hypothesis import Phase, settings

    phases = [Phase.explicit, Phase.generate]
    settings.register_profile("mutation", parent=settings(), phases=phases, database=None)
    settings.load_profile("mutation")
