"""The rules domain in small projects: one-line setup, warnings that fail ``-W``, gaps,
incremental rebuilds, and the generated game pages."""

from __future__ import annotations

import re
from pathlib import Path

import rulespec
from rulespec.rulebook.clauses import catalogues
from rulespec.tools import trace
from tests.sphinxext.helpers import (
    ONE_LINE,
    blocks,
    build,
    built,
    cited_tests,
    clause_blocks,
    field,
    project,
    text,
)


def test_one_line_of_conf_renders_a_clause_without_checked_by(tmp_path: Path) -> None:
    result = built(
        tmp_path,
        {"index.rst": "Cover\n=====\n\n.. rules:clause:: dc.move.cover\n"},
    )
    assert (result.status, result.warnings) == (0, "")
    inner = blocks(result.page("index.html"))["dc.move.cover"]
    cover = rulespec.clause("dc.move.cover")
    assert cover.text("de").text in inner
    assert field(inner, "Checked by") is None  # no tests folder configured
    implemented = field(inner, "Implemented by")
    assert implemented is not None
    names = [r.name for r in trace.implementations_of()["dc.move.cover"]]
    assert names and all(name in text(implemented) for name in names)


def test_unknown_ids_and_duplicates_fail_under_w(tmp_path: Path) -> None:
    src = project(
        tmp_path / "src",
        ONE_LINE,
        {
            "index.rst": (
                "Bad\n===\n\nSee :rule:`dc.no-such-rule` and :rules:clause:`dc.move.cover`.\n\n"
                ".. rules:clause:: dc.also-unknown\n\n"
                ".. rules:clause:: dc.move.duck\n\n"
                ".. rules:clause:: dc.move.duck\n"
            )
        },
    )
    result = build(src, tmp_path / "out")
    assert result.status != 0
    assert "unknown clause id 'dc.no-such-rule'" in result.warnings
    assert "unknown clause id 'dc.also-unknown'" in result.warnings
    assert "clause dc.move.duck is rendered twice" in result.warnings
    assert "dc.move.cover" not in result.warnings  # a known id not rendered here is fine

    lenient = build(src, tmp_path / "lenient", strict=False)
    assert lenient.status == 0
    assert list(blocks(lenient.page("index.html"))) == ["dc.move.duck"]


def test_a_cited_id_missing_from_the_catalogue_fails_the_build(tmp_path: Path) -> None:
    tests = cited_tests(
        tmp_path,
        "test_x.py",
        "import pytest\n\n@pytest.mark.clause('dc.move.cover', 'dc.not-in-any-catalogue')\n"
        "def test_x(): ...\n",
    )
    result = built(
        tmp_path,
        {"index.rst": "Cover\n=====\n\n.. rules:clause:: dc.move.cover\n"},
        f"rules_tests_dir = {str(tests)!r}\n",
    )
    assert result.status != 0
    assert (
        "test tests/test_x.py::test_x cites clause 'dc.not-in-any-catalogue', "
        "which no catalogue has"
    ) in result.warnings
    assert f"{tests / 'test_x.py'}:4" in result.warnings


def test_traceability_highlights_exactly_the_gaps(tmp_path: Path) -> None:
    tests = cited_tests(
        tmp_path,
        "test_one.py",
        "import pytest\n\n@pytest.mark.clause('dc.move.cover')\ndef test_cover(): ...\n",
    )
    result = built(
        tmp_path,
        {"index.rst": "Matrix\n======\n\n.. rules:traceability:: duck-and-cover\n"},
        f"rules_tests_dir = {str(tests)!r}\n",
    )
    assert (result.status, result.warnings) == (0, "")
    page = result.page("index.html")
    rows = re.findall(r'<tr class="([^"]*)">\s*<td>(.*?)</td>', page, re.S)
    by_id = {text(first).split()[0]: classes for classes, first in rows}
    code = trace.implementations_of()
    for c in rulespec.clauses("duck-and-cover"):
        # Only dc.move.cover has a test here: every other implemented clause lacks one.
        gap = c.status == "implemented" and (c.id != "dc.move.cover" or not code.get(c.id))
        assert ("rules-gap" in by_id[c.id].split()) == gap, c.id
    assert "dc.setup.captain" in by_id  # not formalized: listed, and no gap


def test_removing_a_clause_from_a_page_updates_the_links(tmp_path: Path) -> None:
    src = project(
        tmp_path / "src",
        ONE_LINE,
        {
            "index.rst": "Home\n====\n\n.. toctree::\n\n   a\n   b\n",
            "a.rst": "A\n=\n\n.. rules:clause:: dc.move.cover\n",
            "b.rst": "B\n=\n\nSee :rule:`dc.move.cover`.\n",
        },
    )
    out = tmp_path / "out"
    first = build(src, out)
    assert first.status == 0
    assert 'href="a.html#dc.move.cover"' in first.page("b.html")
    (src / "a.rst").write_text("A\n=\n\nNo clause any more.\n", encoding="utf-8")
    (src / "b.rst").write_text("B\n=\n\nSee :rule:`dc.move.cover` again.\n", encoding="utf-8")
    second = build(src, out, fresh=False)  # incremental: the domain forgets a.rst's clause
    assert second.status == 0
    assert clause_blocks(second) == {}
    page = second.page("b.html")
    assert "again" in page
    assert "a.html#dc.move.cover" not in page
    assert '<span class="pre">dc.move.cover</span>' in page


