"""A part imported without its extra names the extra and how to install it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulespec.extras import EXTRAS, install_hint

# Each part, a module of its extra to hide, and the extra the message must name.
PARTS = [
    ("import rulespec.pettingzoo", "pettingzoo", "rl"),
    ("import rulespec.pettingzoo", "numpy", "rl"),
    ("import rulespec.openspiel", "pyspiel", "rl"),
    ("from rulespec.testing import check", "hypothesis", "testing"),
    ("from rulespec.testing import strategies", "hypothesis", "testing"),
]


def _without(module: str, statement: str) -> subprocess.CompletedProcess[str]:
    # A module set to None in sys.modules cannot be imported: as if not installed.
    code = f"import sys; sys.modules[{module!r}] = None\n{statement}"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("statement", "hidden", "extra"), PARTS)
def test_a_missing_extra_is_named_with_its_install_command(
    statement: str, hidden: str, extra: str
) -> None:
    assert hidden in EXTRAS[extra]
    done = _without(hidden, statement)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("rulespec.extras.MissingExtra: rulespec.")
    assert f"needs the {extra} extra ({hidden} is not installed)" in last
    assert install_hint(extra) in last


def test_the_protocol_side_of_the_kit_needs_no_extra() -> None:
    # An engine's server and the wire start without Hypothesis.
    done = _without("hypothesis", "import rulespec.testing.serve, rulespec.testing.wire")
    assert done.returncode == 0, done.stderr


def test_the_extras_listed_are_the_ones_pyproject_declares() -> None:
    import tomllib
    from pathlib import Path

    data = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert set(EXTRAS) == set(data["project"]["optional-dependencies"])
