"""``rulespec rules GAME [--lang en|fr|es|de] [CLAUSE]``: the rules from the clause catalogue.

Without a clause: every rule of the game in reading order, in one language
(``en`` is the project's English statement; ``fr``, ``es`` and ``de`` are
the project's texts, which a first line says are its wording after the
named edition or its translation where the game has none in that language).
Headings, titles and notes are in the language asked for (see
:mod:`rulespec.i18n`).
With a clause id: that clause, what its text is, its notes (how the engine
applies it, our interpretation, the differences between editions) and the
functions that implement it.
"""

from __future__ import annotations

import argparse
import difflib
import json
import textwrap
from pathlib import Path

import rulespec
from rulespec.cli.arguments import Subcommands, add_command, add_language, game_named
from rulespec.cli.errors import CommandError
from rulespec.i18n import SECTION_TITLES, SITE_LANGUAGES, Translation, local_label, translation
from rulespec.rulebook.clauses import LANGUAGE_NAMES_EN, Alternative, Catalogue, Clause

__all__ = ["LANGUAGES", "add_parser", "clause_text", "rules_text", "run"]

LANGUAGES = SITE_LANGUAGES
WIDTH = 79


_SUMMARY = "print a game's rules, or one clause with its notes and its code"
_ABOUT = """Print the rules of GAME from its clause catalogue in one language, or one CLAUSE
with our interpretation, the differences between editions and where it is implemented."""
_EXAMPLES = """rulespec rules duck-and-cover --lang fr
rulespec rules duck-and-cover dc.move.quack --lang de"""


def add_parser(sub: Subcommands) -> None:
    """Add the ``rules`` subcommand to ``sub``."""
    parser = add_command(sub, "rules", run, _SUMMARY, _ABOUT, _EXAMPLES)
    parser.add_argument("game", help="the game id, e.g. duck-and-cover")
    parser.add_argument("clause", nargs="?", help="a clause id, e.g. dc.move.cover")
    add_language(
        parser,
        "en (our English statement, the default), or fr, es or de (our text "
        "in that language, with headings and notes in it too)",
    )
    parser.set_defaults(late_positional="clause")


def _wrap(text: str, indent: int, hang: int = 0) -> list[str]:
    """``text`` wrapped to the page, its later lines ``hang`` columns further in."""
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=" " * indent,
        subsequent_indent=" " * (indent + hang),
        break_on_hyphens=False,
    )


_SOURCES = {"publisher-data": "publisher data", "reading": "the project's reading"}


def _where(c: Clause, lang: str, tr: Translation) -> str:
    """Where the rule of ``c`` stands, for its line in a listing in ``lang``."""
    if lang == "en":
        return "our statement"
    local = c.text(lang)
    if local.locator is None:
        source = tr(_SOURCES.get(c.source, c.source))
        return tr("no edition states it: {source}").format(source=source)
    return local.locator


def _origin(cat: Catalogue, lang: str, tr: Translation) -> str:
    """What the texts of ``cat`` in ``lang`` are, in one sentence."""
    if lang == "en":
        others = cat.languages
        if not others:
            return "Our English statement of each rule."
        named = " and ".join((", ".join(others[:-1]), others[-1])) if len(others) > 1 else others[0]
        gives = "give our wording in each language" if len(others) > 1 else "gives our wording"
        return (
            f"Our English statement of each rule; {named} {gives}, following the edition "
            "in that language where the game has one."
        )
    name = LANGUAGE_NAMES_EN[lang]
    for c in cat:
        local = c.text(lang)
        if local.locator is not None:
            head = tr(
                f"Our translation into {name} (there is no {name} edition)"
                if local.translation
                else f"Our wording in {name}"
            )
            if local.follows:
                head = tr("{what}, following {edition}").format(
                    what=head, edition=tr(local.follows, context=cat.game)
                )
            return head + tr("; each rule gives the place where it stands there.")
    return local_label(tr, c.text(lang), cat.game)


def section_heading(section: str, tr: Translation) -> str:
    """A section's heading in a listing, in capitals."""
    return tr(SECTION_TITLES.get(section, section.replace("-", " ").capitalize())).upper()


def rules_text(cat: Catalogue, lang: str) -> str:
    """Every clause of ``cat`` in reading order, in ``lang``, after a line saying what
    the texts are; headings and titles in ``lang`` too.

    >>> import rulespec
    >>> print(rules_text(rulespec.catalogue("duck-and-cover"), "de").splitlines()[0])
    Duck & Cover: die Regeln (de)
    """
    tr = translation(lang)
    lines = [tr("{game}: the rules ({language})").format(game=cat.title, language=lang)]
    lines += _wrap(_origin(cat, lang, tr), 0)
    section = None
    for c in cat:
        if c.status == "retired":
            continue
        if c.section != section:
            section = c.section
            lines += ["", section_heading(section, tr), ""]
        text = c.statement if lang == "en" else c.text(lang).text
        lines.append(f"{c.id}  {tr(c.title, context=c.id)}  [{_where(c, lang, tr)}]")
        lines += _wrap(text, 4)
        if c.status == "not-formalized":
            reason = tr(c.reason or "", context=c.id)
            lines += _wrap(tr("(not formalized: {reason})").format(reason=reason), 4)
    return "\n".join(lines)


