"""A Sphinx extension that renders the rulespec clause catalogues.

Enable it with one line in ``conf.py``::

    extensions = ["rulespec.sphinxext"]

It adds the ``rules`` domain:

- ``.. rules:clause:: dc.move.cover``: one clause: its id and title, the
  English statement, the French, Spanish and German texts side by side
  (synchronised tabs on a narrow screen), each with its locator in its
  edition; the interpretation and edition notes; "Implemented by" with links
  to the source of each implementing function; "Checked by" with the tests
  that cite it.
- ``.. rules:catalogue:: duck-and-cover``: a game's clauses in reading order.
- ``.. rules:interpretations:: GAME``, ``.. rules:editions:: GAME``: the
  interpretation register and the edition differences.
- ``.. rules:traceability:: [GAME]``: every clause, its status, code and tests,
  gaps highlighted.
- ``.. rules:games::`` and ``.. rules:game:: GAME``: the games and their pages.
- ``.. rules:example:: dc-cover``: a worked example drawn before and after
  the move (see :mod:`rulespec.sphinxext.examples`); each game's rules page
  draws its examples inside the clauses they show.
- ``:rule:`dc.move.cover``` (also ``:rules:clause:``): cite a clause from any
  page; an unknown id is a warning, so an error under ``-W``.
- A clause index per game (the page ``rules-<game>``, e.g.
  ``:ref:`rules-duck-and-cover```).

Settings (all optional):

- ``rules_tests_dir``: the tests folder (relative to ``conf.py``) whose
  ``rulespec_clause`` markers (or ``clause``, as rulespec's own tests write it)
  fill "Checked by"; without it "Checked by" is left out.
- ``rules_source_url``: a URL such as
  ``"https://example.org/rulespec/blob/main/{path}#L{line}"`` for the source
  links; without it the HTML builder writes source pages of its own.
- ``rules_game_pages``: a folder in which to write each game's pages before
  reading (see :mod:`rulespec.sphinxext.pages`).
- ``rules_section_titles``: headings for catalogue section names.
- ``rules_mutation_scores``: a mutation results file (relative to
  ``conf.py``, written by ``python -m rulespec.testing.mutation``); the
  traceability matrix then shows each game's score and its survivors, read
  from the file (nothing runs during the build).
- ``rules_reading_effects``: a readings data file (relative to ``conf.py``,
  written by ``python -m rulespec.tools.reading_effects``); each interpretation
  register then shows, beside every reading an option plays, how often it changes
  the course and the outcome of paired games, read from the file. A reading the
  file leaves out is a warning.
- ``rules_needs_json``: a file name under the HTML output to write the
  sphinx-needs export to (see :mod:`rulespec.tools.export`).

A cited clause id (by ``@implements`` or a test's ``rulespec_clause`` marker) that no
catalogue has is a warning. Parallel builds (``-j``) give the same site.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.fileutil import copy_asset_file

from rulespec.rulebook.clauses import catalogues, clauses
from rulespec.sphinxext import directives, examples, observation, pages, source
from rulespec.sphinxext._data import fingerprint, trace_data
from rulespec.sphinxext.domain import ClauseRole, RulesDomain, clause_index, html_pages
from rulespec.sphinxext.nodes import add_nodes

__all__ = ["setup"]

logger = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"


def _resolve_paths(app: Sphinx, config: Any) -> None:
    folder = config.rules_tests_dir
    if folder:
        path = (Path(app.confdir) / folder).resolve()
        if not path.is_dir():
            logger.warning("rules_tests_dir: no folder at %s", path, type="rules", subtype="config")
        config.rules_tests_dir = str(path)
    scores = config.rules_mutation_scores
    if scores:
        config.rules_mutation_scores = str((Path(app.confdir) / scores).resolve())
    effects = config.rules_reading_effects
    if effects:
        config.rules_reading_effects = str((Path(app.confdir) / effects).resolve())


def _outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    domain = cast("RulesDomain", env.get_domain("rules"))
    new = fingerprint(app.config.rules_tests_dir)
    old = domain.data["fingerprint"]
    domain.data["fingerprint"] = new
    if old and old != new:
        return sorted(set(domain.users) - added - changed - removed)
    return []


def _check_citations(app: Sphinx, env: BuildEnvironment) -> None:
    known = {c.id for c in clauses()}
    for cid, who, file, line in trace_data(app.config.rules_tests_dir).unknown_citations(known):
        logger.warning(
            "%s cites clause %r, which no catalogue has",
            who,
            cid,
            location=f"{file}:{line}",
            type="rules",
            subtype="unknown-clause",
        )


def _finish(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or not html_pages(app.builder):
        return
    static = Path(app.outdir) / "_static"
    for name in ("rules.css", "rules.js"):
        copy_asset_file(STATIC / name, static)
    if app.config.rules_needs_json:
        from rulespec.tools.export import write_needs_json

        tests = app.config.rules_tests_dir
        write_needs_json(
            Path(app.outdir) / app.config.rules_needs_json,
            tests=Path(tests) if tests else None,
        )


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``rules`` domain, its settings, its pages and its static files."""
    optional_str = (str, type(None))
    app.add_config_value("rules_tests_dir", None, "env", optional_str)
    app.add_config_value("rules_source_url", None, "env", optional_str)
    app.add_config_value("rules_game_pages", None, "env", optional_str)
    app.add_config_value("rules_section_titles", {}, "env", (dict,))
    app.add_config_value("rules_sources_page", None, "env", optional_str)
    app.add_config_value("rules_mutation_scores", None, "env", optional_str)
    app.add_config_value("rules_reading_effects", None, "env", optional_str)
    app.add_config_value("rules_needs_json", None, "html", optional_str)
    add_nodes(app)
    RulesDomain.directives = {
        "clause": directives.ClauseDirective,
        "catalogue": directives.CatalogueDirective,
        "interpretations": directives.InterpretationsDirective,
        "editions": directives.EditionsDirective,
        "traceability": directives.TraceabilityDirective,
        "games": directives.GamesDirective,
        "game": directives.GameDirective,
        "example": examples.ExampleDirective,
        "observation": observation.ObservationDirective,
    }
    app.add_domain(RulesDomain)
    for cat in catalogues():
        app.add_index_to_domain("rules", clause_index(cat, app.config.language))
    app.add_role("rule", ClauseRole())
    app.add_css_file("rules.css")
    app.add_js_file("rules.js")
    app.connect("config-inited", _resolve_paths)
    app.connect("builder-inited", pages.generate)
    app.connect("env-get-outdated", _outdated)
    app.connect("env-get-outdated", examples.outdated)
    app.connect("doctree-read", examples.attach)
    app.connect("env-check-consistency", _check_citations)
    app.connect("html-collect-pages", source.collect_pages)
    app.connect("build-finished", _finish)
    return {
        "version": "1",
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
