"""The site as ``docs/build.py`` builds it, in its four languages: each game's How to
play under its translated title, pages really in their language, a language switch on
every page whose links all lead somewhere.

These tests read a finished build: ``.ci/run`` builds the site, then runs them with
``RULESPEC_BUILT_SITE`` set to its folder (``docs/_build/html``). Without it they are
skipped, since a build of the four languages takes minutes."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

GAMES = ("duck-and-cover", "duo", "canardage")
TITLES = {"en": "How to play", "fr": "Comment jouer", "es": "Cómo jugar", "de": "Spielanleitung"}
# Words that only a page in that language has: a section of the rules, the fold of the
# other languages, a label of the clause notes.
KNOWN = {
    "en": ("Setup", "In French, Spanish, German", "Our reading:"),
    "fr": ("Mise en place", "Autres langues : anglais, espagnol, allemand", "Notre lecture :"),
    "es": ("Preparación", "Otros idiomas: inglés, francés, alemán", "Nuestra lectura:"),
    "de": ("Spielaufbau", "Weitere Sprachen: Englisch, Französisch, Spanisch", "Unsere Lesart:"),
}
ENGLISH_ONLY = ("In French, Spanish, German", "Our reading:", "The project's note:")


@pytest.fixture(scope="module")
def site() -> Path:
    folder = os.environ.get("RULESPEC_BUILT_SITE")
    if not folder:
        pytest.skip("RULESPEC_BUILT_SITE is not set: no built site to read")
    root = Path(folder)
    assert (root / "index.html").is_file(), f"no built site at {root}"
    return root


def root_of(site: Path, lang: str) -> Path:
    return site if lang == "en" else site / lang


class _Page(HTMLParser):
    """The page's language, its first heading and its language links."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.h1: list[str] = []
        self.links: dict[str, str] = {}
        self._in_h1 = False
        self._in_nav = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self.lang = values.get("lang")
        elif tag == "h1" and not self.h1:
            self._in_h1 = True
        elif tag == "nav" and "site-languages" in (values.get("class") or ""):
            self._in_nav = True
        elif tag == "a" and self._in_nav:
            self.links[values.get("hreflang") or ""] = values.get("href") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "h1":
            self._in_h1 = False
        elif tag == "nav":
            self._in_nav = False

    def handle_data(self, data: str) -> None:
        if self._in_h1:
            self.h1.append(data)


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def text(path: Path) -> str:
    html = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", path.read_text("utf-8"), flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#8217;", "’").split())


@pytest.mark.parametrize("lang", sorted(TITLES))
@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_how_to_play_under_its_translated_title(
    site: Path, lang: str, game: str
) -> None:
    path = root_of(site, lang) / "games" / game / "how-to-play.html"
    page = parse(path)
    assert page.lang == lang
    assert "".join(page.h1).strip().rstrip("¶") == TITLES[lang]  # ¶: the heading's link
    # The game's own page sends a new player there first.
    index = (root_of(site, lang) / "games" / game / "index.html").read_text("utf-8")
    assert 'href="how-to-play.html"' in index


@pytest.mark.parametrize("lang", sorted(KNOWN))
def test_a_rules_page_is_in_its_language(site: Path, lang: str) -> None:
    words = text(root_of(site, lang) / "games" / "duck-and-cover" / "rules.html")
    for known in KNOWN[lang]:
        assert known in words, known
    if lang != "en":
        for english in ENGLISH_ONLY:
            assert english not in words, english


@pytest.mark.parametrize("lang", ["fr", "es", "de"])
def test_duo_names_its_french_edition_as_the_authority(site: Path, lang: str) -> None:
    words = text(root_of(site, lang) / "games" / "duo" / "index.html")
    authority = {
        "fr": "Le texte qui fait foi pour Duo est sa seule édition",
        "es": "El texto de referencia de Duo es su única edición",
        "de": "Maßgeblich für Duo ist allein die gedruckte Ausgabe auf Französisch",
    }[lang]
    assert authority in words
    assert "normative" not in words


@pytest.mark.parametrize("lang", sorted(TITLES))
def test_every_page_links_to_itself_in_every_language(site: Path, lang: str) -> None:
    root = root_of(site, lang)
    pages = [
        root / "index.html",
        root / "games" / "duo" / "how-to-play.html",
        root / "games" / "canardage" / "rules.html",
        root / "guides" / "quickstart.html",
    ]
    for path in pages:
        links = parse(path).links
        assert sorted(links) == sorted(TITLES), path
        for other, href in links.items():
            target = (path.parent / href).resolve()
            assert target.is_file(), (path, other, href)
            assert target.name == path.name
            assert parse(target).lang == other


CREDIT = {
    "en": "Made with Sphinx and @pradyunsg's Furo",
    "fr": "Réalisé avec Sphinx et le thème Furo de @pradyunsg",
    "es": "Hecho con Sphinx y el tema Furo de @pradyunsg",
    "de": "Erstellt mit Sphinx und dem Theme Furo von @pradyunsg",
}


@pytest.mark.parametrize("lang", list(TITLES))
def test_the_footer_credits_the_tools_in_the_pages_language(site: Path, lang: str) -> None:
    root = root_of(site, lang)
    for page in ("index.html", "games/duo/how-to-play.html", "games/canardage/rules.html"):
        html = (root / page).read_text(encoding="utf-8")
        found = re.search(r'<span class="site-credit">(.*?)</span>\s*(?=<div|</div)', html, re.S)
        assert found, f"{lang}/{page}: no credit in the footer"
        said = re.sub(r"<[^>]+>", "", found.group(1))
        assert said == CREDIT[lang], f"{lang}/{page}: {said!r}"
        # The theme's half-translated sentence is gone: one credit, whole, per page.
        footer = html[html.index('<div class="left-details">') :]
        footer = re.sub(r"<[^>]+>", " ", footer[: footer.index('<div class="right-details">')])
        assert footer.count("Sphinx") == 1 and footer.count("Furo") == 1
        if lang != "en":
            assert "Made with" not in footer and " and " not in footer and "'s" not in footer
