"""Each game's How to play page is translated paragraph by paragraph: an English
paragraph changed without its translations would leave it in English on the French,
Spanish and German sites, so every paragraph must have its three translations."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulespec.i18n import read_po
from rulespec.rulebook.clauses import LANGUAGES, catalogues

DOCS = Path(__file__).resolve().parents[2] / "docs"
CAPTION = re.compile(r"^\.\. container:: picture-caption$")


def messages(rst: str) -> list[str]:
    """The messages Sphinx extracts from a How to play page: titles, paragraphs, list
    items and picture captions (directives and their code left out)."""
    found: list[str] = []
    blocks = re.split(r"\n\s*\n", rst)
    in_directive = False
    for block in blocks:
        lines = block.splitlines()
        if not lines:
            continue
        first = lines[0]
        if first.startswith(".. "):
            in_directive = not CAPTION.match(first)
            continue
        if first.startswith("   "):
            if in_directive:
                continue
            found.append(" ".join(block.split()))
            continue
        in_directive = False
        if len(lines) >= 2 and set(lines[1]) <= set("=-~") and len(lines[1]) >= len(first):
            found.append(first)
            continue
        if first.startswith("- "):
            items = re.split(r"\n- ", "\n" + block)[1:]
            found += [" ".join(item.split()) for item in items]
            continue
        found.append(" ".join(block.split()))
    return found


def test_the_extractor_finds_titles_paragraphs_items_and_captions() -> None:
    rst = (
        "Title\n=====\n\nA paragraph\non two lines.\n\n.. state-picture::\n\n   code()\n\n"
        ".. container:: picture-caption\n\n   The caption.\n\n- one\n  item\n- two\n"
    )
    assert messages(rst) == [
        "Title",
        "A paragraph on two lines.",
        "The caption.",
        "one item",
        "two",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", [cat.game for cat in catalogues()])
def test_every_paragraph_of_how_to_play_is_translated(lang: str, game: str) -> None:
    page = (DOCS / "games" / game / "how-to-play.rst").read_text(encoding="utf-8")
    po = DOCS / "locale" / lang / "LC_MESSAGES" / "games.po"
    translated = {msgid for (_, msgid) in read_po(po.read_text(encoding="utf-8"), po.name)}
    missing = [m for m in messages(page) if m not in translated]
    assert missing == [], f"{game}: {len(missing)} paragraphs lack a {lang} translation"
