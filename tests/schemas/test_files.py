"""The schema files: made by the generator, valid draft 2020-12 schemas, loadable from the
package without any dependency, each shown on the site."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from rulespec import schemas
from rulespec.schemas import source
from rulespec.schemas.__main__ import main
from rulespec.schemas.source.dsl import DIALECT
from rulespec.schemas.source.protocol import QUERIES
from rulespec.testing.adapter import OPTIONAL

ROOT = Path(__file__).resolve().parents[2]


def test_committed_files_are_what_the_generator_makes() -> None:
    assert source.check() == []
    assert schemas.names() == tuple(sorted(source.generate()))


def test_check_names_a_stale_a_missing_and_a_stray_file(tmp_path: Path) -> None:
    source.write(tmp_path)
    assert source.check(tmp_path) == []
    (tmp_path / "duo" / "action.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "duo" / "state.json").unlink()
    (tmp_path / "duo" / "extra.json").write_text("{}\n", encoding="utf-8")
    assert source.check(tmp_path) == ["duo/action", "duo/extra", "duo/state"]


def test_the_command_checks_the_committed_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name", schemas.names())
def test_each_file_is_a_draft_2020_12_schema_with_a_stable_id(name: str) -> None:
    schema = schemas.load(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == DIALECT
    assert schema["$id"] == f"urn:rulespec:schema:{name}"
    assert schema["title"] and schema["description"]
    text = (ROOT / "rulespec" / "schemas" / f"{name}.json").read_text(encoding="utf-8")
    # Every reference resolves inside the file.
    for target in re.findall(r'"\$ref": "#/\$defs/([^"]+)"', text):
        assert target in schema["$defs"]


def test_every_game_has_its_set() -> None:
    import rulespec

    for g in rulespec.games():
        for kind in ("options", "action", "chance", "state", "view", "record", "golden"):
            assert f"{g.id}/{kind}" in schemas.names()
    assert {"protocol/request", "protocol/answer", "protocol/hello"} <= set(schemas.names())


def test_an_unknown_name_is_refused_with_the_known_ones() -> None:
    with pytest.raises(KeyError, match=r"no schema 'duo/nothing'.*duo/action"):
        schemas.load("duo/nothing")
    with pytest.raises(KeyError):
        schemas.load("../pyproject")


def test_loading_imports_neither_the_generator_nor_a_validator() -> None:
    code = (
        "import sys, rulespec.schemas as s; s.load('duo/state'); "
        "print(sorted(m for m in sys.modules if m.startswith(('jsonschema', "
        "'rulespec.schemas.source', 'rulespec.testing', 'hypothesis'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_protocol_capabilities_are_the_adapter_queries() -> None:
    assert QUERIES == OPTIONAL


@pytest.mark.parametrize("name", schemas.names())
def test_each_file_is_shown_on_the_site(name: str) -> None:
    group = name.split("/")[0]
    page = (ROOT / "docs" / "schemas" / f"{group}.rst").read_text(encoding="utf-8")
    assert f".. literalinclude:: ../../rulespec/schemas/{name}.json\n" in page
