"""The catalogue as a sphinx-needs ``needs.json``: its shape, and an import by ``needimport``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulespec
from rulespec.rulebook.clauses import LANGUAGES, catalogues
from rulespec.tools import trace
from rulespec.tools.export import FIELDS, main, needs_fields, needs_json, write_needs_json
from tests.sphinxext.helpers import TESTS, build, project


def _needs(data: dict[str, object]) -> dict[str, dict[str, object]]:
    versions = data["versions"]
    assert isinstance(versions, dict)
    version = versions[data["current_version"]]
    return version["needs"]  # type: ignore[no-any-return]


def cat_kind(game: str, lang: str) -> str:
    """What the ``lang`` texts of ``game`` are: the wording of an edition, or a translation."""
    has_edition = any(lang == language for language, _ in rulespec.catalogue(game).sources)
    return "wording" if has_edition else "translation"


def test_duo_and_canardage_texts_in_spanish_and_german_are_translations() -> None:
    needs = _needs(needs_json(["duo", "canardage", "duck-and-cover"]))
    assert needs["duo.setup.deal"]["kind_fr"] == "wording"
    assert needs["duo.setup.deal"]["kind_de"] == "translation"
    assert needs["can.setup.players"]["kind_es"] == "translation"
    assert {needs["dc.move.cover"][f"kind_{lang}"] for lang in LANGUAGES} == {"wording"}
    assert not any("Traducción" in str(n["locator_es"]) for n in needs.values())


def test_each_clause_is_one_need_with_its_texts_and_links() -> None:
    data = needs_json(tests=TESTS)
    needs = _needs(data)
    every = [c for cat in catalogues() for c in cat.clauses]
    assert list(needs) == [c.id for c in every]
    code = trace.implementations_of()
    cited = trace.test_citations(TESTS)
    for c in every:
        need = needs[c.id]
        assert need["id"] == c.id and need["title"] == c.title and need["type"] == "req"
        assert need["status"] == c.status and need["content"] == c.statement
        assert need["tags"] == [c.game, c.section]
        for lang in LANGUAGES:
            assert need[f"text_{lang}"] == c.text(lang).text
            local = c.text(lang)
            assert need[f"locator_{lang}"] == (local.locator or "")
            assert need[f"kind_{lang}"] == cat_kind(c.game, lang)
            assert need[f"label_{lang}"] == local.label
            if c.source != "rulebook":
                assert "no edition states this rule" in str(need[f"label_{lang}"])
        assert need["note"] == (c.note or "")
        assert need["implemented_by"] == ", ".join(r.name for r in code.get(c.id, ()))
        assert need["checked_by"] == ", ".join(t.nodeid for t in cited.get(c.id, ()))
        assert set(need) - {"id", "title", "type", "status", "tags", "content"} == set(FIELDS)


def test_the_export_is_stable_and_chooses_games_and_type() -> None:
    assert needs_json() == needs_json()
    only = needs_json(["duck-and-cover"], need_type="spec", version="7")
    assert only["current_version"] == "7"
    needs = _needs(only)
    assert list(needs) == [c.id for c in rulespec.clauses("duck-and-cover")]
    assert {n["type"] for n in needs.values()} == {"spec"}
    assert {n["checked_by"] for n in needs.values()} == {""}  # no tests folder given


def test_the_command_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "needs.json"
    assert main(["--game", "duck-and-cover", "--tests", str(TESTS), "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == needs_json(
        ["duck-and-cover"], tests=TESTS
    )
    assert main(["--game", "no-such-game"]) == 2
    assert main(["--tests", str(tmp_path / "missing")]) == 2
    assert "no tests folder" in capsys.readouterr().err


@pytest.mark.heavy  # a Sphinx build with sphinx-needs; the export's shape is checked above
@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::PendingDeprecationWarning")
def test_sphinx_needs_imports_every_clause(tmp_path: Path) -> None:
    export = tmp_path / "src" / "rulespec-needs.json"
    export.parent.mkdir()
    write_needs_json(export, tests=TESTS)
    src = project(
        tmp_path / "src",
        (
            "from rulespec.tools.export import needs_fields\n"
            'extensions = ["sphinx_needs"]\n'
            "needs_fields = needs_fields()\n"
            "needs_build_json = True\n"
        ),
        {"index.rst": "Imported rules\n==============\n\n.. needimport:: rulespec-needs.json\n"},
    )
    result = build(src, tmp_path / "out")
    assert (result.status, result.warnings) == (0, "")
    built = json.loads((result.outdir / "needs.json").read_text(encoding="utf-8"))
    imported = _needs(built)
    every = {c.id: c for cat in catalogues() for c in cat.clauses}
    assert set(imported) == set(every)
    cover = imported["dc.move.cover"]
    assert cover["title"] == "Cover"
    assert cover["text_de"] == every["dc.move.cover"].text("de").text
    assert cover["is_import"] is True
    page = result.page("index.html")
    assert [cid for cid in every if f'id="{cid}"' not in page] == []


def test_needs_fields_declares_every_exported_field() -> None:
    assert sorted(needs_fields()) == sorted(FIELDS)
    assert all(value["description"] for value in needs_fields().values())
