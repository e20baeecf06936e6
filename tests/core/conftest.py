"""Fixtures for the packaging tests: the built wheel and clean virtual environments."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def uv() -> str:
    """The ``uv`` command, or a skip that says why there is none."""
    found = shutil.which("uv")
    if found is None:
        pytest.skip("uv is not on PATH: cannot build the wheel or make a clean environment")
    return found


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``command``; fail the test with its output if it fails."""
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, (
        f"{' '.join(command)} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    )
    return done.stdout


def clean_env() -> dict[str, str]:
    """The environment for a program of a clean virtual environment: nothing that points
    Python at this checkout or at another environment."""
    keep = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "SYSTEMROOT")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONNOUSERSITE"] = "1"
    return env


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """rulespec's wheel, built from this checkout with ``uv build --wheel``."""
    command = uv()
    out = tmp_path_factory.mktemp("dist")
    run([command, "build", "--wheel", "--out-dir", str(out), str(ROOT)], cwd=ROOT)
    wheels = sorted(out.glob("rulespec-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


VenvFactory = Callable[..., Path]


@pytest.fixture(scope="session")
def clean_venv(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> VenvFactory:
    """Makes a virtual environment holding the wheel and the given requirements only,
    once per set of requirements; returns its Python."""
    made: dict[tuple[str, ...], Path] = {}

    def make(*requirements: str) -> Path:
        key = tuple(sorted(requirements))
        if key not in made:
            command = uv()
            folder = tmp_path_factory.mktemp("venv")
            run([command, "venv", "--quiet", str(folder), "--python", sys.executable], cwd=folder)
            python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
            run(
                [command, "pip", "install", "--quiet", "--python", str(python), *key, str(wheel)],
                cwd=folder,
            )
            made[key] = python
        return made[key]

    return make
