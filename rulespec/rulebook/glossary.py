"""Each language's words for the games: the terms each edition prints, and ours where none exists.

``spec/glossary/<lang>.toml`` lists, per game, the English word of the
project's pages, the word to use in that language, where it comes from (a
rulebook's section, or ``"ours"`` where the game has no edition in that
language) and the words to avoid: calques of English and words the editions
do not use. The catalogue's clause texts, the site's pages, the pictures and
the terminal say the same thing in each language; the test suite refuses
every avoided word in that language's texts of that game
(:func:`avoided_in`).

>>> fr = glossary("fr")
>>> len({t.game for t in fr}) > 1
True
>>> term = Term("duo", "draw pile", "pioche", "ours", ("talon",))
>>> avoided_in("Le talon est vide.", [term], "duo")
[('draw pile', 'talon')]
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from functools import cache

import attrs

from rulespec.core.game import games
from rulespec.rulebook.clauses import catalogue_path

__all__ = ["GLOSSARY_LANGUAGES", "GlossaryError", "Term", "avoided_in", "glossary"]

GLOSSARY_LANGUAGES: tuple[str, ...] = ("fr", "es", "de")
"""The languages with a glossary (English is the pages' own)."""


class GlossaryError(ValueError):
    """A glossary file that is not as documented; the message says where."""


@attrs.frozen
class Term:
    """One word of a game in one language."""

    game: str
    """The game's id, or ``"all"``."""
    en: str
    """The word in the project's English pages."""
    term: str
    """The word to use in this language."""
    source: str
    """Where it comes from: a rulebook and its section, or ``"ours"``."""
    avoid: tuple[str, ...] = ()
    """Words a text of this game in this language must not use for it."""
    note: str = ""

    def covers(self, game: str) -> bool:
        """Whether this term applies to ``game``'s texts."""
        return self.game in ("all", game)


def _term(entry: object, where: str) -> Term:
    if not isinstance(entry, dict):
        raise GlossaryError(f"{where}: a term is a table, not {type(entry).__name__}")
    unknown = set(entry) - {"game", "en", "term", "source", "avoid", "note"}
    if unknown:
        raise GlossaryError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    for key in ("game", "en", "term", "source"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise GlossaryError(f"{where}: {key!r} must be a non-empty string")
    known = ("all", *(g.id for g in games()))
    if entry["game"] not in known:
        raise GlossaryError(f"{where}: game {entry['game']!r} is not one of {', '.join(known)}")
    avoid = entry.get("avoid", [])
    if not isinstance(avoid, list) or not all(isinstance(a, str) and a.strip() for a in avoid):
        raise GlossaryError(f"{where}: 'avoid' must be a list of non-empty strings")
    note = entry.get("note", "")
    if not isinstance(note, str):
        raise GlossaryError(f"{where}: 'note' must be a string")
    return Term(entry["game"], entry["en"], entry["term"], entry["source"], tuple(avoid), note)


@cache
def glossary(language: str) -> tuple[Term, ...]:
    """The terms of ``language`` (one of :data:`GLOSSARY_LANGUAGES`), in the file's order.

    Raises :class:`GlossaryError`, which names the file and the term, when the
    file is not as documented.
    """
    if language not in GLOSSARY_LANGUAGES:
        raise GlossaryError(
            f"no glossary for {language!r} (there are {', '.join(GLOSSARY_LANGUAGES)})"
        )
    path = catalogue_path(f"rulespec:_spec/glossary/{language}.toml")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise GlossaryError(f"{path.name}: {exc}") from None
    head = data.get("glossary", {})
    if head.get("language") != language:
        raise GlossaryError(f"{path.name}: [glossary] language must be {language!r}")
    entries = data.get("term", [])
    if not isinstance(entries, list):
        raise GlossaryError(f"{path.name}: 'term' must be an array of tables ([[term]])")
    return tuple(_term(e, f"{path.name}, term {n}") for n, e in enumerate(entries, 1))


def _pattern(word: str) -> re.Pattern[str]:
    return re.compile(
        r"(?<!\w)" + re.escape(word).replace(r"\ ", r"\s+") + r"(?!\w)", re.IGNORECASE
    )


def avoided_in(text: str, terms: Iterable[Term], game: str) -> list[tuple[str, str]]:
    """The avoided words of ``game``'s ``terms`` that ``text`` uses, as ``(en, word)`` pairs.

    Words match whole and case-insensitively; rst roles (``:rule:`…```) are not read.
    """
    plain = re.sub(r":[a-z]+:`[^`]*`", " ", text)
    return [
        (t.en, word)
        for t in terms
        if t.covers(game)
        for word in t.avoid
        if _pattern(word).search(plain)
    ]
