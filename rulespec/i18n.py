"""Translations of the texts the project writes in English only: the site's and the
command line's words, and the catalogue's titles, notes and readings.

The clause texts themselves are written in every language in ``spec/*.toml``;
everything else a reader sees (a clause's title, the project's notes, its
interpretations, the edition differences, the labels of the site and of
``rulespec rules``) is English in the code and the catalogue, and translated in
gettext message catalogues: ``rulespec/locale/<lang>/LC_MESSAGES/*.po``. The
catalogue's texts carry their clause id as context (``msgctxt``), the game's
texts (its editions) the game id. They are read as they are, with no compiled
``.mo`` file, so the command line needs nothing but the standard library.

A game of another distribution (a plug-in) ships its translations the same way,
beside its catalogue: in the ``locale/<lang>/LC_MESSAGES/`` folder of the package
that holds its catalogue (the package named before the ``:`` of its declared
``catalogue``), every ``*.po`` file there. Its messages are read with rulespec's own,
which win where both translate the same text; a message whose context is another
game's clause or id is left out.

A text with no translation is shown in English. When the catalogue's English
changes, ``python -m rulespec.i18n fr`` prints, as PO entries to fill in, every
catalogue text that has no French translation yet.

>>> from rulespec.i18n import translation
>>> fr = translation("fr")
>>> fr("Setup")
'Mise en place'
>>> fr("Starting grids", context="dc.setup.grid")
'Grilles de départ'
>>> translation("en")("Setup")
'Setup'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from importlib import resources

import attrs

from rulespec.core.game import games
from rulespec.rulebook.clauses import LANGUAGE_NAMES_EN, Clause, LocalText

__all__ = [
    "SECTION_TITLES",
    "SITE_LANGUAGES",
    "Translation",
    "clause_texts",
    "local_label",
    "plural_index",
    "read_po",
    "read_po_forms",
    "translation",
]

SITE_LANGUAGES: tuple[str, ...] = ("en", "fr", "es", "de")
"""The languages of the site and of ``rulespec rules --lang``."""

SECTION_TITLES: dict[str, str] = {
    "setup": "Setup",
    "cards": "The cards",
    "turn": "The turn",
    "play": "Playing",
    "action": "Actions",
    "special": "Special cards",
    "deck": "The draw pile",
    "end": "End of a round",
    "score": "Scoring",
    "round": "Rounds",
    "game": "End of the game",
    "view": "What each player may see",
    "variant": "Variants",
}
"""Section titles for the usual catalogue section names; others are capitalised."""

Key = tuple[str | None, str]
"""A message: its context (or ``None``) and its English text."""

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, not {text!r}")
    out: list[str] = []
    chars = iter(text[1:-1])
    for ch in chars:
        if ch == "\\":
            nxt = next(chars, "")
            out.append(_ESCAPES.get(nxt, "\\" + nxt))
        else:
            out.append(ch)
    return "".join(out)


_PLURAL = re.compile(r"msgstr\[(\d+)\]")


def _entries(text: str, name: str) -> Iterator[tuple[Key, tuple[str, ...], bool]]:
    """Each entry of a PO file: its key, its translation (its forms, for an entry with
    ``msgid_plural``) and whether it is fuzzy."""
    fields: dict[str, str] = {}
    current: str | None = None
    fuzzy = False
    for number, raw in enumerate([*text.splitlines(), "#"], 1):
        line = raw.strip()
        if not line:
            continue
        keyword, _, rest = line.partition(" ")
        starts = line.startswith("#") or keyword in ("msgctxt", "msgid")
        done = "msgstr" in fields or "msgstr[0]" in fields
        if starts and done:  # the entry before this line is complete
            if fields.get("msgid"):
                forms = [
                    fields[f"msgstr[{i}]"] for i in range(len(fields)) if f"msgstr[{i}]" in fields
                ]
                found = tuple(forms) if forms else (fields["msgstr"],)
                yield (fields.get("msgctxt"), fields["msgid"]), found, fuzzy
            fields, current, fuzzy = {}, None, False
        where = f"{name}, line {number}"
        if line.startswith("#"):
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
        elif keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr") or _PLURAL.fullmatch(
            keyword
        ):
            current = keyword
            fields[keyword] = _unquote(rest, where)
        elif line.startswith('"') and current is not None:
            fields[current] += _unquote(line, where)
        else:
            raise ValueError(f"{where}: cannot read {line!r}")


def read_po(text: str, name: str = "<po>") -> dict[Key, str]:
    """The translated messages of a PO file's ``text`` (fuzzy and empty ones left out);
    an entry with plural forms gives its first.

    >>> read_po('msgctxt "x"\\nmsgid "Cover"\\nmsgstr "Couvrir"\\n')
    {('x', 'Cover'): 'Couvrir'}
    """
    return {key: found[0] for key, found, fuzzy in _entries(text, name) if all(found) and not fuzzy}


def read_po_forms(text: str, name: str = "<po>") -> dict[Key, tuple[str, ...]]:
    """The entries of a PO file's ``text`` that have plural forms (``msgid_plural``,
    ``msgstr[0]``, ``msgstr[1]``...): each message's forms, in the order of the
    language's plural rule (:func:`plural_index`).

    >>> read_po_forms('msgid "{n} card"\\nmsgid_plural "{n} cards"\\n'
    ...               'msgstr[0] "{n} carte"\\nmsgstr[1] "{n} cartes"\\n')
    {(None, '{n} card'): ('{n} carte', '{n} cartes')}
    """
    return {
        key: found
        for key, found, fuzzy in _entries(text, name)
        if len(found) > 1 and all(found) and not fuzzy
    }


def plural_index(language: str, n: int) -> int:
    """Which plural form a count of ``n`` takes in ``language``, by the gettext rule of
    each site language: French puts 0 and 1 in the singular, English, Spanish and
    German only 1.

    >>> plural_index("fr", 0), plural_index("de", 0), plural_index("en", 1)
    (0, 1, 0)
    """
    return int(n > 1) if language == "fr" else int(n != 1)


@attrs.frozen
class Translation:
    """The messages of one language; call it with an English text to translate it."""

    language: str
    messages: dict[Key, str] = attrs.field(factory=dict, repr=False)
    forms: dict[Key, tuple[str, ...]] = attrs.field(factory=dict, repr=False)

    def plural(self, singular: str, plural: str, n: int, context: str | None = None) -> str:
        """The form of a message with a count ``n`` (gettext's ``ngettext``): ``singular``
        or ``plural`` in English, the form the language's rule picks among the
        translated ones otherwise (format ``{count}`` in it after).

        >>> fr = translation("fr")
        >>> fr.plural("{count} implemented", "{count} implemented", 1).format(count=1)
        '1 implémentée'
        >>> translation("en").plural("{count} clause", "{count} clauses", 0)
        '{count} clauses'
        """
        found = self.forms.get((context, singular)) or self.forms.get((None, singular))
        if found is None:
            return singular if n == 1 else plural
        return found[min(plural_index(self.language, n), len(found) - 1)]

    def __call__(self, text: str, context: str | None = None) -> str:
        """``text`` in this language (with ``context``, a clause or game id, first)."""
        if context is not None:
            found = self.messages.get((context, text))
            if found is not None:
                return found
        return self.messages.get((None, text), text)

    def has(self, text: str, context: str | None = None) -> bool:
        """Whether ``text`` (in ``context``) has a translation."""
        return (context, text) in self.messages


def _folder(package: str, lang: str) -> dict[Key, tuple[str, ...]]:
    """The messages of every PO file in ``package``'s ``locale/<lang>/LC_MESSAGES``."""
    messages: dict[Key, tuple[str, ...]] = {}
    folder = resources.files(package) / "locale" / lang / "LC_MESSAGES"
    if folder.is_dir():
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".po"):
                text = entry.read_text(encoding="utf-8")
                where = f"{package}/locale/{lang}/{entry.name}"
                messages.update(
                    (key, found)
                    for key, found, fuzzy in _entries(text, where)
                    if all(found) and not fuzzy
                )
    return messages


