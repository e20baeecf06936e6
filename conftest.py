"""Collection settings for the whole repository.

``--doctest-modules`` imports each module of the package to look for examples. A module
whose source holds no ``>>>`` prompt has none, so it is not collected: every test
process would otherwise import Sphinx and other optional libraries only to find nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent / "rulespec"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Skip the package's modules that hold no doctest; leave every other path alone."""
    if collection_path.suffix != ".py" or not collection_path.is_relative_to(PACKAGE):
        return None
    if ">>>" in collection_path.read_text(encoding="utf-8"):
        return None
    return True
