"""The clause catalogue: loading and validating ``spec/*.toml``.

Each game's rules live in one TOML file, the source of truth for the clause
ids that code and tests cite. The schema (every key is checked on load):

.. code-block:: text

    [catalogue]
    game = "duck-and-cover"          # the game id
    title = "Duck & Cover"
    sections = ["setup", "turn", ...] # reading order of the sections

    [catalogue.sources.fr]            # one per language with an edition
    edition = "Captain Games' French rulebook"

    [[clause]]
    id = "dc.move.cover"
    section = "turn"
    title = "Cover"
    status = "implemented"            # or "not-formalized" (with reason) or "retired"
    statement = "..."                 # the normative English reading
    source = "rulebook"               # or "publisher-data" or "reading"
    source_note = "..."               # optional (required unless "rulebook")
    note = "..."                      # optional: how the project applies the rule
    [clause.fr]                       # the rule only, in the project's words
    text = "..."
    locator = "Tour de jeu"           # section heading as printed; only for "rulebook"

    [clause.interpretation]           # optional
    question = "..."
    reading = "..."
    option = "..."                    # optional: the option selecting another reading
    alternatives = [                  # each reading we did not choose, as a table:
        { text = "...", changes_play = false },
        { text = "...", changes_play = true, name = "cover-first",
          option = { pair_order = "cover-first" } },
    ]

Each alternative says whether following it would change what is legal or what
happens in a game (``changes_play``); one that does and that the engine can play
names the options selecting it (``option``, as ``Game.decode_options`` takes
them) and a short kebab-case ``name`` by which an engine or the command line
declares it (see :mod:`rulespec.rulebook.readings`).

    [clause.editions]                 # optional
    fr = "..."
    es = "..."
    de = "..."
    reading = "..."                   # what we follow, and why

No text in ``fr``, ``es`` or ``de`` is a quotation: each is the project's
wording. The loader tells the two kinds apart from ``catalogue.sources``: in
a language with an edition, the text follows that edition (``kind =
"wording"``); in a language without one, it is the project's translation of
the rule as the catalogue's first edition states it (``kind =
"translation"``). :attr:`LocalText.label` says so in one line.
"""

from __future__ import annotations

import re
import tomllib
import warnings
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import attrs

from rulespec.core.game import game as registered
from rulespec.core.game import games

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES_EN",
    "Alternative",
    "Catalogue",
    "CatalogueError",
    "Clause",
    "EditionNote",
    "Interpretation",
    "LocalText",
    "catalogue",
    "catalogues",
    "clause",
    "clauses",
    "load_catalogue",
]


class CatalogueError(ValueError):
    """A clause catalogue that does not follow its schema (see :func:`load_catalogue`)."""


LANGUAGES: tuple[str, ...] = ("fr", "es", "de")
"""The languages a clause may be written in besides the English statement: a game's
catalogue has every one of those its game declares (by default all three)."""

LANGUAGE_NAMES_EN: dict[str, str] = {"fr": "French", "es": "Spanish", "de": "German"}
"""The English name of each language in :data:`LANGUAGES`."""

Status = Literal["implemented", "not-formalized", "retired"]
SourceKind = Literal["rulebook", "publisher-data", "reading"]
TextKind = Literal["wording", "translation"]

_STATUSES = ("implemented", "not-formalized", "retired")
_SOURCES = ("rulebook", "publisher-data", "reading")


@attrs.frozen
class LocalText:
    """A clause in one language: always the project's words, never a quotation.

    >>> from rulespec import clause
    >>> fr = clause("dc.move.cover").text("fr")
    >>> fr.kind, fr.locator
    ('wording', 'Tour de jeu — Couvrir («Cover»)')
    >>> fr.label.startswith("Our wording in French, following Captain Games' French rulebook")
    True
    >>> de = clause("duo.setup.deal").text("de")
    >>> de.kind, de.locator
    ('translation', 'PRÉPARATION')
    >>> print(de.origin)  # doctest: +NORMALIZE_WHITESPACE
    Our translation into German (there is no German edition),
    following Ravensburger's French rulebook (game no. 20 770 1)
    """

    language: str
    text: str
    locator: str | None
    """Where the followed edition states the rule; ``None`` when no edition does."""
    kind: TextKind = "wording"
    """``"wording"`` when an edition exists in this language and the text follows
    it; ``"translation"`` when none does and the text translates the rule."""
    follows: str | None = None
    """The edition the text follows, as the catalogue names it."""

    @property
    def translation(self) -> bool:
        """True when no edition exists in this language."""
        return self.kind == "translation"

    @property
    def origin(self) -> str:
        """What the text is, without the place: the heading of a page of such texts."""
        name = LANGUAGE_NAMES_EN.get(self.language, self.language)
        if self.kind == "translation":
            head = f"Our translation into {name} (there is no {name} edition)"
        else:
            head = f"Our wording in {name}"
        return f"{head}, following {self.follows}" if self.follows else head

    @property
    def label(self) -> str:
        """What the text is and where the rule stands, in one line for a reader."""
        if self.locator is None:
            name = LANGUAGE_NAMES_EN.get(self.language, self.language)
            what = "translation into" if self.kind == "translation" else "wording in"
            return f"Our {what} {name}; no edition states this rule (see its source)"
        return f"{self.origin}, at “{self.locator}”"


