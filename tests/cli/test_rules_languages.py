"""``rulespec rules --lang``: the headings, titles and notes come in the language asked
for, not only the clause texts."""

from __future__ import annotations

import pytest

from tests.cli.helpers import call

HEADINGS = {
    # language: (first line, a section heading, a clause title, the origin line's start)
    "fr": (
        "Duck & Cover\u00a0: les règles (fr)",
        "MISE EN PLACE",
        "Grilles de départ",
        "Notre formulation en français",
    ),
    "es": (
        "Duck & Cover: las reglas (es)",
        "PREPARACIÓN",
        "Cuadrículas iniciales",
        "Nuestra redacción en español",
    ),
    "de": (
        "Duck & Cover: die Regeln (de)",
        "SPIELAUFBAU",
        "Startraster",
        "Unsere Fassung auf Deutsch",
    ),
}


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_rules_prints_its_headings_in_the_language_asked_for(lang: str) -> None:
    first, section, title, origin = HEADINGS[lang]
    done = call("rules", "duck-and-cover", "--lang", lang)
    assert done.status == 0
    lines = done.out.splitlines()
    assert lines[0] == first
    assert lines[1].startswith(origin)
    assert section in lines
    assert "SETUP" not in lines and "Starting grids" not in done.out
    assert any(line.startswith("dc.setup.grid  " + title + "  [") for line in lines)


def test_one_clause_shows_its_notes_and_labels_in_the_language_asked_for() -> None:
    done = call("rules", "duo", "duo.turn.stop", "--lang", "de")
    assert done.status == 0
    out = done.out
    assert out.startswith("duo.turn.stop  Den Zug beenden\n")
    assert "Anmerkung des Projekts" in out and "Auslegung" in out and "umgesetzt in" in out
    # The statement in English stays a step away, labelled in German.
    assert "en [unsere Formulierung]" in out
    assert "our note" not in out and "interpretation\n" not in out


def test_english_headings_are_unchanged() -> None:
    done = call("rules", "canardage", "--lang", "en")
    assert done.out.splitlines()[0] == "Canardage: the rules (en)"
    assert "\nSETUP\n" in done.out
