"""Sphinx configuration of the rulespec site.

Build the four languages with ``uv run python docs/build.py`` (English in
``docs/_build/html``, French, Spanish and German in ``html/fr``, ``html/es`` and
``html/de``), or one of them with ``uv run sphinx-build -W -b html -D language=fr
docs docs/_build/html/fr``.
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
    "site_languages",  # docs/_ext: the language switch, translated picture captions
    "rulespec_facts",  # docs/_ext: ``fact``, a told turn's facts, checked in every language
    "rulespec_glossary",  # docs/_ext: ``edition-words``, each language's glossary as a table
]

# The players' pages in French, Spanish and German: message catalogues in
# locale/<lang>/LC_MESSAGES/<page or folder>.po, compiled by each build
# (gettext_auto_build). The rules domain translates its own words and the
# catalogue's notes from rulespec/locale. Pages without a catalogue (the
# developer guides, the API reference) stay in English.
language = "en"
locale_dirs = ["locale"]
gettext_compact = True

# The rules domain (rulespec.sphinxext): tests for "Checked by", one folder of
# pages per game made from the catalogues, the mutation scores (written by
# ``python -m rulespec.testing.mutation``, only read here) and the sphinx-needs export.
rules_tests_dir = "../tests"
rules_mutation_scores = "_data/mutation.json"
rules_reading_effects = "_data/readings.json"  # python -m rulespec.tools.reading_effects
rules_game_pages = "games"
rules_needs_json = "needs.json"
rules_sources_page = "sources"  # where source notes that cite "the sources page" link

exclude_patterns = ["_build"]
templates_path = ["_templates"]  # page.html: the language switch, the footer's credit

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "furo"
html_title = f"rulespec {release}"
html_static_path = ["_static"]
html_css_files = ["site.css"]