def _plugin_messages(lang: str) -> dict[Key, tuple[str, ...]]:
    """The messages that the games of other distributions ship, each kept to its own
    contexts (its id, its clause ids) and to texts without a context."""
    own = {g.id: g.declaration.prefix for g in games()}
    messages: dict[Key, tuple[str, ...]] = {}
    for g in games():
        package = g.declaration.catalogue.partition(":")[0]
        if package == "rulespec":
            continue
        mine = (g.id, g.declaration.prefix)
        others = [(i, p) for i, p in own.items() if i != g.id]
        for (context, text), found in _folder(package, lang).items():
            if (
                context is None
                or _within(context, mine)
                or not any(_within(context, other) for other in others)
            ):
                messages[context, text] = found
    return messages


def _within(context: str, game: tuple[str, str]) -> bool:
    """Whether ``context`` is the game's id or one of its clause ids."""
    return context == game[0] or context.startswith(game[1])


@cache
def translation(language: str | None) -> Translation:
    """The translation into ``language`` (``en``, ``None`` or an unknown one: none):
    rulespec's messages and those the installed plug-ins ship."""
    lang = (language or "en").partition("_")[0]
    messages: dict[Key, tuple[str, ...]] = {}
    if lang != "en":
        messages.update(_plugin_messages(lang))
        messages.update(_folder("rulespec", lang))
    single = {key: found[0] for key, found in messages.items()}
    forms = {key: found for key, found in messages.items() if len(found) > 1}
    return Translation(lang, single, forms)


