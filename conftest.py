"""Collection settings for the whole repository.

``--doctest-modules`` imports each Python file to look for examples. A file whose
source holds no ``>>>`` prompt has none, so no doctest collector is made for it: every
test process would otherwise import Sphinx and other optional libraries, and search
every test module, only to find nothing.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pytest
from _pytest.doctest import DoctestModule


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    """The collectors of ``file_path``, less the doctest one when it has no example."""
    collectors = yield
    if file_path.suffix != ".py" or ">>>" in file_path.read_text(encoding="utf-8"):
        return collectors
    return [c for c in collectors if not isinstance(c, DoctestModule)]