@attrs.frozen
class Alternative:
    """A reading we did not choose, and whether (and how) the engine can play it.

    >>> from rulespec import clause
    >>> alt = clause("can.cover.forward").interpretation.alternatives[0]
    >>> alt.changes_play, alt.name, dict(alt.option)
    (True, 'cover-first', {'pair_order': 'cover-first'})
    >>> alt.executable
    True
    """

    text: str
    """The reading in English, as the catalogue writes it (the translations are keyed by
    it)."""
    changes_play: bool
    """Whether following it would change what is legal or what happens in a game
    (``False`` when only names, records or wording would differ)."""
    name: str | None = None
    """The short kebab-case name declaring it, for the executable ones."""
    option: Mapping[str, Any] | None = attrs.field(default=None, eq=False, hash=False)
    """The options selecting it, as JSON (``Game.decode_options`` takes them); ``None``
    when no option plays it."""

    @property
    def executable(self) -> bool:
        """Whether an option of the engine plays this reading."""
        return self.option is not None

    def options(self) -> dict[str, Any] | None:
        """:attr:`option` as plain JSON (a fresh copy to change), ``None`` when no option
        plays the reading.

        >>> from rulespec import clause
        >>> clause("can.turn.draw").interpretation.alternatives[0].options()
        {'winner_draws': True}
        """
        return _plain(self.option) if self.option is not None else None


def _plain(value: Any) -> Any:
    """``value`` with its read-only tables and tuples made plain dicts and lists (JSON)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


@attrs.frozen
class Interpretation:
    """Our reading where the rulebooks are silent or ambiguous, and the others.

    >>> from rulespec import clause
    >>> it = clause("can.turn.draw").interpretation
    >>> [(a.name, a.changes_play) for a in it.alternatives]
    [('winner-draws', True)]
    >>> dict(it.alternative("winner-draws").option)
    {'winner_draws': True}
    """

    question: str
    reading: str
    alternatives: tuple[Alternative, ...]
    option: str | None = None

    def alternative(self, name: str) -> Alternative:
        """The alternative called ``name``; :class:`KeyError` when none is."""
        for alt in self.alternatives:
            if alt.name == name:
                return alt
        raise KeyError(name)


@attrs.frozen
class EditionNote:
    """What each edition says where they disagree, and what we follow."""

    says: tuple[tuple[str, str], ...]
    reading: str


@attrs.frozen
class Clause:
    """One rule, with a stable id.

    >>> from rulespec import clause
    >>> c = clause("dc.move.cover")
    >>> c.game, c.status
    ('duck-and-cover', 'implemented')
    >>> c.text("de").language
    'de'
    """

    id: str
    game: str
    section: str
    title: str
    status: Status
    statement: str
    source: SourceKind
    texts: tuple[LocalText, ...]
    source_note: str | None = None
    reason: str | None = None
    interpretation: Interpretation | None = None
    editions: EditionNote | None = None
    note: str | None = None
    """How the project applies the rule (actions, options, views): never part of
    the rule's texts."""

    def text(self, language: str) -> LocalText:
        """The clause in ``language`` (``"fr"``, ``"es"`` or ``"de"``, among those of its
        catalogue); :class:`KeyError` for another."""
        for local in self.texts:
            if local.language == language:
                return local
        raise KeyError(language)


