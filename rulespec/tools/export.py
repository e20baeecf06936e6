"""The clause catalogue as a ``needs.json`` file, for sphinx-needs' ``needimport``.

Each clause becomes one need of type ``req``: its id, title and status, the
English statement as its content, the game and section as tags, and these
fields: the French, Spanish and German texts (each the project's wording,
with what it is and where the rule stands in the edition it follows), the
project's note, the implementing functions and the tests that cite it (read
from the code, as :mod:`rulespec.tools.trace` reads them).

>>> data = needs_json(["duck-and-cover"])
>>> version = data["versions"][data["current_version"]]
>>> need = version["needs"]["dc.move.cover"]
>>> need["type"], need["status"], need["game"]
('req', 'implemented', 'duck-and-cover')
>>> "rulespec.duck_cover" in need["implemented_by"]
True
>>> need["kind_fr"], need["locator_fr"]
('wording', 'Tour de jeu — Couvrir («Cover»)')

A project that imports the file declares the fields first, in its
``conf.py``: ``needs_fields = rulespec.tools.export.needs_fields()``. From a
terminal::

    python -m rulespec.tools.export --tests tests -o needs.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rulespec.core.version import __version__
from rulespec.rulebook.clauses import LANGUAGE_NAMES_EN, catalogue, catalogues
from rulespec.tools.trace import implementations_of, test_citations

__all__ = ["FIELDS", "main", "needs_fields", "needs_json", "write_needs_json"]

FIELDS: dict[str, str] = {
    "game": "The game the clause belongs to (its id).",
    "section": "The catalogue section of the clause, in reading order.",
    "source": "Where the rule comes from: rulebook, publisher-data or reading.",
    "note": "The project's note on how the engine applies the rule (may be empty).",
    **{
        f"{kind}_{lang}": what.format(name=name)
        for lang, name in LANGUAGE_NAMES_EN.items()
        for kind, what in (
            ("text", "The project's {name} text of the rule (never a quotation)."),
            (
                "kind",
                "wording: the {name} text follows the {name} edition; "
                "translation: there is no {name} edition and the text is a translation.",
            ),
            (
                "locator",
                "Where the rule stands in the edition the {name} text follows "
                "(empty when no edition states it).",
            ),
            ("label", "What the {name} text is and where the rule stands, in one line."),
        )
    },
    "implemented_by": "The functions implementing the clause, comma-separated.",
    "checked_by": "The tests citing the clause, comma-separated.",
}
"""The fields each exported need carries besides sphinx-needs' own."""


def needs_fields() -> dict[str, dict[str, Any]]:
    """The value of sphinx-needs' ``needs_fields`` option that declares :data:`FIELDS`.

    Each field is a string, empty by default.

    >>> needs_fields()["game"]["description"]
    'The game the clause belongs to (its id).'
    """
    return {
        name: {"description": text, "schema": {"type": "string"}, "default": ""}
        for name, text in FIELDS.items()
    }


def needs_json(
    games: Iterable[str] | None = None,
    *,
    tests: Path | None = None,
    need_type: str = "req",
    version: str | None = None,
) -> dict[str, Any]:
    """The catalogues of ``games`` (default: every game) in sphinx-needs' ``needs.json`` shape.

    ``tests`` is the tests folder whose ``clause`` markers fill ``checked_by``
    (left empty without it). ``version`` names the one version the file holds
    (default: rulespec's version). The result depends on nothing else, so two
    exports of the same sources are equal.
    """
    chosen = [catalogue(g) for g in games] if games is not None else list(catalogues())
    code = implementations_of()
    cited = test_citations(tests) if tests is not None else {}
    needs: dict[str, dict[str, Any]] = {}
    for cat in chosen:
        for c in cat.clauses:
            need: dict[str, Any] = {
                "id": c.id,
                "title": c.title,
                "type": need_type,
                "status": c.status,
                "tags": [cat.game, c.section],
                "content": c.statement,
                "game": cat.game,
                "section": c.section,
                "source": c.source,
            }
            for local in c.texts:
                lang = local.language
                need[f"text_{lang}"] = local.text
                need[f"kind_{lang}"] = local.kind
                need[f"locator_{lang}"] = local.locator or ""
                need[f"label_{lang}"] = local.label
            need["note"] = c.note or ""
            need["implemented_by"] = ", ".join(r.name for r in code.get(c.id, ()))
            need["checked_by"] = ", ".join(r.nodeid for r in cited.get(c.id, ()))
            needs[c.id] = need
    name = version or __version__
    return {
        "current_version": name,
        "project": "rulespec",
        "versions": {
            name: {
                "creator": {"program": "rulespec", "version": __version__},
                "needs": needs,
                "needs_amount": len(needs),
            }
        },
    }


def write_needs_json(path: Path, games: Iterable[str] | None = None, **options: Any) -> None:
    """Write :func:`needs_json` to ``path`` (UTF-8, indented, keys in a stable order)."""
    data = needs_json(games, **options)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rulespec.tools.export``: write the needs.json export."""
    parser = argparse.ArgumentParser(
        prog="python -m rulespec.tools.export",
        description="Export the clause catalogue as a sphinx-needs needs.json file.",
    )
    parser.add_argument("-o", "--output", type=Path, help="the file to write (default: stdout)")
    parser.add_argument("--tests", type=Path, help="the tests folder that fills checked_by")
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--type", default="req", help="the need type (default: req)")
    args = parser.parse_args(argv)
    if args.tests is not None and not args.tests.is_dir():
        print(f"error: no tests folder at {args.tests}", file=sys.stderr)
        return 2
    try:
        data = needs_json(args.game, tests=args.tests, need_type=args.type)
    except KeyError as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
