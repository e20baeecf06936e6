"""The generator of the schema files: each game's schemas are written in Python next to
its codec's vocabulary, in the module its declaration names as ``schema``
(:mod:`rulespec.core.declaration`); the record and golden line from :mod:`.records`,
the engine protocol's from :mod:`.protocol`.

``python -m rulespec.schemas --write`` writes the files; ``--check`` says which differ.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from rulespec.core.declaration import load
from rulespec.core.game import Game, games
from rulespec.schemas.source import protocol, records
from rulespec.schemas.source.dsl import Schema, document

__all__ = ["FOLDER", "check", "dump", "generate", "modules", "write"]


@functools.cache
def modules() -> dict[str, ModuleType]:
    """Each game's schema module, by game id, for the games that declare one: its
    ``DEFS`` (the definitions ``options``, ``action``, ``chance``, ``state``, ``view``,
    those they refer to, and ``searched``) and ``SEARCHED`` (the options the
    conformance kit varies by default)."""
    return {g.id: load(g.declaration.schema) for g in games() if g.declaration.schema}


FOLDER = Path(__file__).resolve().parent.parent
"""Where the files lie: ``rulespec/schemas/<game id>/<name>.json``."""


def definitions(g: Game[Any, Any, Any, Any]) -> dict[str, Schema]:
    """All of a game's definitions, its record and golden line included."""
    own: Mapping[str, Schema] = modules()[g.id].DEFS
    return {**own, **records.definitions(g)}


def generate() -> dict[str, Schema]:
    """Every schema, by name (``"duo/action"``, ``"protocol/request"``, ...)."""
    found: dict[str, Schema] = {}
    chosen = tuple(g for g in games() if g.id in modules())
    defs = {g.id: definitions(g) for g in chosen}
    for g in chosen:
        roots = {
            "options": ("options", f"{g.name} options"),
            "action": ("action", f"A {g.name} player's action"),
            "chance": ("chance", f"A {g.name} chance outcome"),
            "state": ("state", f"A {g.name} state, hidden parts included"),
            "view": ("view", f"What a {g.name} player sees"),
            "record": ("record", f"A {g.name} record"),
            "golden": ("golden", f"A line of the {g.name} golden file"),
        }
        keep = {"options": ("searched",)}
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
    found.update(protocol.documents(chosen, defs))
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