@attrs.frozen
class Catalogue:
    """A game's clauses in reading order.

    >>> from rulespec import catalogue
    >>> cat = catalogue("duck-and-cover")
    >>> "dc.move.cover" in cat
    True
    """

    game: str
    title: str
    sections: tuple[str, ...]
    sources: tuple[tuple[str, str], ...]
    """(language, edition) for each language with an edition of the rulebook."""
    clauses: tuple[Clause, ...]
    languages: tuple[str, ...] = LANGUAGES
    """The languages of its clauses besides English, as its game declares them."""

    def edition(self, language: str) -> str | None:
        """The edition in ``language``, or ``None`` when the game has none in it."""
        for lang, edition in self.sources:
            if lang == language:
                return edition
        return None

    def text_kind(self, language: str) -> TextKind:
        """``"wording"`` in a language with an edition, else ``"translation"``."""
        return "wording" if self.edition(language) is not None else "translation"

    def __contains__(self, clause_id: object) -> bool:
        return any(c.id == clause_id for c in self.clauses)

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses)

    def __len__(self) -> int:
        return len(self.clauses)

    def __getitem__(self, clause_id: str) -> Clause:
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise KeyError(clause_id)


def _keys(table: Mapping[str, Any], where: str, required: set[str], optional: set[str]) -> None:
    missing = required - table.keys()
    if missing:
        raise CatalogueError(f"{where}: missing {', '.join(sorted(missing))}")
    unknown = table.keys() - required - optional
    if unknown:
        raise CatalogueError(f"{where}: unknown key {', '.join(sorted(unknown))}")


def _str(table: Mapping[str, Any], key: str, where: str) -> str:
    value = table[key]
    if not isinstance(value, str) or not value.strip():
        raise CatalogueError(f"{where}.{key}: expected a non-empty string")
    return value.strip()


_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def _alternative(raw: object, where: str) -> Alternative:
    """One alternative of an interpretation, checked (see the module's schema)."""
    if not isinstance(raw, dict):
        raise CatalogueError(
            f"{where}: expected a table {{ text = ..., changes_play = ... }}, not {raw!r}"
        )
    _keys(raw, where, {"text", "changes_play"}, {"name", "option"})
    text = _str(raw, "text", where)
    changes = raw["changes_play"]
    if not isinstance(changes, bool):
        raise CatalogueError(f"{where}.changes_play: expected true or false")
    name = _str(raw, "name", where) if "name" in raw else None
    if name is not None and not _NAME.fullmatch(name):
        raise CatalogueError(f"{where}.name: {name!r} is not kebab-case (like 'cover-first')")
    option = raw.get("option")
    if option is not None:
        if not isinstance(option, dict) or not option:
            raise CatalogueError(f"{where}.option: expected a table of options, like {{ a = 1 }}")
        if not changes:
            raise CatalogueError(
                f"{where}.option: an alternative that changes no play needs no option"
            )
        if name is None:
            raise CatalogueError(f"{where}: an alternative with an option needs a name")
    elif name is not None:
        raise CatalogueError(f"{where}.name: only an alternative with an option is named")
    return Alternative(text, changes, name, _frozen(option) if option is not None else None)