def test_game_pages_are_one_directive_each_and_written_once(tmp_path: Path) -> None:
    from rulespec.sphinxext.pages import game_pages, write_game_pages

    cat = rulespec.catalogue("duck-and-cover")
    pages = game_pages(cat)
    assert sorted(pages) == ["editions.rst", "index.rst", "interpretations.rst", "rules.rst"]
    body = [line for line in pages["rules.rst"].splitlines() if line.startswith(".. rules:")]
    assert body == [".. rules:catalogue:: duck-and-cover"]
    assert "Duck & Cover: the rules\n=======================\n" in pages["rules.rst"]
    api = game_pages(cat, api=True)["api.rst"]
    assert ".. automodule:: rulespec.duck_cover\n" in api
    assert ".. automodule:: rulespec.duck_cover.rules\n" in api
    written = write_game_pages(tmp_path)
    assert {p.relative_to(tmp_path).parts[0] for p in written} == {c.game for c in catalogues()}
    assert write_game_pages(tmp_path) == []  # unchanged pages are not rewritten


def test_a_missing_tests_folder_is_a_warning(tmp_path: Path) -> None:
    src = project(
        tmp_path / "src",
        ONE_LINE + 'rules_tests_dir = "no-such-folder"\n',
        {"index.rst": "Cover\n=====\n\n.. rules:clause:: dc.move.cover\n"},
    )
    result = build(src, tmp_path / "out")
    assert result.status != 0
    assert f"rules_tests_dir: no folder at {src / 'no-such-folder'}" in result.warnings


def _mutation_entry(killed: int, survivors: list[dict[str, object]]) -> dict[str, object]:
    equivalent = sum(s["status"] == "equivalent" for s in survivors)
    return {
        "seed": 3,
        "total": 40,
        "killed": killed,
        "timeouts": 1,
        "equivalent": equivalent,
        "score": round(100 * killed / 40, 1),
        "score_without_equivalents": round(100 * killed / (40 - equivalent), 1),
        "before_added_tests": {"score": 80.0},
        "survivors": survivors,
    }


def test_the_traceability_matrix_shows_each_game_s_mutation_score(tmp_path: Path) -> None:
    from rulespec.testing.mutation.report import merge_results

    results = tmp_path / "mutation.json"
    survivor = {
        "path": "rulespec/duo/rules.py",
        "line": 7,
        "column": 3,
        "kind": "comparison",
        "before": "if a < b:",
        "after": "if a <= b:",
        "status": "equivalent",
        "why": "a never equals b here",
    }
    merge_results(results, "duo", _mutation_entry(39, [survivor]))
    src = project(
        tmp_path / "src",
        ONE_LINE + "rules_mutation_scores = '../mutation.json'\n",
        {
            "index.rst": "Matrix\n======\n\n.. rules:traceability:: duo\n\n"
            ".. rules:traceability:: canardage\n"
        },
    )
    result = build(src, tmp_path / "out")
    assert (result.status, result.warnings) == (0, "")
    page = text(result.page("index.html"))
    duo, canardage = page.split("Canardage", 1)
    assert (
        "Mutation test: 39 of 40 sampled mutants of the rule modules killed "
        "(97.5 %; 100.0 % without the 1 equivalent), 1 of them by timeout; seed 3; "
        "80.0 % before the tests added for its survivors."
    ) in duo
    assert "rulespec/duo/rules.py:7:3 (comparison) if a < b: → if a <= b: : equivalent" in duo
    assert "a never equals b here" in duo
    assert "Mutation test" not in canardage

    # The file is read at build time, never computed: a changed file changes the page.
    merge_results(results, "duo", _mutation_entry(40, []))
    again = build(src, tmp_path / "out", fresh=False)
    assert "Mutation test: 40 of 40 sampled" in text(again.page("index.html"))

    results.write_text("{}", encoding="utf-8")
    broken = build(src, tmp_path / "out", fresh=True)
    assert broken.status != 0
    assert "rules_mutation_scores" in broken.warnings
    assert "not a rulespec-mutation" in broken.warnings


def test_the_register_says_of_each_alternative_whether_it_changes_play(tmp_path: Path) -> None:
    result = built(
        tmp_path,
        {
            "index.rst": "Readings\n========\n\n.. rules:interpretations:: canardage\n\n"
            ".. rules:clause:: can.planque.space\n"
        },
    )
    assert (result.status, result.warnings) == (0, "")
    page = " ".join(text(result.page("index.html")).split())
    assert "changes play; declared as can.cover.forward=cover-first" in page
    assert 'options {"pair_order": "cover-first"}' in page
    assert "changes play; no option plays it yet (reading 2)" in page
    assert "changes no play (reading 1)" in page
    clause = " ".join(text(blocks(result.page("index.html"))["can.planque.space"]).split())
    assert "declared as can.planque.space=no-shot" in clause
