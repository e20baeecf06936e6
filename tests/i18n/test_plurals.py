"""Counts take the plural form each language's rule asks for: "1 clause", never
"1 clauses", in English, French, Spanish and German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulespec.i18n import SITE_LANGUAGES, read_po_forms, translation

LOCALE = Path(__file__).resolve().parents[2] / "rulespec" / "locale"
FORMS = read_po_forms((LOCALE / "fr" / "LC_MESSAGES" / "rulespec.po").read_text("utf-8"))
PLURAL_WORD = re.compile(r"\b1 (?:clauses|questions|cláusulas|preguntas|Klauseln|Fragen)\b")


def test_the_site_counts_clauses_and_questions_with_plural_forms() -> None:
    english = {singular for _, singular in FORMS}
    assert any("{count} clause (" in s for s in english)
    assert any(s.startswith("{count} question ") for s in english)
    assert len(FORMS) >= 8


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_one_of_a_thing_is_singular_and_more_are_plural(lang: str, count: int) -> None:
    tr = translation(lang)
    for _, singular in FORMS:
        plural = _plural_of(singular)
        shown = tr.plural(singular, plural, count).format(
            count=count, game="Duo", summary="…", implemented=count, editions="…"
        )
        assert not PLURAL_WORD.search(shown), shown
        if lang == "en":
            expected = singular if count == 1 else plural
            assert shown == expected.format(
                count=count, game="Duo", summary="…", implemented=count, editions="…"
            )


def _plural_of(singular: str) -> str:
    """The English plural that the French file pairs with ``singular``."""
    text = (LOCALE / "fr" / "LC_MESSAGES" / "rulespec.po").read_text("utf-8")
    quoted = singular.replace('"', '\\"')
    found = re.search(rf'msgid "{re.escape(quoted)}"\nmsgid_plural "(.*)"\n', text)
    assert found, singular
    return found.group(1)


def test_french_counts_zero_as_singular_and_german_as_plural() -> None:
    singular, plural = "{count} implemented", "{count} implemented"
    fr, de, es = translation("fr"), translation("de"), translation("es")
    assert fr.plural(singular, plural, 0) == "{count} implémentée"
    assert fr.plural(singular, plural, 2) == "{count} implémentées"
    assert es.plural(singular, plural, 0) == "{count} implementadas"
    assert es.plural(singular, plural, 1) == "{count} implementada"
    assert (
        de.plural(
            "The rules of {game} as {count} clause ({summary}).",
            "The rules of {game} as {count} clauses ({summary}).",
            0,
        )
        == "Die Regeln von {game} in {count} Klauseln ({summary})."
    )
    assert translation("en").plural("{count} clause", "{count} clauses", 1) == "{count} clause"


@pytest.mark.parametrize("lang", ["fr", "es", "de"])
def test_every_language_translates_every_plural_message(lang: str) -> None:
    forms = read_po_forms((LOCALE / lang / "LC_MESSAGES" / "rulespec.po").read_text("utf-8"))
    assert set(forms) == set(FORMS)
    assert all(len(found) == 2 for found in forms.values())
