"""Test configuration: Hypothesis profiles chosen by ``RULESPEC_PROFILE``.

``dev`` (the default) is quick; ``ci`` is what CI runs; ``deep`` is for long
searches on demand: ``RULESPEC_PROFILE=deep uv run pytest``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "deep", max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("RULESPEC_PROFILE", "dev"))