def _frozen(value: Any) -> Any:
    """``value`` as read from TOML, its tables made read-only."""
    if isinstance(value, dict):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _clause(
    raw: Mapping[str, Any],
    game: str,
    sections: tuple[str, ...],
    sources: tuple[tuple[str, str], ...],
    where: str,
    prefix: str = "",
    languages: tuple[str, ...] = LANGUAGES,
) -> Clause:
    _keys(
        raw,
        where,
        {"id", "section", "title", "status", "statement", "source", *languages},
        {"source_note", "reason", "interpretation", "editions", "note"},
    )
    cid = _str(raw, "id", where)
    where = f"{where} ({cid})"
    section = _str(raw, "section", where)
    if section not in sections:
        raise CatalogueError(f"{where}: section {section!r} is not in catalogue.sections")
    status = _str(raw, "status", where)
    if status not in _STATUSES:
        raise CatalogueError(f"{where}: status must be one of {', '.join(_STATUSES)}")
    source = _str(raw, "source", where)
    if source not in _SOURCES:
        raise CatalogueError(f"{where}: source must be one of {', '.join(_SOURCES)}")
    source_note = _str(raw, "source_note", where) if "source_note" in raw else None
    if source != "rulebook" and source_note is None:
        raise CatalogueError(f"{where}: a {source} clause needs a source_note")
    reason = _str(raw, "reason", where) if "reason" in raw else None
    if status == "not-formalized" and reason is None:
        raise CatalogueError(f"{where}: a not-formalized clause needs a reason")
    editions_by_language = dict(sources)
    first = sources[0][1] if sources else None
    texts = []
    for lang in languages:
        local = raw[lang]
        lwhere = f"{where}.{lang}"
        if not isinstance(local, dict):
            raise CatalogueError(f"{lwhere}: expected a table")
        if source == "rulebook":
            _keys(local, lwhere, {"text", "locator"}, set())
            locator: str | None = _str(local, "locator", lwhere)
        else:
            if "locator" in local:
                raise CatalogueError(
                    f"{lwhere}.locator: no edition states a {source} clause; "
                    "say where it comes from in source_note"
                )
            _keys(local, lwhere, {"text"}, set())
            locator = None
        edition = editions_by_language.get(lang)
        texts.append(
            LocalText(
                lang,
                _str(local, "text", lwhere),
                locator,
                "wording" if edition is not None else "translation",
                edition or first,
            )
        )
    interpretation = None
    if "interpretation" in raw:
        it = raw["interpretation"]
        iwhere = f"{where}.interpretation"
        _keys(it, iwhere, {"question", "reading", "alternatives"}, {"option"})
        alternatives = it["alternatives"]
        if not isinstance(alternatives, list):
            raise CatalogueError(f"{iwhere}.alternatives: expected a list of tables")
        found = tuple(
            _alternative(a, f"{iwhere}.alternatives[{k}]") for k, a in enumerate(alternatives)
        )
        names = [a.name for a in found if a.name is not None]
        for name in names:
            if names.count(name) > 1:
                raise CatalogueError(f"{iwhere}.alternatives: the name {name!r} is used twice")
        interpretation = Interpretation(
            _str(it, "question", iwhere),
            _str(it, "reading", iwhere),
            found,
            _str(it, "option", iwhere) if "option" in it else None,
        )
    editions = None
    if "editions" in raw:
        ed = raw["editions"]
        ewhere = f"{where}.editions"
        _keys(ed, ewhere, {"reading"}, set(languages))
        says = tuple((lang, _str(ed, lang, ewhere)) for lang in languages if lang in ed)
        if len(says) < 2:
            raise CatalogueError(f"{ewhere}: name what at least two editions say")
        editions = EditionNote(says, _str(ed, "reading", ewhere))
    if not cid.startswith(prefix):
        raise CatalogueError(f"{where}: ids of {game} start with {prefix!r}")
    return Clause(
        id=cid,
        game=game,
        section=section,
        title=_str(raw, "title", where),
        status=status,  # type: ignore[arg-type]
        statement=_str(raw, "statement", where),
        source=source,  # type: ignore[arg-type]
        texts=tuple(texts),
        source_note=source_note,
        reason=reason,
        interpretation=interpretation,
        editions=editions,
        note=_str(raw, "note", where) if "note" in raw else None,
    )


def _declared(game: str) -> tuple[str, tuple[str, ...]]:
    """The clause prefix and the languages that ``game`` declares; none and all three
    for a game that is not registered."""
    try:
        declaration = registered(game).declaration
    except (KeyError, AttributeError):
        return "", LANGUAGES
    return declaration.prefix, declaration.languages


