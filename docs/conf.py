"""Sphinx configuration of the rulespec site.

Build it with ``uv run sphinx-build -W -b html docs docs/_build/html``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import rulespec

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "rulespec"
author = "The rulespec developers"
copyright = "The rulespec developers"
release = rulespec.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "rulespec.sphinxext",
    "rulespec_pictures",  # docs/_ext: ``state-picture``, states drawn by render.svg()
    "rulespec_sessions",  # docs/_ext: ``protocol-session``, the engine protocol's examples
]

# The rules domain (rulespec.sphinxext): tests for "Checked by", one folder of
# pages per game made from the catalogues, the mutation scores (written by
# ``python -m rulespec.testing.mutation``, only read here) and the sphinx-needs export.
rules_tests_dir = "../tests"
rules_mutation_scores = "_data/mutation.json"
rules_game_pages = "games"
rules_needs_json = "needs.json"
rules_sources_page = "sources"  # where source notes that cite "the sources page" link

exclude_patterns = ["_build"]
templates_path: list[str] = []

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "furo"
html_title = f"rulespec {release}"
html_static_path: list[str] = []
