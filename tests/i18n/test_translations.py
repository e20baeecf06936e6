"""The translations of what the project writes in English only: the message catalogues
under ``rulespec/locale`` are read right, cover every text of every catalogue, and keep
the placeholders of the English they translate."""

from __future__ import annotations

import re
import string
from importlib import resources

import pytest

from rulespec.i18n import SECTION_TITLES, clause_texts, main, read_po, translation
from rulespec.rulebook.clauses import LANGUAGES, catalogues
from rulespec.rulebook.facts import plain

LOCALE = resources.files("rulespec") / "locale"


def test_a_po_file_is_read_with_contexts_continuations_and_escapes() -> None:
    text = (
        'msgid ""\nmsgstr "Language: fr\\n"\n\n'
        '#, fuzzy\nmsgid "Cover"\nmsgstr "Couvrir (à revoir)"\n\n'
        'msgctxt "dc.move.quack"\nmsgid "Quack"\nmsgstr ""\n"Dire « Coin »\\n"\n"!"\n\n'
        'msgid "Untranslated"\nmsgstr ""\n'
    )
    assert read_po(text) == {("dc.move.quack", "Quack"): "Dire « Coin »\n!"}


def test_a_broken_po_line_is_reported_with_its_place() -> None:
    with pytest.raises(ValueError, match=r"x.po, line 2: cannot read 'nonsense'"):
        read_po('msgid "a"\nnonsense\n', "x.po")


def test_a_text_without_translation_stays_in_english() -> None:
    fr = translation("fr")
    assert fr("Setup") == "Mise en place"
    assert fr("Starting grids", context="dc.setup.grid") == "Grilles de départ"
    assert fr("No such text anywhere") == "No such text anywhere"
    assert translation("en")("Setup") == "Setup"
    assert translation("xx")("Setup") == "Setup"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_english_only_text_of_every_catalogue_is_translated(lang: str) -> None:
    tr = translation(lang)
    missing = [
        (c.id, text[:60])
        for cat in catalogues()
        for c in cat.clauses
        for text in clause_texts(c)
        if not tr.has(text, context=c.id)
    ]
    assert missing == [], f"{len(missing)} texts lack a {lang} translation: {missing[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_section_title_and_edition_is_translated(lang: str) -> None:
    tr = translation(lang)
    for title in SECTION_TITLES.values():
        assert tr.has(title), title
    for cat in catalogues():
        for _lang, edition in cat.sources:
            assert tr.has(edition, context=cat.game), edition


CLAUSE_ID = re.compile(r"\b(?:dc|duo|can)\.[a-z-]+(?:\.[a-z-]+)+")
CODE = re.compile(r"`[^`]+`")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_keeps_the_clause_ids_and_code_of_its_english(lang: str) -> None:
    folder = LOCALE / lang / "LC_MESSAGES"
    for entry in folder.iterdir():
        if not entry.name.endswith(".po"):
            continue
        for (_context, english), translated in read_po(entry.read_text("utf-8")).items():
            assert set(CLAUSE_ID.findall(english)) <= set(CLAUSE_ID.findall(translated)), english
            # A marked fact shows the words of its language (tests/i18n/test_example_facts.py).
            code, kept = CODE.findall(plain(english)), CODE.findall(plain(translated))
            assert set(code) <= set(kept), english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_site_word_keeps_the_placeholders_of_its_english(lang: str) -> None:
    words = read_po((LOCALE / lang / "LC_MESSAGES" / "rulespec.po").read_text("utf-8"))
    for (_context, english), translated in words.items():
        # German may leave a placeholder out where its grammar names it otherwise.
        assert _fields(translated) <= _fields(english), (english, translated)
        if lang != "de":
            assert _fields(translated) == _fields(english), (english, translated)


def test_the_french_site_says_french_is_the_authority_of_duo_and_canardage() -> None:
    fr = translation("fr")
    text = fr(
        "The authoritative text of {game} is its only edition, {edition}, in "
        "{language}. Every other text on this site, the English statement included, "
        "is the project's translation of it."
    )
    assert text.startswith("Le texte qui fait foi pour {game}")
    assert "anglais" in text and "traduction" in text


def test_the_missing_texts_are_printed_as_po_entries_to_fill_in(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["fr"]) == 0
    assert capsys.readouterr().out == ""  # every text has its translation
    assert main(["xx"]) == 2
    assert "usage: python -m rulespec.i18n {fr,es,de}" in capsys.readouterr().err