def local_label(tr: Translation, local: LocalText, game: str) -> str:
    """What a clause's text in one language is and where the rule stands, in ``tr``'s
    language (:attr:`LocalText.label` in English); ``game`` is the clause's game.

    >>> from rulespec import clause
    >>> label = local_label(translation("fr"), clause("duo.setup.deal").text("de"), "duo")
    >>> label.startswith("Notre traduction en allemand"), label.rstrip(" »\u00a0")[-11:]
    (True, 'PRÉPARATION')
    """
    name = LANGUAGE_NAMES_EN[local.language]
    if local.locator is None:
        if local.kind == "translation":
            return tr(f"Our translation into {name}; no edition states this rule (see its source)")
        return tr(f"Our wording in {name}; no edition states this rule (see its source)")
    if local.kind == "translation":
        head = tr(f"Our translation into {name} (there is no {name} edition)")
    else:
        head = tr(f"Our wording in {name}")
    if local.follows:
        head = tr("{what}, following {edition}").format(
            what=head, edition=tr(local.follows, context=game)
        )
    return tr("{what}, at “{place}”").format(what=head, place=local.locator)


def clause_texts(c: Clause) -> list[str]:
    """The texts of ``c`` written in English only (its title, notes, readings and
    edition differences), which the site and ``rulespec rules`` translate.

    >>> from rulespec import clause
    >>> clause_texts(clause("dc.move.cover"))
    ['Cover']
    """
    texts = [c.title, *(t for t in (c.note, c.reason, c.source_note) if t)]
    if c.interpretation is not None:
        it = c.interpretation
        texts += [it.question, it.reading, *(a.text for a in it.alternatives)]
    if c.editions is not None:
        texts += [says for _, says in c.editions.says] + [c.editions.reading]
    return texts


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def main(argv: list[str] | None = None) -> int:
    """Print the catalogue texts that lack a translation into a language, as PO entries."""
    import sys

    from rulespec.rulebook.clauses import LANGUAGES, catalogues

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] not in LANGUAGES:
        print(f"usage: python -m rulespec.i18n {{{','.join(LANGUAGES)}}}", file=sys.stderr)
        return 2
    tr = translation(args[0])
    for cat in catalogues():
        for c in cat.clauses:
            for text in clause_texts(c):
                if not tr.has(text, context=c.id):
                    print(f'# {cat.game}\nmsgctxt "{c.id}"\nmsgid {_quoted(text)}\nmsgstr ""\n')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
