"""A fresh environment holding rulespec and the example game ``rulespec-goofspiel``, each
installed from this checkout (editable), as a game project would install them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from tests.core.conftest import clean_env

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "goofspiel"
EXTRAS = ("testing", "cli", "docs", "rl")
"""The extras installed with rulespec; ``rl`` (PettingZoo, OpenSpiel) only where it
installs."""


@attrs.frozen
class Env:
    """An environment with the example game installed."""

    bin: Path
    extras: tuple[str, ...]

    @property
    def python(self) -> Path:
        return self.bin / "python"

    def env(self) -> dict[str, str]:
        """The environment variables of a program run there."""
        env = clean_env()
        env["PATH"] = f"{self.bin}{os.pathsep}{env.get('PATH', '')}"
        return env

    def run(
        self, *command: str | Path, cwd: Path, stdin: str | None = None, ok: bool = True
    ) -> subprocess.CompletedProcess[str]:
        """Run ``command`` there (``rulespec`` and ``python`` are the environment's);
        fail the test with its output unless it exits 0, when ``ok``."""
        args = [str(c) for c in command]
        if args[0] in ("rulespec", "python"):
            args[0] = str(self.bin / args[0])
        done = subprocess.run(
            args,
            cwd=cwd,
            env=self.env(),
            input=stdin,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if ok:
            assert done.returncode == 0, f"{' '.join(args)}:\n{done.stdout}\n{done.stderr}"
        return done


def _install(uv: str, folder: Path, extras: tuple[str, ...]) -> bool:
    """Install rulespec with ``extras`` and the example into the environment at
    ``folder``, from uv's cache first, else from the package index."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("VIRTUAL_ENV")}
    env.pop("PYTHONPATH", None)
    python = folder / "bin" / "python"
    spec = f"{ROOT}[{','.join(extras)}]"
    for offline in (("--offline",), ()):
        done = subprocess.run(
            [uv, "pip", "install", "--quiet", *offline, "--python", str(python),
             "-e", spec, "-e", str(EXAMPLE)],
            env=env, capture_output=True, text=True, timeout=900, check=False,
        )  # fmt: skip
        if done.returncode == 0:
            return True
    return False


@pytest.fixture(scope="session")
def goof(tmp_path_factory: pytest.TempPathFactory) -> Env:
    """rulespec (with its extras) and ``rulespec-goofspiel`` in a fresh environment."""
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not on PATH: cannot make a fresh environment")
    folder = tmp_path_factory.mktemp("goofenv") / "venv"
    subprocess.run(
        [uv, "venv", "--quiet", "--python", sys.executable, str(folder)],
        capture_output=True, check=True, timeout=300,
    )  # fmt: skip
    for extras in (EXTRAS, tuple(e for e in EXTRAS if e != "rl")):
        if _install(uv, folder, extras):
            return Env(folder / "bin", extras)
    pytest.fail("rulespec and the example game do not install into a fresh environment")