def load_catalogue(
    text: str,
    name: str = "<catalogue>",
    *,
    prefix: str | None = None,
    languages: tuple[str, ...] | None = None,
) -> Catalogue:
    """Parse and validate one catalogue from its TOML text.

    Every clause id starts with ``prefix``, and every clause is written in each of
    ``languages`` (some of :data:`LANGUAGES`) and in no other; by default those
    that the catalogue's game declares, when the game is registered.

    Raises :class:`CatalogueError` on unknown keys, duplicate ids, missing
    languages or any other departure from the schema, naming the place.
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(f"{name}: {exc}") from None
    _keys(raw, name, {"catalogue", "clause"}, set())
    head = raw["catalogue"]
    _keys(head, f"{name}: catalogue", {"game", "title", "sections", "sources"}, set())
    game = _str(head, "game", f"{name}: catalogue")
    declared_prefix, declared_languages = _declared(game)
    prefix = declared_prefix if prefix is None else prefix
    languages = declared_languages if languages is None else tuple(languages)
    wrong = [lang for lang in languages if lang not in LANGUAGES]
    if wrong:
        raise CatalogueError(f"{name}: unknown language {wrong[0]!r} (known: {LANGUAGES})")
    sections = head["sections"]
    if not isinstance(sections, list) or not all(isinstance(s, str) for s in sections):
        raise CatalogueError(f"{name}: catalogue.sections: expected a list of strings")
    sources = []
    for lang, src in head["sources"].items():
        swhere = f"{name}: catalogue.sources.{lang}"
        if lang not in languages:
            raise CatalogueError(f"{swhere}: unknown language")
        _keys(src, swhere, {"edition"}, set())
        sources.append((lang, _str(src, "edition", swhere)))
    if not isinstance(raw["clause"], list):
        raise CatalogueError(f"{name}: clause: expected an array of tables [[clause]]")
    result: list[Clause] = []
    seen: set[str] = set()
    for i, entry in enumerate(raw["clause"]):
        c = _clause(
            entry,
            game,
            tuple(sections),
            tuple(sources),
            f"{name}: clause[{i}]",
            prefix,
            languages,
        )
        if c.id in seen:
            raise CatalogueError(f"{name}: clause[{i}]: duplicate id {c.id!r}")
        seen.add(c.id)
        result.append(c)
    order = {s: k for k, s in enumerate(sections)}
    result.sort(key=lambda c: order[c.section])  # stable: file order within a section
    return Catalogue(
        game,
        _str(head, "title", name),
        tuple(sections),
        tuple(sources),
        tuple(result),
        languages,
    )


def catalogue_path(location: str) -> Path:
    """The file a game declares as its catalogue, ``"package:path/inside.toml"``.

    rulespec's own catalogues are shipped as ``rulespec/_spec``; in a checkout of the
    project, where that folder is not built, they are read from ``spec/``.

    >>> catalogue_path("rulespec:_spec/duo.toml").name
    'duo.toml'
    """
    package, _, inside = location.partition(":")
    found = Path(str(resources.files(package).joinpath(*inside.split("/"))))
    if found.is_file() or package != "rulespec" or not inside.startswith("_spec/"):
        return found
    return Path(__file__).resolve().parents[2] / "spec" / inside.removeprefix("_spec/")


@cache
def _game_catalogue(game: str) -> Catalogue:
    """The catalogue of the registered game ``game``, read once from the file it declares."""
    g = registered(game)
    path = catalogue_path(g.declaration.catalogue)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogueError(f"{g.id}: no clause catalogue at {path} ({exc})") from None
    cat = load_catalogue(
        text, path.name, prefix=g.declaration.prefix, languages=g.declaration.languages
    )
    if cat.game != g.id:
        raise CatalogueError(f"{path.name}: catalogue.game is {cat.game!r}, not {g.id!r}")
    return cat


@cache
def catalogues() -> tuple[Catalogue, ...]:
    """Every game's catalogue, by game id, loaded once from the file the game declares.

    A plug-in's catalogue that cannot be read is left out with a :class:`RuntimeWarning`
    (:func:`catalogue` of that game raises the error), so that it hides no other
    game's clauses; one of rulespec's own raises :class:`CatalogueError`.
    """
    found = []
    for g in games():
        try:
            found.append(_game_catalogue(g.id))
        except CatalogueError as exc:
            if g.declaration.catalogue.partition(":")[0] == "rulespec":
                raise
            warnings.warn(f"{g.id}'s catalogue is left out: {exc}", RuntimeWarning, stacklevel=2)
    return tuple(found)


def catalogue(game: str) -> Catalogue:
    """The catalogue of one game, by its id (read without reading the others': another
    game's broken catalogue does not hide it)."""
    try:
        registered(game if isinstance(game, str) else "")
    except KeyError:
        raise KeyError(f"no catalogue for game {game!r}") from None
    return _game_catalogue(game)


def clauses(game: str | None = None) -> tuple[Clause, ...]:
    """Every clause of ``game`` (or of every game), in reading order.

    >>> from rulespec import clauses
    >>> all(c.id.startswith("dc.") for c in clauses("duck-and-cover"))
    True
    """
    if game is not None:
        return catalogue(game).clauses
    return tuple(c for cat in catalogues() for c in cat.clauses)


def clause(clause_id: str) -> Clause:
    """One clause by its id; ``KeyError`` when no catalogue has it. Only the catalogues
    of the games whose prefix the id starts with are read."""
    if isinstance(clause_id, str):
        for g in games():
            if clause_id.startswith(g.declaration.prefix):
                cat = _game_catalogue(g.id)
                if clause_id in cat:
                    return cat[clause_id]
    raise KeyError(f"unknown clause id {clause_id!r}")
