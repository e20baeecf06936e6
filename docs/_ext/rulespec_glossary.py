"""``.. edition-words:: fr``: a language's glossary as a table, from ``spec/glossary/fr.toml``.

Each row gives the game, the English word of the pages, the word in that
language, where it comes from and our note (:mod:`rulespec.rulebook.glossary`).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulespec.rulebook.glossary import glossary

__all__ = ["EditionWords", "setup"]

_GAME_NAMES = {
    "all": "all",
    "duck-and-cover": "Duck & Cover",
    "duo": "Duo",
    "canardage": "Canardage",
}


def _row(cells: list[str]) -> nodes.row:
    row = nodes.row()
    for text in cells:
        row += nodes.entry("", nodes.paragraph(text=text))
    return row


class EditionWords(SphinxDirective):
    """The glossary of the language given as argument."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        language = self.arguments[0]
        try:
            terms = glossary(language)
        except ValueError as exc:
            raise self.error(f"edition-words: {exc}") from exc
        heads = ["game", "English", language, "source", "note"]
        group = nodes.tgroup(cols=len(heads))
        for width in (10, 14, 18, 30, 28):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += _row(heads)
        body = nodes.tbody()
        for t in terms:
            avoid = f" Not: {', '.join(t.avoid)}." if t.avoid else ""
            body += _row([_GAME_NAMES[t.game], t.en, t.term, t.source, (t.note + avoid).strip()])
        group += head
        group += body
        table = nodes.table(classes=["edition-words"])
        table += group
        return [table]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``edition-words``."""
    app.add_directive("edition-words", EditionWords)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
