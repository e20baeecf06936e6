"""Plug-ins made on the spot: a distribution's metadata and modules in a folder that a
program run with :func:`run` finds on its path, as an installed package would be."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.core.conftest import clean_env

ROOT = Path(__file__).resolve().parents[2]


def distribution(site: Path, name: str, entries: dict[str, str], modules: dict[str, str]) -> None:
    """Install into ``site`` the distribution ``name`` whose ``rulespec.games`` entry
    points are ``entries`` (id → ``module:object``) and whose modules are ``modules``
    (module name → source)."""
    info = site / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = "".join(f"{key} = {value}\n" for key, value in entries.items())
    (info / "entry_points.txt").write_text(f"[rulespec.games]\n{lines}")
    for module, source in modules.items():
        path = site / f"{module.replace('.', '/')}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source))


def run(
    site: Path, *args: str, cwd: Path | None = None, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """``python *args`` with ``site`` (and the example game's source) on the path, fed
    ``stdin``."""
    env = {**os.environ, **clean_env()}
    env.pop("PYTHONNOUSERSITE", None)
    path = [str(site), str(ROOT / "examples" / "goofspiel"), str(ROOT)]
    env["PYTHONPATH"] = os.pathsep.join(path)
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd or site,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


TIE_TO_THE_FIRST = """
class TieToTheFirst(ReferenceAdapter):
    \"\"\"Goofspiel's reference engine, but a tie's prize goes to the first of the tied.\"\"\"

    def apply(self, action):
        before = self.current
        super().apply(action)
        after = self.current
        if len(after.discarded) > len(before.discarded) and after.last:
            seat = after.last.index(max(after.last))
            won = list(after.won)
            won[seat] = (*won[seat], after.discarded[-1])
            self.current = attrs.evolve(after, won=tuple(won), discarded=after.discarded[:-1])
"""
"""A script's lines defining ``TieToTheFirst``, an engine that breaks Goofspiel's tie
rule (``gs.tie.discard``); the script imports ``attrs`` and ``ReferenceAdapter``."""
