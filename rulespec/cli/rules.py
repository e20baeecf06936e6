"""``rulespec rules GAME [--lang en|fr|es|de] [CLAUSE]``: the rules from the clause catalogue.

Without a clause: every rule of the game in reading order, in one language
(``en`` is the project's normative statement; ``fr``, ``es`` and ``de`` are
the project's texts, which a first line says are its wording after the
named edition or its translation where the game has none in that language).
With a clause id: that clause, what its text is, its notes (how the engine
applies it, our interpretation, the differences between editions) and the
functions that implement it.
"""

from __future__ import annotations

import argparse
import difflib
import textwrap
from pathlib import Path

import rulespec
from rulespec.cli.arguments import game_named
from rulespec.cli.errors import CommandError
from rulespec.core.clauses import Catalogue, Clause

__all__ = ["LANGUAGES", "add_parser", "clause_text", "rules_text", "run"]

LANGUAGES = ("en", "fr", "es", "de")
WIDTH = 79


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rules`` subcommand to ``sub``."""
    parser = sub.add_parser(
        "rules",
        help="print a game's rules, or one clause with its notes and its code",
        description="Print the rules of GAME from its clause catalogue in one language, or "
        "one CLAUSE with our interpretation, the differences between editions and where "
        "it is implemented.",
        epilog="examples:\n"
        "  rulespec rules duck-and-cover --lang fr\n"
        "  rulespec rules duck-and-cover dc.move.quack --lang de",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", help="the game id, e.g. duck-and-cover")
    parser.add_argument("clause", nargs="?", help="a clause id, e.g. dc.move.cover")
    parser.add_argument(
        "--lang",
        default="en",
        choices=LANGUAGES,
        help="en (our normative statement, the default), or fr, es or de (our text "
        "in that language)",
    )
    parser.set_defaults(run=run)


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


def _where(c: Clause, lang: str) -> str:
    """Where the rule of ``c`` stands, for its line in a listing in ``lang``."""
    if lang == "en":
        return "our statement"
    local = c.text(lang)
    if local.locator is None:
        return f"no edition states it: {_SOURCES.get(c.source, c.source)}"
    return local.locator


def _origin(cat: Catalogue, lang: str) -> str:
    """What the texts of ``cat`` in ``lang`` are, in one sentence."""
    if lang == "en":
        return (
            "Our English statement of each rule, the normative one; "
            "fr, es and de give our wording in each language."
        )
    for c in cat:
        local = c.text(lang)
        if local.locator is not None:
            return f"{local.origin}; each rule gives the place where it stands there."
    return c.text(lang).label


def rules_text(cat: Catalogue, lang: str) -> str:
    """Every clause of ``cat`` in reading order, in ``lang``, after a line saying what
    the texts are."""
    lines = [f"{cat.title}: the rules ({lang})"]
    lines += _wrap(_origin(cat, lang), 0)
    section = None
    for c in cat:
        if c.status == "retired":
            continue
        if c.section != section:
            section = c.section
            lines += ["", section.upper(), ""]
        text = c.statement if lang == "en" else c.text(lang).text
        lines.append(f"{c.id}  {c.title}  [{_where(c, lang)}]")
        lines += _wrap(text, 4)
        if c.status == "not-formalized":
            lines += _wrap(f"(not formalized: {c.reason})", 4)
    return "\n".join(lines)


def _file_line(file: str, line: int) -> str:
    root = Path(rulespec.__file__).resolve().parent.parent
    try:
        shown = Path(file).resolve().relative_to(root).as_posix()
    except ValueError:
        shown = file
    return f"{shown}:{line}"


def clause_text(c: Clause, lang: str) -> str:
    """One clause in ``lang`` with its notes and its implementations."""
    from rulespec.tools.trace import implementations_of

    lines = [f"{c.id}  {c.title}", ""]
    lines.append(f"game: {c.game}; section: {c.section}; status: {c.status}; source: {c.source}")
    if c.source_note:
        lines += _wrap(f"source note: {c.source_note}", 0, 2)
    if c.reason:
        lines += _wrap(f"not formalized: {c.reason}", 0, 2)
    if c.interpretation is not None:
        lines.append("the project's reading: see the interpretation below")
    if lang == "en":
        lines += ["", "en [our statement]"]
        lines += _wrap(c.statement, 4)
    else:
        local = c.text(lang)
        lines += ["", lang]
        lines += _wrap(local.label, 4, 2)
        lines += _wrap(local.text, 4)
    if c.note:
        lines += ["", "our note"]
        lines += _wrap(c.note, 4)
    if lang != "en":
        lines += ["", "en [our statement]"]
        lines += _wrap(c.statement, 4)
    it = c.interpretation
    if it is not None:
        lines += ["", "interpretation"]
        lines += _wrap(f"question: {it.question}", 4, 2)
        lines += _wrap(f"our reading: {it.reading}", 4, 2)
        for alternative in it.alternatives:
            lines += _wrap(f"alternative: {alternative}", 4, 2)
        if it.option:
            lines += _wrap(f"option: {it.option}", 4, 2)
    ed = c.editions
    if ed is not None:
        lines += ["", "editions"]
        for language, says in ed.says:
            lines += _wrap(f"{language}: {says}", 4, 2)
        lines += _wrap(f"our reading: {ed.reading}", 4, 2)
    code = implementations_of().get(c.id, ())
    lines += ["", "implemented by"]
    if code:
        lines += [f"    {ref.name} ({_file_line(ref.file, ref.line)})" for ref in code]
    else:
        lines.append("    nothing: " + ("not formalized" if c.status != "implemented" else "none"))
    return "\n".join(lines)


def _find(cat: Catalogue, wanted: str) -> Clause:
    if wanted in cat:
        return cat[wanted]
    prefix = cat.clauses[0].id.split(".", 1)[0] + "."
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
    if args.clause is None:
        print(rules_text(cat, args.lang))
    else:
        print(clause_text(_find(cat, args.clause), args.lang))
    return 0
