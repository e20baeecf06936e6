"""The generator of the schema files: each game's schemas are written in Python next to
its codec's vocabulary (:mod:`.canardage`, :mod:`.duo`, :mod:`.duck_cover`), the record
and golden line from :mod:`.records`, the engine protocol's from :mod:`.protocol`.

``python -m rulespec.schemas --write`` writes the files; ``--check`` says which differ.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from rulespec.core.game import Game, game
from rulespec.schemas.source import canardage, duck_cover, duo, protocol, records
from rulespec.schemas.source.dsl import Schema, document

__all__ = ["FOLDER", "GAMES", "check", "dump", "generate", "write"]

GAMES: dict[str, ModuleType] = {
    "duck-and-cover": duck_cover,
    "duo": duo,
    "canardage": canardage,
}
"""Each game's schema module, by game id: its ``DEFS``, ``ROOTS`` (each file's root
definition and title), ``KEEP`` (the definitions a file holds besides those its root
needs) and ``SEARCHED`` (the options the conformance kit varies by default)."""

FOLDER = Path(__file__).resolve().parent.parent
"""Where the files lie: ``rulespec/schemas/<game id>/<name>.json``."""


def definitions(g: Game[Any, Any, Any, Any]) -> dict[str, Schema]:
    """All of a game's definitions, its record and golden line included."""
    own: Mapping[str, Schema] = GAMES[g.id].DEFS
    return {**own, **records.definitions(g)}


def generate() -> dict[str, Schema]:
    """Every schema, by name (``"duo/action"``, ``"protocol/request"``, ...)."""
    found: dict[str, Schema] = {}
    games = tuple(game(gid) for gid in GAMES)
    defs = {g.id: definitions(g) for g in games}
    for g in games:
        roots: dict[str, tuple[str, str]] = {
            **GAMES[g.id].ROOTS,
            "record": ("record", f"A {g.name} record"),
            "golden": ("golden", f"A line of the {g.name} golden file"),
        }
        keep: Mapping[str, tuple[str, ...]] = GAMES[g.id].KEEP
        for name, (root, title) in roots.items():
            body = defs[g.id][root]
            found[f"{g.id}/{name}"] = document(
                f"{g.id}/{name}",
                title,
                body.get("description", title + "."),
                body,
                defs[g.id],
                keep.get(name, ()),
            )
    found.update(protocol.documents(games, defs))
    return found


def dump(schema: Schema) -> str:
    """A schema as its file's text."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(folder: Path = FOLDER) -> list[Path]:
    """Write every schema file under ``folder``; the files written."""
    written = []
    for name, schema in generate().items():
        file = folder / f"{name}.json"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(dump(schema), encoding="utf-8")
        written.append(file)
    return written


def check(folder: Path = FOLDER) -> list[str]:
    """The names of the schema files under ``folder`` that differ from the generator's,
    are missing or are left over."""
    expected = {name: dump(schema) for name, schema in generate().items()}
    present = {
        str(f.relative_to(folder).with_suffix("")): f.read_text(encoding="utf-8")
        for f in folder.glob("*/*.json")
    }
    return sorted(n for n in expected.keys() | present.keys() if expected.get(n) != present.get(n))
