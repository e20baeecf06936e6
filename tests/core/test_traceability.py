"""The traceability rules of the catalogue (DESIGN §4), enforced on the whole project."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import rulespec
from rulespec.rulebook.implements import implementations_by_clause
from rulespec.tools import trace
from tests.sphinxext.helpers import cited_tests

TESTS = Path(__file__).resolve().parents[1]


def test_every_clause_is_traceable() -> None:
    """Every implemented clause has code and a test; every cited id exists."""
    problems = trace.gaps(TESTS)
    assert not problems, "\n".join(str(p) for p in problems)


def test_invariants_guard_known_clauses() -> None:
    for g in rulespec.games():
        guards: list[rulespec.Invariant | rulespec.TransitionInvariant] = [
            *g.invariants,
            *g.transition_invariants,
        ]
        for inv in guards:
            for cid in inv.clauses:
                assert rulespec.clause(cid).status == "implemented", (inv.id, cid)


def test_every_clause_is_implemented_or_explained() -> None:
    for c in rulespec.clauses():
        assert c.status in ("implemented", "not-formalized", "retired")
        if c.status == "not-formalized":
            assert c.reason


def test_static_collection_reads_every_marker_form(tmp_path: Path) -> None:
    tests = cited_tests(
        tmp_path,
        "test_sample.py",
        "import pytest\n"
        "pytestmark = pytest.mark.clause('m.module')\n"
        "@pytest.mark.clause('m.a', 'm.b')\n"
        "def test_one(): ...\n"
        "def helper_not_a_test(): ...\n"
        "@pytest.mark.clause('m.class')\n"
        "class TestGroup:\n"
        "    pytestmark = [pytest.mark.clause('m.inner')]\n"
        "    def test_two(self): ...\n"
        "@pytest.mark.clause('m.ignored')\n"
        "def not_collected(): ...\n",
    )
    cited = trace.test_citations(tests)
    names = {cid: sorted(r.nodeid for r in refs) for cid, refs in cited.items()}
    assert names == {
        "m.module": ["tests/test_sample.py::TestGroup::test_two", "tests/test_sample.py::test_one"],
        "m.a": ["tests/test_sample.py::test_one"],
        "m.b": ["tests/test_sample.py::test_one"],
        "m.class": ["tests/test_sample.py::TestGroup::test_two"],
        "m.inner": ["tests/test_sample.py::TestGroup::test_two"],
    }
    assert cited["m.a"][0].line == 4


def test_a_changed_or_removed_test_file_is_read_again(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    first, second = tests / "test_a.py", tests / "test_b.py"
    marked = "import pytest\n@pytest.mark.clause({!r})\ndef test_x(): ...\n"
    first.write_text(marked.format("m.old"), encoding="utf-8")
    second.write_text(marked.format("m.kept"), encoding="utf-8")
    assert set(trace.test_citations(tests)) == {"m.old", "m.kept"}
    first.write_text("\n" + marked.format("m.new"), encoding="utf-8")
    cited = trace.test_citations(tests)
    assert set(cited) == {"m.new", "m.kept"}
    assert cited["m.new"][0].line == 4
    second.unlink()
    assert set(trace.test_citations(tests)) == {"m.new"}


def test_a_cited_unknown_id_is_a_gap(tmp_path: Path) -> None:
    tests = cited_tests(
        tmp_path,
        "test_bad.py",
        "import pytest\n@pytest.mark.clause('dc.no-such-rule')\ndef test_x(): ...\n",
    )
    problems = [str(p) for p in trace.gaps(tests)]
    assert any(p.startswith("dc.no-such-rule: cited by test") for p in problems)
    # With no test at all, every implemented clause lacks a test.
    assert any(p == "dc.move.cover: implemented, but no test cites it" for p in problems)


def test_code_references_point_at_the_implementing_function() -> None:
    refs = trace.implementations_of()["dc.move.stack"]
    assert [r.name for r in refs] == ["rulespec.duck_cover.grid.Grid.moved"]
    source = Path(refs[0].file).read_text(encoding="utf-8").splitlines()
    assert "def moved" in source[refs[0].line - 1] or "@implements" in source[refs[0].line - 1]


@pytest.mark.parametrize("game", ["duck-and-cover"])
def test_traces_follow_reading_order(game: str) -> None:
    rows = trace.traces(game, TESTS)
    assert [r.clause.id for r in rows] == [c.id for c in rulespec.clauses(game)]


def test_each_implementation_is_found_where_its_source_begins() -> None:
    functions = implementations_by_clause()
    found = trace.implementations_of()
    assert found.keys() == functions.keys() and found
    for cid, refs in found.items():
        for ref, function in zip(refs, functions[cid], strict=True):
            target = inspect.unwrap(function)
            assert (ref.file, ref.line) == (
                inspect.getsourcefile(target),
                inspect.getsourcelines(target)[1],
            ), ref
