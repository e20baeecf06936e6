"""No text tells users to ``pip install rulespec``: no package index serves it, so the
docs, the README, the translations and every docstring and message of the package
give the README's routes (``uv sync --extra rl``, ``pip install ".[rl]"``) instead."""

from __future__ import annotations

import os
import re
from pathlib import Path

import rulespec

ROOT = Path(rulespec.__file__).parents[1]
BARE = re.compile(r"""pip3?\s+install\s+(?:-U\s+|--upgrade\s+)?["']?rulespec\b""")
"""``pip install rulespec``, with an extra, quotes or an upgrade flag or not: not a path
(``/path/to/rulespec``) nor ``.``."""


SUFFIXES = frozenset({".md", ".rst", ".po", ".py", ".toml", ".txt", ".html", ".inc", ".js"})
"""The kinds of files that say how to install: texts, pages, code and its docstrings."""


def _texts() -> list[Path]:
    """Every text of the project a user reads, outside the tests and the changelog."""
    skipped = {"tests", "_build", "node_modules", "build", "dist"}
    found = []
    for folder, folders, files in os.walk(ROOT):
        folders[:] = [f for f in folders if f not in skipped and not f.startswith(".")]
        found += [Path(folder, name) for name in files if Path(name).suffix in SUFFIXES]
    return sorted(path for path in found if path.name != "CHANGELOG.md")


def _joined(path: Path) -> str:
    """The text of ``path``, with a catalogue's strings split over lines joined again."""
    text = path.read_text(encoding="utf-8")
    return re.sub(r'"\n\s*"', "", text) if path.suffix == ".po" else text


def test_the_pattern_tells_a_bare_install_from_the_readme_s_routes() -> None:
    bare = ["pip install rulespec", 'pip install "rulespec[rl]"', "pip install rulespec[rl]"]
    fine = ['pip install ".[rl]"', 'pip install "/path/to/rulespec[rl]"', "uv sync --extra rl"]
    assert all(BARE.search(line) for line in bare)
    assert not any(BARE.search(line) for line in fine)


def test_no_doc_nor_docstring_says_pip_install_rulespec() -> None:
    texts = _texts()
    assert len(texts) > 50
    for part in ("README.md", "rulespec/gymnasium.py", "examples/reinforce.py", "docs/index.rst"):
        assert ROOT / part in texts, part
    offences = []
    for path in texts:
        text = _joined(path)
        for found in BARE.finditer(text):  # across lines too: a command wrapped in a docstring
            number = text.count("\n", 0, found.start()) + 1
            offences.append(f"{path.relative_to(ROOT)}:{number}: {found.group()!r}")
    assert offences == []


def test_a_command_wrapped_over_lines_or_split_in_a_catalogue_is_found(tmp_path: Path) -> None:
    docstring = tmp_path / "wrapped.py"
    docstring.write_text('"""Then run pip\n    install rulespec[rl]."""\n', encoding="utf-8")
    catalogue = tmp_path / "wrapped.po"
    catalogue.write_text('msgstr ""\n"Lancez pip install "\n"rulespec."\n', encoding="utf-8")
    assert all(BARE.search(_joined(path)) for path in (docstring, catalogue))
