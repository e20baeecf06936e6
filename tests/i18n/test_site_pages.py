"""Each game's How to play page is translated paragraph by paragraph: an English
paragraph changed without its translations would leave it in English on the French,
Spanish and German sites, so every paragraph must have its three translations. And
each page explains every card kind that players play or draw, in an entry of its own
that names the card's clause."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulespec.canardage.cards import DECK_ORDER, DEFAULT_ACTION_DECK, Card
from rulespec.duck_cover.cards import DRAW_DECK, FAMILY, MAX, REPEAT
from rulespec.duo.cards import JOKERS, TURBO, TURBO_DECK, features
from rulespec.i18n import read_po
from rulespec.rulebook.clauses import LANGUAGES, catalogues

DOCS = Path(__file__).resolve().parents[2] / "docs"
CAPTION = re.compile(r"^\.\. container:: picture-caption$")
RUBRIC = re.compile(r"^\.\. rubric:: (.+)$")


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
        rubric = RUBRIC.match(first)
        if rubric is not None:
            found.append(rubric.group(1))
            in_directive = False
            continue
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
        ".. container:: picture-caption\n\n   The caption.\n\n- one\n  item\n- two\n\n"
        ".. rubric:: A card ×2\n\nIts entry.\n"
    )
    assert messages(rst) == [
        "Title",
        "A paragraph on two lines.",
        "The caption.",
        "one item",
        "two",
        "A card ×2",
        "Its entry.",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", [cat.game for cat in catalogues()])
def test_every_paragraph_of_how_to_play_is_translated(lang: str, game: str) -> None:
    page = (DOCS / "games" / game / "how-to-play.rst").read_text(encoding="utf-8")
    po = DOCS / "locale" / lang / "LC_MESSAGES" / "games.po"
    translated = {msgid for (_, msgid) in read_po(po.read_text(encoding="utf-8"), po.name)}
    missing = [m for m in messages(page) if m not in translated]
    assert missing == [], f"{game}: {len(missing)} paragraphs lack a {lang} translation"


def entries(game: str) -> dict[str, str]:
    """Each rubric of ``game``'s How to play page → its entry, up to the next rubric or
    section title."""
    page = (DOCS / "games" / game / "how-to-play.rst").read_text(encoding="utf-8")
    parts = re.split(r"^\.\. rubric:: (.+)$", page, flags=re.M)
    return {
        title: re.split(r"\n[^\n]+\n[-=~]{3,}\n", body)[0]
        for title, body in zip(parts[1::2], parts[2::2], strict=True)
    }


def test_every_canardage_action_card_has_its_entry_naming_its_clause() -> None:
    found = entries("canardage")
    expected = {
        f"{card.french} ({card.english}) ×{copies}": card
        for card, copies in zip(DECK_ORDER, DEFAULT_ACTION_DECK, strict=True)
    }
    assert sorted(found) == sorted(expected)
    for title, card in expected.items():
        entry = found[title]
        assert f":rule:`can.action.{card.value}`" in entry, title
        # Its after picture plays the card itself, so the engine checks what it shows.
        assert f'a.card.value == "{card.value}"' in entry and "can.apply(" in entry, title
    assert ":rule:`can.planque.space`" in found[next(t for t in found if "Planqué" in t)]
    assert len(expected) == len(Card)


def test_every_duck_and_cover_captain_card_kind_has_its_entry_naming_its_clause() -> None:
    found = entries("duck-and-cover")
    kinds = {
        MAX: ("Max", "dc.special.max"),
        REPEAT: ("Repeat", "dc.special.repeat"),
        **{n: (f"Captain cards {FAMILY[0]} to {FAMILY[-1]}", "dc.turn.draw") for n in FAMILY},
    }
    assert set(kinds) == set(DRAW_DECK)
    for card in DRAW_DECK:
        name, clause = kinds[card]
        title = f"{name} ×{DRAW_DECK.count(card)}"
        assert title in found, title
        assert f":rule:`{clause}`" in found[title] and "dc.apply(" in found[title], title
    assert len(found) == len(set(kinds.values()))


def test_every_duo_joker_kind_has_its_entry_naming_its_clause() -> None:
    found = entries("duo")
    kinds = {"Colour jokers": 0, "Number jokers": 1, "Shape jokers": 2}
    for name, feature in kinds.items():
        ofkind = [c for c in JOKERS if features(c)[feature] is not None]
        entry = found[f"{name} ×{len(ofkind)}"]
        assert ":rule:`duo.place.joker`" in entry and ":rule:`duo.place.on-joker`" in entry
        assert any('"joker-' in line and "hand = [" in line for line in entry.splitlines())
    assert sum(1 for c in JOKERS if sum(f is not None for f in features(c)) == 1) == 12
    turbo = found[f"Turbo-jokers ×{TURBO_DECK.count(TURBO)}"]
    assert ":rule:`duo.place.turbo`" in turbo and '"turbo"' in turbo
    assert len(found) == len(kinds) + 1
