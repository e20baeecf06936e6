"""Each language's glossary: well formed, from the editions, and kept by every text."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from rulespec.i18n import read_po
from rulespec.rulebook.glossary import (
    GLOSSARY_LANGUAGES,
    GlossaryError,
    Term,
    avoided_in,
    glossary,
)

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("duck-and-cover", "duo", "canardage")
EDITIONS = {"fr": set(GAMES), "es": {"duck-and-cover"}, "de": {"duck-and-cover"}}
"""The games with a printed rulebook in each language (the others' words are ours)."""


def _po(path: Path) -> list[tuple[str, str]]:
    if not path.is_file():
        return []
    return [(key[1], text) for key, text in read_po(path.read_text(encoding="utf-8")).items()]


def texts(language: str) -> dict[str, list[tuple[str, str]]]:
    """Every text of ``language``, by game (``"all"`` for those shared by the games), each
    with where it stands."""
    found: dict[str, list[tuple[str, str]]] = {g: [] for g in (*GAMES, "all")}
    for game in GAMES:
        data = tomllib.loads((ROOT / "spec" / f"{game}.toml").read_text(encoding="utf-8"))
        for clause in data["clause"]:
            text = clause.get(language, {}).get("text")
            if text:
                found[game].append((f"spec/{game}.toml {clause['id']}", text))
        po = ROOT / "rulespec" / "locale" / language / "LC_MESSAGES" / f"{game}.po"
        found[game] += [(f"{po.name}: {en[:40]}", text) for en, text in _po(po)]
    for name in ("rulespec.po", "play.po", "pictures.po"):
        po = ROOT / "rulespec" / "locale" / language / "LC_MESSAGES" / name
        found["all"] += [(f"{name}: {en[:40]}", text) for en, text in _po(po)]
    pages = {
        g: " ".join((ROOT / "docs" / "games" / g / "how-to-play.rst").read_text().split())
        for g in GAMES
    }
    for name in ("games.po", "index.po"):
        po = ROOT / "docs" / "locale" / language / "LC_MESSAGES" / name
        for en, text in _po(po):
            owners = [g for g in GAMES if " ".join(en.split()) in pages[g]]
            for owner in owners if len(owners) == 1 else ["all"]:
                found[owner].append((f"{name}: {en[:40]}", text))
    return found


@pytest.mark.parametrize("language", GLOSSARY_LANGUAGES)
def test_each_glossary_names_the_words_of_every_game(language: str) -> None:
    terms = glossary(language)
    assert 25 <= len(terms) <= 120
    for game in GAMES:
        assert sum(t.covers(game) for t in terms) >= 5, game
    pairs = [(t.game, t.en.lower()) for t in terms]
    assert len(pairs) == len(set(pairs)), "a word is given twice for one game"


@pytest.mark.parametrize("language", GLOSSARY_LANGUAGES)
def test_words_come_from_the_edition_where_there_is_one(language: str) -> None:
    for t in glossary(language):
        if t.game in EDITIONS[language] and t.source != "ours":
            assert re.search(r"rulebook|règle|reglamento|regla|Spielregel", t.source, re.I), t
        elif t.game != "all":
            assert t.source == "ours" and t.note, f"{t.en}: our word in {language}, say why"


@pytest.mark.parametrize("language", GLOSSARY_LANGUAGES)
def test_no_text_uses_a_word_its_glossary_refuses(language: str) -> None:
    terms = glossary(language)
    found = [
        f"{where}: {word!r} (for {en!r})"
        for game, entries in texts(language).items()
        for where, text in entries
        for en, word in avoided_in(text, terms, game)
    ]
    assert found == []


_PLAIN = str.maketrans("äöüÄÖÜ’", "aouAOU'")


def _forms(term: str) -> list[str]:
    """Patterns that find ``term`` in a text (umlauts and apostrophes read plain): each of its
    comma-separated names once, each word in any ending (``Satz Kapitänskarten``
    in ``Sätze Kapitänskarten``)."""
    patterns = []
    for part in re.split(r"[,;]", re.sub(r"\([^)]*\)", "", term.translate(_PLAIN))):
        words = [w[: max(3, len(w) - 3)] for w in part.split()]
        if words:
            patterns.append(r"\w*\W+".join(map(re.escape, words)))
    return patterns


@pytest.mark.parametrize("language", GLOSSARY_LANGUAGES)
def test_every_word_of_the_glossary_is_used(language: str) -> None:
    every = texts(language)
    unused = []
    for t in glossary(language):
        games = GAMES if t.game == "all" else (t.game,)
        where = " ".join(text for g in (*games, "all") for _, text in every[g]).translate(_PLAIN)
        if not all(re.search(p, where, re.IGNORECASE) for p in _forms(t.term)):
            unused.append(f"{t.game}: {t.term!r}")
    assert unused == []


def test_a_refused_word_is_found_whole_and_in_any_case() -> None:
    term = Term("canardage", "duck deck", "pile de départ", "rulebook", ("paquet de canards",))
    assert avoided_in("Le Paquet de\ncanards est vide.", [term], "canardage") == [
        ("duck deck", "paquet de canards")
    ]
    assert avoided_in("Le paquet de canardsX", [term], "canardage") == []
    assert avoided_in("Le paquet de canards", [term], "duo") == []
    assert avoided_in("(:rule:`paquet de canards`)", [term], "canardage") == []


def test_a_malformed_glossary_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulespec.rulebook import glossary as module

    bad = tmp_path / "fr.toml"
    bad.write_text(
        '[glossary]\nlanguage = "fr"\n[[term]]\n'
        'game = "chess"\nen = "a"\nterm = "b"\nsource = "c"\n'
    )
    monkeypatch.setattr(module, "catalogue_path", lambda _where: bad)
    module.glossary.cache_clear()
    try:
        with pytest.raises(GlossaryError, match=r"fr.toml, term 1: game 'chess'"):
            module.glossary("fr")
    finally:
        module.glossary.cache_clear()
