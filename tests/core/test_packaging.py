"""The public surface and the installed package.

The exported names are pinned, so an accidental export or removal fails.
The wheel is built and installed, with attrs alone, in a clean virtual
environment, where rulespec must import, play a game and load its clause
catalogue from inside the package.
"""

from __future__ import annotations

import json
import types
import zipfile
from pathlib import Path

import rulespec
import rulespec.duck_cover
import rulespec.schemas
from rulespec import Record
from tests.core.conftest import ROOT, VenvFactory, clean_env, run
from tests.processes import python

RULESPEC_ALL = [
    "CHANCE",
    "Catalogue",
    "CatalogueError",
    "Chance",
    "Clause",
    "Game",
    "IllegalAction",
    "Invariant",
    "PluginFailure",
    "PositionError",
    "ReadingError",
    "Record",
    "RecordError",
    "ReplayError",
    "TransitionInvariant",
    "Violation",
    "catalogue",
    "clause",
    "clauses",
    "game",
    "games",
    "implementations",
    "implements",
    "plugin_failures",
    "reading_options",
    "readings",
]

DUCK_COVER_PUBLIC = [
    "Action",
    "Cover",
    "DRAW_DECK",
    "Deal",
    "Duck",
    "DuckAndCover",
    "GAME",
    "Give",
    "Grid",
    "GridView",
    "MAX",
    "Options",
    "Phase",
    "Place",
    "PlayerAction",
    "Position",
    "Quack",
    "REPEAT",
    "Reshuffle",
    "SPLASHES",
    "StackView",
    "State",
    "View",
    "position",
]


def public_names(module: types.ModuleType) -> list[str]:
    """Module-level names without a leading underscore, submodules left out."""
    return sorted(
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    )


def test_rulespec_exports_exactly_its_public_api() -> None:
    assert sorted(rulespec.__all__) == rulespec.__all__ == RULESPEC_ALL
    assert public_names(rulespec) == RULESPEC_ALL
    for name in RULESPEC_ALL:
        assert getattr(rulespec, name) is not None


def test_duck_cover_exports_exactly_its_public_api() -> None:
    assert public_names(rulespec.duck_cover) == DUCK_COVER_PUBLIC
    if hasattr(rulespec.duck_cover, "__all__"):
        assert sorted(rulespec.duck_cover.__all__) == DUCK_COVER_PUBLIC
    for name in DUCK_COVER_PUBLIC:
        value = getattr(rulespec.duck_cover, name)
        # Re-exported from the module that defines it, not defined in __init__.
        home = getattr(value, "__module__", None)
        if isinstance(value, type):
            assert home is not None and home.startswith("rulespec.duck_cover.")


def test_importing_rulespec_needs_no_test_tools() -> None:
    code = "import sys, rulespec; print(sorted({'hypothesis', 'pytest'} & set(sys.modules)))"
    assert python(code, timeout=60).strip() == "[]"


def test_wheel_ships_the_catalogue_plugin_types_and_schemas(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert "rulespec/py.typed" in names
        assert "rulespec/pytest_plugin.py" in names
        for spec in sorted((ROOT / "spec").glob("*.toml")):
            packaged = archive.read(f"rulespec/_spec/{spec.name}")
            assert packaged == spec.read_bytes()
        schema_files = sorted((ROOT / "rulespec" / "schemas").glob("*/*.json"))
        assert len(schema_files) >= 21
        for file in schema_files:
            packaged = archive.read(file.relative_to(ROOT).as_posix())
            assert packaged == file.read_bytes()
        assert not any(n.startswith(("tests/", "spec/")) for n in names)
        info = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        entry_points = archive.read(info).decode()
        assert "[pytest11]" in entry_points
        assert "rulespec = rulespec.pytest_plugin" in entry_points
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA")))
    requires = [
        line.split(":", 1)[1].strip()
        for line in metadata.decode().splitlines()
        if line.startswith("Requires-Dist:")
    ]
    unconditional = [r for r in requires if "extra ==" not in r]
    assert [r.split(">")[0].split("=")[0].strip() for r in unconditional] == ["attrs"]
    assert any(r.startswith("hypothesis") and "extra == 'testing'" in r for r in requires)


_SCRIPT = """
import importlib.util, json, sys
from pathlib import Path
import rulespec
import rulespec.schemas
from rulespec.rulebook.clauses import load_catalogue

dc = rulespec.game("duck-and-cover")
record = rulespec.Record.play(dc, players=4, seed=2024)
final = record.replay()
package = Path(rulespec.__file__).resolve().parent
packaged = package / "_spec" / "duck-and-cover.toml"
print(json.dumps({
    "rulespec": str(package),
    "prefix": sys.prefix,
    "hypothesis": importlib.util.find_spec("hypothesis") is not None,
    "pytest": importlib.util.find_spec("pytest") is not None,
    "over": dc.is_over(final),
    "winners": list(dc.winners(final)),
    "record": record.to_json(),
    "clauses": len(rulespec.clauses("duck-and-cover")),
    "packaged": packaged.is_file(),
    "from_package": load_catalogue(packaged.read_text(encoding="utf-8"), packaged.name)
        == rulespec.catalogue("duck-and-cover"),
    "schemas": rulespec.schemas.names(),
    "schema_id": rulespec.schemas.load("canardage/state")["$id"],
}))
"""


def test_installed_wheel_plays_and_loads_its_catalogue(
    clean_venv: VenvFactory, tmp_path: Path
) -> None:
    python = clean_venv("attrs")
    script = tmp_path / "check.py"
    script.write_text(_SCRIPT, encoding="utf-8")
    out = json.loads(run([str(python), str(script)], cwd=tmp_path, env=clean_env()))
    prefix = Path(out["prefix"]).resolve()
    assert prefix == python.parent.parent.resolve()
    # The installed copy, not this checkout.
    assert Path(out["rulespec"]).is_relative_to(prefix)
    assert not Path(out["rulespec"]).is_relative_to(ROOT)
    assert out["hypothesis"] is False and out["pytest"] is False
    assert out["over"] is True and out["winners"]
    assert out["clauses"] > 20
    assert out["packaged"] is True and out["from_package"] is True
    assert out["schemas"] == list(rulespec.schemas.names())
    assert out["schema_id"] == "urn:rulespec:schema:canardage/state"
    # The same seed gives the same game here and there.
    assert out["record"] == Record.play(rulespec.game("duck-and-cover"), 4, seed=2024).to_json()
