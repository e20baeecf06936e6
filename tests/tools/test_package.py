"""``rulespec.tools`` exports each tool's main names, and loads a tool only when asked."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import rulespec.tools
from rulespec.tools import search, simulation, trace, verifier


def test_every_exported_name_is_the_one_its_module_defines() -> None:
    for name in rulespec.tools.__all__:
        home = importlib.import_module(f"rulespec.tools.{rulespec.tools._HOME[name]}")
        assert getattr(rulespec.tools, name) is getattr(home, name), name
    assert set(rulespec.tools._HOME) == set(rulespec.tools.__all__)
    assert rulespec.tools.simulate is simulation.simulate
    assert rulespec.tools.Search is search.Search
    assert rulespec.tools.verify is verifier.verify
    assert rulespec.tools.test_citations is trace.test_citations


def test_a_module_of_the_package_keeps_its_name() -> None:
    # no exported name hides a module of the package (``import rulespec.tools.x as m``
    # gives the module, whichever was imported first)
    import rulespec.tools.simulation as module

    assert module is simulation and rulespec.tools.simulation is simulation
    assert not set(rulespec.tools.__all__) & set(rulespec.tools._HOMES)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'simulation_of'"):
        rulespec.tools.simulation_of  # noqa: B018


def test_using_one_tool_loads_no_other() -> None:
    code = (
        "import sys, rulespec.tools\n"
        "rulespec.tools.verify\n"
        "print(sorted(m for m in sys.modules if m.startswith('rulespec.tools.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["['rulespec.tools.verifier']"]


def test_the_export_runs_as_a_module_without_a_warning() -> None:
    done = subprocess.run(
        [sys.executable, "-W", "error", "-m", "rulespec.tools.export", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "python -m rulespec.tools.export" in done.stdout
