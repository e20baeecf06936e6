"""The worked examples and the pictures in the reader's language: every word a figure
asks to translate (labels, the move told in words, the caption, the words drawn in the
pictures) has its French, Spanish and German translation, and a translated figure
reads in its language."""

from __future__ import annotations

import re

import attrs
import pytest

import rulespec
from rulespec.i18n import Key, Translation, translation
from rulespec.sphinxext.examples import _render, all_examples, figure, find

LANGUAGES = ("fr", "es", "de")
STARTS = {"duck-and-cover": 2, "duo": 3, "canardage": 3}


@attrs.frozen
class Asking(Translation):
    """A translation that notes every text it is asked for."""

    asked: set[Key] = attrs.field(factory=set, eq=False, repr=False)

    def __call__(self, text: str, context: str | None = None) -> str:
        self.asked.add((context, text))
        return super().__call__(text, context)


def asking(lang: str) -> Asking:
    return Asking(lang, translation(lang).messages)


def untranslated(tr: Asking) -> list[Key]:
    return sorted(
        (context, text)
        for context, text in tr.asked
        if not (tr.has(text, context) or (context is not None and tr.has(text)))
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_every_worked_example_is_translated(lang: str) -> None:
    tr = asking(lang)
    for game, example in all_examples():
        figure(game, example, tr)
    assert len(tr.asked) > 100  # the figures really ask
    missing = untranslated(tr)
    assert missing == [], f"{len(missing)} texts lack a {lang} translation: {missing[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(STARTS))
def test_every_word_of_a_table_drawn_in_play_is_translated(lang: str, game: str) -> None:
    g = rulespec.game(game)
    render = _render(game)
    tr = asking(lang)
    state = g.start(STARTS[game], seed=3)
    for table in (g.new_game(STARTS[game]), state, g.view(state, 0)):
        render.svg(table, tr=tr)
    for action in g.legal_actions(state, g.to_move(state)[0])[:12]:
        render.narrate(state, action, tr)
    missing = untranslated(tr)
    assert missing == [], f"{len(missing)} texts lack a {lang} translation: {missing[:5]}"


def words(html: str) -> str:
    """The text a reader reads, pictures included."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            ("Before", "After", "Player 0 covers the 7 with the 6.", "Player 1", "round 1 of 3"),
        ),
        (
            "fr",
            ("Avant", "Après", "Le joueur 0 couvre le 7 avec le 6.", "Joueur 1", "manche 1 sur 3"),
        ),
        (
            "es",
            ("Antes", "Después", "El jugador 0 cubre el 7 con el 6.", "Jugador 1", "ronda 1 de 3"),
        ),
        (
            "de",
            (
                "Vorher",
                "Nachher",
                "Spieler 0 verdeckt die 7 mit der 6.",
                "Spieler 1",
                "Runde 1 von 3",
            ),
        ),
    ],
)
def test_a_figure_reads_in_its_language(lang: str, expected: tuple[str, ...]) -> None:
    game, example = find("dc-cover")
    text = words(figure(game, example, translation(lang)))
    for wanted in expected:
        assert wanted in text, wanted
    if lang != "en":
        for english in ("Before", "The move:", "Player 0", "round 1 of 3", "Card 6 is called"):
            assert english not in text, english


def test_the_edition_names_its_cards_in_the_pictures() -> None:
    game, example = find("dc-repeat")
    names = {"en": "Repeat", "fr": "Bis", "es": "Repite", "de": "Wiederholen"}
    for lang, name in names.items():
        assert f">{name}</text>" in figure(game, example, translation(lang)), lang


def test_a_language_file_never_gives_one_text_two_translations() -> None:
    from importlib import resources

    from rulespec.i18n import read_po

    for lang in LANGUAGES:
        folder = resources.files("rulespec") / "locale" / lang / "LC_MESSAGES"
        seen: dict[Key, tuple[str, str]] = {}
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if not entry.name.endswith(".po"):
                continue
            for key, found in read_po(entry.read_text("utf-8"), entry.name).items():
                if key in seen:
                    assert seen[key][1] == found, (lang, key, seen[key][0], entry.name)
                seen[key] = (entry.name, found)
