"""Settings for every test process of the repository.

``--doctest-modules`` imports each Python file to look for examples. A file whose
source holds no ``>>>`` prompt has none, so no doctest collector is made for it: every
test process would otherwise import Sphinx and other optional libraries, and search
every test module, only to find nothing.

Where bytecode is not written (``PYTHONDONTWRITEBYTECODE``), each Python process of a
run (the test workers, the commands and engines the tests start) would compile every
module it imports from source again. Instead, the processes of one run write their
bytecode to one temporary folder (``PYTHONPYCACHEPREFIX``) and read what the others
wrote; the folder goes when the run ends, and nothing is written beside the sources.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Generator
from pathlib import Path

import pytest
from _pytest.doctest import DoctestModule


def _share_bytecode() -> None:
    if "PYTHONDONTWRITEBYTECODE" not in os.environ or "PYTHONPYCACHEPREFIX" in os.environ:
        return  # bytecode goes where the user has it go; test workers inherit the folder
    folder = tempfile.mkdtemp(prefix="rulespec-tests-bytecode-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.environ["PYTHONPYCACHEPREFIX"] = folder
    del os.environ["PYTHONDONTWRITEBYTECODE"]


_share_bytecode()


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    """The collectors of ``file_path``, less the doctest one when it has no example."""
    collectors = yield
    if file_path.suffix != ".py" or ">>>" in file_path.read_text(encoding="utf-8"):
        return collectors
    return [c for c in collectors if not isinstance(c, DoctestModule)]
