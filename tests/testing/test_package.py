"""``rulespec.testing`` loads each public name on first use, and the protocol side needs no
Hypothesis."""

from __future__ import annotations

import importlib
import subprocess
import sys
import types

import rulespec
import rulespec.testing
from tests.cli.helpers import child_environment


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=child_environment()
    )


def test_an_engine_served_over_the_wire_starts_without_hypothesis() -> None:
    done = _python(
        "import sys, rulespec.testing, rulespec.testing.serve, rulespec.testing.wire\n"
        "assert 'hypothesis' not in sys.modules, 'hypothesis imported'\n"
        "rulespec.testing.check\n"
        "assert 'hypothesis' in sys.modules, 'check loaded without its module'\n"
    )
    assert done.returncode == 0, done.stderr


def test_check_is_the_function_whichever_module_is_imported_first() -> None:
    done = _python(
        "import rulespec.testing.strategies, rulespec.testing\n"
        "assert callable(rulespec.testing.check), rulespec.testing.check\n"
        "assert rulespec.testing.check.__module__ == 'rulespec.testing.checking'\n"
        "from rulespec.testing import check\n"
        "assert check is rulespec.testing.check\n"
    )
    assert done.returncode == 0, done.stderr


def test_every_public_name_is_there_and_only_strategies_is_a_module() -> None:
    names = rulespec.testing.__all__
    assert set(names) <= set(dir(rulespec.testing))
    modules = {n for n in names if isinstance(getattr(rulespec.testing, n), types.ModuleType)}
    assert modules == {"strategies"}
    for name in names:
        value = getattr(rulespec.testing, name)
        assert name == "strategies" or value.__name__ == name


def test_the_package_is_a_plain_module_and_check_the_function_after_its_module() -> None:
    import rulespec.testing.checking

    assert type(rulespec.testing) is types.ModuleType
    assert rulespec.testing.check is rulespec.testing.checking.check


def test_each_games_state_machine_comes_from_the_kit_it_declares() -> None:
    for g in rulespec.games():
        kit = g.declaration.kit
        assert kit is not None
        module = importlib.import_module(kit)
        machines = [n for n in module.__all__ if n.endswith("Machine")]
        assert len(machines) == 1
        assert getattr(rulespec.testing, machines[0]) is getattr(module, machines[0])


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        rulespec.testing.chek  # noqa: B018
    except AttributeError as exc:
        assert "chek" in str(exc)
    else:
        raise AssertionError("no error for an unknown name")
