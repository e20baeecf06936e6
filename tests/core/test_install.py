"""rulespec installs as the README says, from a clone, with every extra it names.

No package index serves rulespec yet, so the README's routes start from a clone
of the repository: ``uv sync --extra testing`` inside it, ``pip install
".[testing]"`` inside it, or ``pip install "/path/to/rulespec[testing,rl]"``
from elsewhere. Each route runs here on a fresh clone of this repository (its
committed state) into a fresh environment, which then imports what each extra
promises. uv reads its cache first (``--offline``, when the cache holds the
locked packages, as after ``uv sync``), pip fetches from the package index.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.heavy

EXTRAS = {
    "testing": ("hypothesis", "pytest", "rulespec.testing"),
    "cli": ("rich",),
    "plot": ("matplotlib",),
    "docs": ("sphinx", "furo", "sphinx_needs", "rulespec.sphinxext"),
    "rl": (
        "numpy",
        "gymnasium",
        "pettingzoo",
        "pyspiel",
        "rulespec.pettingzoo",
        "rulespec.openspiel",
    ),
}
"""What each extra promises: the modules it makes importable."""

README_COMMANDS = (
    "uv sync --extra testing",
    'pip install ".[testing]"',
    'pip install "/path/to/rulespec[testing,rl]"',
)


def _run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(c) for c in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"{' '.join(map(str, command))}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _imports(python: Path, modules: tuple[str, ...], cwd: Path, home: Path) -> None:
    """``python`` imports ``modules``, and the rulespec it finds is the one installed
    under ``home``, its clause catalogues included."""
    code = (
        "import importlib, sys, rulespec\n"
        f"for name in {list(modules)!r}: importlib.import_module(name)\n"
        "from rulespec.rulebook.clauses import catalogues\n"
        "print(rulespec.__file__, len(catalogues()))\n"
    )
    shown = _run(python, "-c", code, cwd=cwd)
    where, count = shown.split()
    assert Path(where).is_relative_to(home) and int(count) >= 3, shown


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh clone of this repository."""
    folder = tmp_path_factory.mktemp("install") / "rulespec"
    _run("git", "clone", "--quiet", "--local", ROOT, folder, cwd=ROOT)
    return folder


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "UV_"))}
    env.pop("PYTHONPATH", None)
    return env


def _uv() -> str:
    found = shutil.which("uv")
    if found is None:
        pytest.fail("uv is not on PATH")
    return found


def test_the_readme_gives_the_routes_and_every_extra() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for command in README_COMMANDS:
        assert command in readme, command
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extras = declared["project"]["optional-dependencies"]
    assert set(extras) == set(EXTRAS)
    for extra in extras:
        assert f"| `{extra}` |" in readme, extra  # the README's table of extras


def test_uv_sync_in_the_clone_gives_the_testing_extra(clone: Path) -> None:
    env = _env()
    try:
        _run(_uv(), "sync", "--offline", "--extra", "testing", cwd=clone, env=env)
    except AssertionError:  # the cache lacks a locked package: fetch it
        _run(_uv(), "sync", "--extra", "testing", cwd=clone, env=env)
    python = clone / ".venv" / "bin" / "python"
    _imports(python, EXTRAS["testing"], clone.parent, clone)  # installed editable


def test_pip_in_the_clone_gives_the_testing_extra(clone: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    pip = venv / "bin" / "pip"
    _run(pip, "install", "--quiet", "--disable-pip-version-check", ".[testing]", cwd=clone)
    _imports(venv / "bin" / "python", EXTRAS["testing"], tmp_path, venv)
    # The command line's own word for a missing extra names a route that works.
    done = subprocess.run(
        [venv / "bin" / "rulespec", "simulate", "duo", "--plot", "x.png"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "uv sync --extra plot (or pip install '.[plot]')" in done.stderr


def test_every_extra_installs_from_the_clones_folder(clone: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    env = _env()
    _run(_uv(), "venv", "--quiet", venv, cwd=tmp_path, env=env)
    spec = f"{clone}[{','.join(sorted(EXTRAS))}]"
    _run(_uv(), "pip", "install", "--quiet", "--python", venv / "bin" / "python", spec,
         cwd=tmp_path, env=env)  # fmt: skip
    modules = tuple(m for extra in EXTRAS.values() for m in extra)
    _imports(venv / "bin" / "python", modules, tmp_path, venv)


def test_the_core_installs_alone_with_attrs(clone: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    env = _env()
    _run(_uv(), "venv", "--quiet", venv, cwd=tmp_path, env=env)
    python = venv / "bin" / "python"
    _run(_uv(), "pip", "install", "--quiet", "--python", python, clone, cwd=tmp_path, env=env)
    games = ("rulespec.duck_cover", "rulespec.duo", "rulespec.canardage")
    _imports(python, games, tmp_path, venv)
    installed = _run(_uv(), "pip", "list", "--python", python, cwd=tmp_path, env=env)
    names = {line.split()[0].lower() for line in installed.splitlines()[2:]}
    assert names == {"attrs", "rulespec"}
