"""No text tells users to ``pip install rulespec``: no package index serves it, so the
docs, the README, the translations and every docstring and message of the package
give the README's routes (``uv sync --extra rl``, ``pip install ".[rl]"``) instead."""

from __future__ import annotations

import re
from pathlib import Path

import rulespec

ROOT = Path(rulespec.__file__).parents[1]
BARE = re.compile(r"""pip3?\s+install\s+(?:-U\s+|--upgrade\s+)?["']?rulespec\b""")
"""``pip install rulespec``, with an extra, quotes or an upgrade flag or not: not a path
(``/path/to/rulespec``) nor ``.``."""


def _texts() -> list[Path]:
    paths = [ROOT / "README.md"]
    paths += sorted((ROOT / "docs").rglob("*.rst"))
    paths += sorted((ROOT / "docs").rglob("*.po"))
    paths += sorted((ROOT / "rulespec").rglob("*.py"))
    paths += sorted((ROOT / "rulespec").rglob("*.po"))
    return [p for p in paths if "_build" not in p.parts]


def test_the_pattern_tells_a_bare_install_from_the_readme_s_routes() -> None:
    bare = ["pip install rulespec", 'pip install "rulespec[rl]"', "pip install rulespec[rl]"]
    fine = ['pip install ".[rl]"', 'pip install "/path/to/rulespec[rl]"', "uv sync --extra rl"]
    assert all(BARE.search(line) for line in bare)
    assert not any(BARE.search(line) for line in fine)


def test_no_doc_nor_docstring_says_pip_install_rulespec() -> None:
    texts = _texts()
    assert len(texts) > 50 and ROOT / "rulespec" / "gymnasium.py" in texts
    offences = []
    for path in texts:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BARE.search(line):
                offences.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offences == []