def _file_line(file: str, line: int) -> str:
    root = Path(rulespec.__file__).resolve().parent.parent
    try:
        shown = Path(file).resolve().relative_to(root).as_posix()
    except ValueError:
        shown = file
    return f"{shown}:{line}"


def _alternative_play(tr: Translation, clause_id: str, number: int, alt: Alternative) -> str:
    """Whether ``alt`` changes play and, when an option plays it, how to declare it."""
    if not alt.changes_play:
        return tr("changes no play (reading {number})").format(number=number)
    if alt.option is None:
        return tr("changes play; no option plays it yet (reading {number})").format(number=number)
    declared = f"--reading {clause_id}={alt.name}"
    options = json.dumps(alt.options(), ensure_ascii=False)
    return f"{tr('changes play; declared as')} {declared}, {tr('options')} {options}"


def clause_text(c: Clause, lang: str) -> str:
    """One clause in ``lang`` with its notes and its implementations; headings and
    notes in ``lang`` too."""
    from rulespec.tools.trace import implementations_of

    tr = translation(lang)

    def data(text: str) -> str:
        return tr(text, context=c.id)

    lines = [f"{c.id}  {data(c.title)}", ""]
    lines.append(
        tr("game: {game}; section: {section}; status: {status}; source: {source}").format(
            game=c.game,
            section=tr(SECTION_TITLES.get(c.section, c.section)),
            status=tr(c.status.replace("-", " ")),
            source=tr(_SOURCES.get(c.source, c.source)),
        )
    )
    if c.source_note:
        lines += _wrap(tr("source note:") + " " + data(c.source_note), 0, 2)
    if c.reason:
        lines += _wrap(tr("not formalized:") + " " + data(c.reason), 0, 2)
    if c.interpretation is not None:
        lines.append(tr("the project's reading: see the interpretation below"))
    statement = tr("en [our statement]")
    if lang == "en":
        lines += ["", statement]
        lines += _wrap(c.statement, 4)
    else:
        local = c.text(lang)
        lines += ["", lang]
        lines += _wrap(local_label(tr, local, c.game), 4, 2)
        lines += _wrap(local.text, 4)
    if c.note:
        lines += ["", tr("our note")]
        lines += _wrap(data(c.note), 4)
    if lang != "en":
        lines += ["", statement]
        lines += _wrap(c.statement, 4)
    it = c.interpretation
    if it is not None:
        lines += ["", tr("interpretation")]
        lines += _wrap(tr("question:") + " " + data(it.question), 4, 2)
        lines += _wrap(tr("our reading:") + " " + data(it.reading), 4, 2)
        for number, alternative in enumerate(it.alternatives, 1):
            lines += _wrap(tr("alternative:") + " " + data(alternative.text), 4, 2)
            lines += _wrap(_alternative_play(tr, c.id, number, alternative), 6, 2)
        if it.option:
            lines += _wrap(tr("option:") + " " + it.option, 4, 2)
    ed = c.editions
    if ed is not None:
        lines += ["", tr("editions")]
        for language, says in ed.says:
            lines += _wrap(f"{language}: {data(says)}", 4, 2)
        lines += _wrap(tr("our reading:") + " " + data(ed.reading), 4, 2)
    code = implementations_of().get(c.id, ())
    lines += ["", tr("implemented by")]
    if code:
        lines += [f"    {ref.name} ({_file_line(ref.file, ref.line)})" for ref in code]
    else:
        why = tr("not formalized" if c.status != "implemented" else "none")
        lines.append("    " + tr("nothing:") + " " + why)
    return "\n".join(lines)


def _find(cat: Catalogue, wanted: str) -> Clause:
    if wanted in cat:
        return cat[wanted]
    prefix = rulespec.game(cat.game).declaration.prefix
    if prefix + wanted in cat:
        return cat[prefix + wanted]
    try:
        other = rulespec.clause(wanted)
    except KeyError:
        pass
    else:
        raise CommandError(f"{wanted} is a clause of {other.game}, not of {cat.game}")
    ids = [c.id for c in cat]
    close = difflib.get_close_matches(wanted, ids, n=3) or difflib.get_close_matches(
        prefix + wanted, ids, n=3
    )
    hint = f" (did you mean {', '.join(close)}?)" if close else f" (try: rulespec rules {cat.game})"
    raise CommandError(f"{cat.game} has no clause {wanted!r}{hint}")


def run(args: argparse.Namespace) -> int:
    """Print the rules, or one clause."""
    g = game_named(args.game)
    try:
        cat = rulespec.catalogue(g.id)
    except KeyError as exc:
        raise CommandError(str(exc.args[0])) from None
    if args.lang != "en" and args.lang not in cat.languages:
        known = ", ".join(["en", *cat.languages])
        raise CommandError(f"{g.id}'s clauses are not written in {args.lang} (only: {known})")
    if args.clause is None:
        print(rules_text(cat, args.lang))
    else:
        print(clause_text(_find(cat, args.clause), args.lang))
    return 0
