"""The scripts of ``examples/``, loaded as modules for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

FOLDER = Path(__file__).parents[1] / "examples"


def load_example(name: str) -> ModuleType:
    """``examples/<name>.py`` as a module (registered in :data:`sys.modules`, so that
    its dataclasses and pickling find it)."""
    spec = importlib.util.spec_from_file_location(f"{name}_example", FOLDER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
