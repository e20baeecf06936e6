"""The rules site: every clause rendered the same by serial and parallel builds, with its
three languages, its code and its tests; the clause index; the citing role; the worked
examples drawn inside the clauses they illustrate.

A whole site build, so every test here is ``heavy`` (``ci`` and ``deep``); under ``dev``
the small projects of ``test_extension.py`` exercise the same extension."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import rulespec
from rulespec.rulebook.clauses import catalogues
from rulespec.rulebook.examples import examples_of
from rulespec.tools import trace
from tests.sphinxext.helpers import (
    TESTS,
    Build,
    blocks,
    build,
    by_clause,
    clause_blocks,
    field,
    page_blocks,
    project,
    text,
)

pytestmark = pytest.mark.heavy

CONF = f"""
extensions = ["rulespec.sphinxext"]
rules_tests_dir = {str(TESTS)!r}
rules_game_pages = "games"
rules_needs_json = "needs.json"
rules_sources_page = "sources"
"""

INDEX = """
Rules
=====

.. toctree::
   :glob:

   games/*/index
   traceability
   cite
   sources
"""

CITE = """
Citations
=========

Covering is :rule:`dc.move.cover`; the Captain is :rules:clause:`the Captain <dc.setup.captain>`.
"""


@pytest.fixture(scope="module")
def site_src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return project(
        tmp_path_factory.mktemp("site") / "src",
        CONF,
        {
            "index.rst": INDEX,
            "traceability.rst": "Traceability\n============\n\n.. rules:traceability::\n",
            "cite.rst": CITE,
            "sources.rst": "Sources\n=======\n\nWhere the card data comes from.\n",
        },
    )


@pytest.fixture(scope="module")
def serial(site_src: Path) -> Build:
    return build(site_src, site_src.parent / "serial")


@pytest.fixture(scope="module")
def parallel(site_src: Path, serial: Build) -> Build:
    return build(site_src, site_src.parent / "parallel", parallel=2)


@pytest.fixture(scope="module")
def pages(serial: Build) -> dict[str, dict[str, str]]:
    """The clause blocks of each page of the serial build, parsed once for the module."""
    return page_blocks(serial)


@pytest.fixture(scope="module")
def rendered(pages: dict[str, dict[str, str]]) -> dict[str, tuple[str, str]]:
    """Every clause of the serial build: id → (page, inner HTML)."""
    return by_clause(pages)


@pytest.fixture(scope="module")
def cited() -> dict[str, tuple[trace.TestRef, ...]]:
    """The tests citing each clause, read once for the module's tests."""
    return trace.test_citations(TESTS)


def test_the_serial_build_passes_under_w(serial: Build) -> None:
    assert (serial.status, serial.warnings) == (0, "")


def test_the_parallel_build_passes_under_w(parallel: Build) -> None:
    assert (parallel.status, parallel.warnings) == (0, "")


def test_parallel_build_renders_the_same_clauses_as_serial(
    serial: Build, parallel: Build, rendered: dict[str, tuple[str, str]]
) -> None:
    one, two = rendered, clause_blocks(parallel)
    every = {c.id for cat in catalogues() for c in cat.clauses}
    assert set(one) == every
    assert set(two) == every
    for cid in sorted(every):
        assert one[cid] == two[cid], cid
    pages_one = {p.relative_to(serial.outdir): p.read_bytes() for p in serial.pages()}
    pages_two = {p.relative_to(parallel.outdir): p.read_bytes() for p in parallel.pages()}
    assert sorted(pages_one) == sorted(pages_two)
    different = [str(p) for p in pages_one if pages_one[p] != pages_two[p]]
    assert different == []


def test_each_game_gets_its_pages_from_its_catalogue(
    serial: Build, pages: dict[str, dict[str, str]]
) -> None:
    for cat in catalogues():
        rules = pages[f"games/{cat.game}/rules.html"]
        assert list(rules) == [c.id for c in cat.clauses]  # reading order
        for page in ("index", "interpretations", "editions"):
            assert (serial.outdir / "games" / cat.game / f"{page}.html").is_file()
        assert (serial.outdir / f"rules-{cat.game}.html").is_file()


def _escaped(value: str) -> str:
    return html.escape(value, quote=False)


def test_every_duck_and_cover_clause_shows_its_languages_code_and_tests(
    rendered: dict[str, tuple[str, str]], cited: dict[str, tuple[trace.TestRef, ...]]
) -> None:
    cat = rulespec.catalogue("duck-and-cover")
    editions = dict(cat.sources)
    code = trace.implementations_of()
    for c in cat.clauses:
        page, inner = rendered[c.id]
        assert page == "games/duck-and-cover/rules.html"
        assert _escaped(c.title) in inner
        assert _escaped(c.statement) in inner
        for lang in ("fr", "es", "de"):
            local = c.text(lang)
            column = blocks(
                inner.replace(f'lang="{lang}"', f'lang="{lang}" id="column-{lang}"'),
                f"rules-lang-{lang}",
            )[f"column-{lang}"]
            assert _escaped(local.text) in column, (c.id, lang)
            assert _escaped(local.label) in column, (c.id, lang)
            if c.source == "rulebook":
                assert _escaped(f"following {editions[lang]}, at") in column, (c.id, lang)
            else:
                assert "no edition states this rule" in column, (c.id, lang)
                assert "Source: " in inner, c.id
        implemented = field(inner, "Implemented by")
        assert implemented is not None
        for ref in code.get(c.id, ()):
            path = ref.module.replace(".", "/") + ".py"
            link = f'href="../../_rules/source/{path}.html#L-{ref.line}"'
            assert re.search(
                re.escape(link) + r"[^>]*><code[^>]*><span class=\"pre\">" + re.escape(ref.name),
                implemented,
            ), (c.id, ref.name)
        if not code.get(c.id):
            assert "none" in text(implemented)
        checked = field(inner, "Checked by")
        assert checked is not None
        for t in cited.get(c.id, ()):
            link = f'href="../../_rules/source/{t.file}.html#L-{t.line}"'
            assert link in checked and _escaped(t.nodeid) in checked, (c.id, t.nodeid)
        if not cited.get(c.id):
            assert text(checked) == "no test yet"
        if c.status == "not-formalized":
            assert f"Not formalized: {c.reason}" in text(inner)
        if c.interpretation is not None:
            assert _escaped(c.interpretation.reading) in inner
        if c.editions is not None:
            assert _escaped(c.editions.reading) in inner


def test_source_pages_show_the_cited_lines(serial: Build) -> None:
    code = trace.implementations_of()
    cat = rulespec.catalogue("duck-and-cover")
    for c in cat.clauses:
        for ref in code.get(c.id, ()):
            page = serial.page(f"_rules/source/{ref.module.replace('.', '/')}.py.html")
            assert f'id="L-{ref.line}"' in page
            back = f'<li><a href="#L-{ref.line}">line {ref.line}</a>:'
            item = page[page.index(back) : page.index("</li>", page.index(back))]
            assert f"duck-and-cover/rules.html#{c.id}" in item


def test_the_clause_index_lists_a_game_in_reading_order(serial: Build) -> None:
    for cat in catalogues():
        index = serial.page(f"rules-{cat.game}.html")
        found = re.findall(r'href="games/[^"#]+/rules\.html#([^"]+)"', index)
        assert found == [c.id for c in cat.clauses]


def test_the_rule_role_links_to_the_rendered_clause(serial: Build) -> None:
    page = serial.page("cite.html")
    assert re.search(
        r'<a class="reference internal" href="games/duck-and-cover/rules\.html#dc\.move\.cover"'
        r' title="Cover"><code[^>]*><span class="pre">dc\.move\.cover</span>',
        page,
    )
    assert 'href="games/duck-and-cover/rules.html#dc.setup.captain"' in page
    assert "the Captain" in page


def test_traceability_matrix_has_a_row_per_clause(serial: Build) -> None:
    page = serial.page("traceability.html")
    for cat in catalogues():
        rows = re.findall(r'href="games/[^"#]+/rules\.html#([^"]+)"', page)
        assert [r for r in rows if rulespec.clause(r).game == cat.game] == [
            c.id for c in cat.clauses
        ]


def test_the_site_carries_the_tabs_and_the_export(serial: Build) -> None:
    rules = serial.page("games/duck-and-cover/rules.html")
    assert '<script src="../../_static/rules.js' in rules
    assert 'href="../../_static/rules.css' in rules
    css = (serial.outdir / "_static" / "rules.css").read_text(encoding="utf-8")
    assert "grid-template-columns: repeat(3, minmax(0, 1fr))" in css
    assert "@media (max-width: 699px)" in css
    assert (serial.outdir / "_static" / "rules.js").is_file()
    data = json.loads((serial.outdir / "needs.json").read_text(encoding="utf-8"))
    needs = data["versions"][data["current_version"]]["needs"]
    assert set(needs) == {c.id for cat in catalogues() for c in cat.clauses}


def test_translations_say_so_and_name_the_edition_they_follow(
    rendered: dict[str, tuple[str, str]],
) -> None:
    page, inner = rendered["duo.setup.deal"]
    assert page == "games/duo/rules.html"
    assert (
        "Our translation into German (there is no German edition), following "
        "Ravensburger&#x27;s French rulebook"
        in inner
        or "Our translation into German (there is no German edition), following "
        "Ravensburger's French rulebook"
        in inner
    )
    assert "Traducción del proyecto" not in inner


def test_a_reading_is_badged_and_linked_both_ways(
    serial: Build, rendered: dict[str, tuple[str, str]]
) -> None:
    for cat in catalogues():
        for c in cat:
            _page, inner = rendered[c.id]
            head = inner.split("</p>", 1)[0]
            anchor = f"interpretations.html#interpretation-{c.id}"
            if c.interpretation is None:
                assert "rules-badge-reading" not in head, c.id
                continue
            assert "rules-badge-reading" in head and anchor in head, c.id
            assert "the project&#x27;s reading" in head or "the project's reading" in head
    register = serial.page("games/duo/interpretations.html")
    entry = register.split('id="interpretation-duo.turn.stop"', 1)[1].split("</section>", 1)[0]
    assert 'href="rules.html#duo.turn.stop"' in entry
    editions = serial.page("games/duck-and-cover/editions.html")
    _page, quack = rendered["dc.move.quack"]
    assert "editions.html#editions-dc.move.quack" in quack
    entry = editions.split('id="editions-dc.move.quack"', 1)[1].split("</section>", 1)[0]
    assert 'href="rules.html#dc.move.quack"' in entry


def test_a_source_line_citing_the_sources_page_links_to_it(
    rendered: dict[str, tuple[str, str]],
) -> None:
    linked = 0
    for c in rulespec.clauses():
        _page, inner = rendered[c.id]
        cites = c.source_note is not None and "sources page" in c.source_note
        link = re.search(r'Open <a class="reference internal" href="(\.\./)*sources\.html"', inner)
        assert (link is not None) == cites, c.id
        linked += cites
    assert linked >= 5


def test_checked_by_lists_collapse_to_a_count_that_opens_on_the_tests(
    rendered: dict[str, tuple[str, str]], cited: dict[str, tuple[trace.TestRef, ...]]
) -> None:
    collapsed = 0
    for cid, (_page, inner) in rendered.items():
        checked = field(inner, "Checked by")
        assert checked is not None
        tests = cited.get(cid, ())
        details = re.fullmatch(
            r'\s*<details class="rules-tests"><summary>(\d+) tests</summary>\s*(.*)</details>\s*',
            checked,
            re.S,
        )
        if len(tests) < 2:
            assert details is None, cid
            continue
        collapsed += 1
        assert details is not None, (cid, checked[:200])
        assert int(details.group(1)) == len(tests)
        assert details.group(2).count("<li>") == len(tests)
    assert collapsed > 10


def test_the_traceability_matrix_collapses_its_tests_too(
    serial: Build, cited: dict[str, tuple[trace.TestRef, ...]]
) -> None:
    page = serial.page("traceability.html")
    counts = [
        int(n) for n in re.findall(r'<details class="rules-tests"><summary>(\d+) tests', page)
    ]
    wanted = [
        len(cited[c.id])
        for cat in catalogues()
        for c in cat.clauses
        if len(cited.get(c.id, ())) >= 2
    ]
    assert counts == wanted


def test_identifiers_never_break_inside_and_the_clause_index_spaces_ids_from_titles(
    serial: Build,
) -> None:
    css = (serial.outdir / "_static" / "rules.css").read_text(encoding="utf-8")
    assert "anywhere" not in css  # no identifier broken at any letter
    rule = re.search(r"\.rules-links code, \.rules-trace code[^{]*\{([^}]*)\}", css)
    assert rule is not None and "white-space: nowrap" in rule.group(1)
    assert ".domainindex-table code" in css[: rule.end()]
    scrolls = re.search(r"\.rules-tests > ul \{([^}]*)\}", css)
    assert scrolls is not None and "overflow-x: auto" in scrolls.group(1)
    cells = re.search(r"table\.domainindex-table td \{([^}]*)\}", css)
    assert cells is not None and re.search(r"padding: [^;]*1rem", cells.group(1))


def test_edition_pages_say_why_a_single_edition_has_no_differences(serial: Build) -> None:
    for cat in catalogues():
        page = text(serial.page(f"games/{cat.game}/editions.html"))
        differing = sum(c.editions is not None for c in cat.clauses)
        assert "0 clauses differ" not in page
        if len(cat.sources) == 1:
            ((_lang, edition),) = cat.sources
            said = f"cite a single edition, {edition}: with no other"
            assert said in page or said.replace("'", "\u2019") in page, cat.game
            assert "no clause can differ between editions" in page
            assert "The Spanish and German texts are our translations of it." in page
        else:
            assert f"{differing} clauses differ between the editions" in page


def test_a_games_index_page_says_what_each_of_its_pages_holds(serial: Build) -> None:
    from rulespec.sphinxext._data import section_title

    for cat in catalogues():
        page = serial.page(f"games/{cat.game}/index.html")
        start = page.index('<ul class="rules-game-pages')
        listing = page[start : page.index("</ul>", start)]
        items = re.sub(r"\s+([:.,)])", r"\1", text(listing))
        chosen = sum(c.interpretation is not None for c in cat.clauses)
        sections = [section_title(s, {}) for s in cat.sections]
        assert f"Rules: every clause in reading order, by section ({sections[0]}, " in items
        assert f"Interpretation register: the {chosen} questions" in items
        assert "Edition differences: " in items and "Clause index: " in items
        assert "Traceability matrix: " in items
        for href in ("rules.html#", "interpretations.html#", "editions.html#", "rules-"):
            assert f'href="{href}' in listing or f'href="../../{href}' in listing, href


def test_rules_pages_draw_each_example_inside_the_first_clause_it_cites(
    serial: Build, pages: dict[str, dict[str, str]]
) -> None:
    from rulespec.sphinxext.examples import figure

    assert (serial.status, serial.warnings) == (0, "")
    for cat in catalogues():
        game = cat.game
        page = serial.page(f"games/{game}/rules.html")
        inner_of = {}
        for inner in pages[f"games/{game}/rules.html"].values():
            cited = re.search(r'class="[^"]*rules-clause-id[^"]*"[^>]*>(?:<[^>]+>)*([^<]+)<', inner)
            assert cited is not None
            inner_of[cited.group(1)] = inner
        for example in examples_of(game):
            first, *others = example.clauses
            assert figure(game, example) in page
            assert f'<figure class="rules-example" id="example-{example.name}">' in inner_of[first]
            for cid in others:
                assert f'href="#example-{example.name}"' in inner_of[cid], (example.name, cid)
        assert page.count('class="rules-example"') == len(examples_of(game))
