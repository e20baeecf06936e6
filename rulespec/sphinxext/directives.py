"""The directives of the ``rules`` domain: a clause, a catalogue, the registers."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, cast

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_id

from rulespec.i18n import Translation, translation
from rulespec.rulebook.clauses import Catalogue, Clause, catalogues, clause
from rulespec.rulebook.readings import readings
from rulespec.sphinxext._data import (
    LANGUAGE_NAMES,
    LANGUAGE_NAMES_EN,
    STATUS_LABELS,
    MutationScore,
    ReadingFigures,
    SourceLine,
    TraceData,
    catalogue_of,
    edition_of,
    mutation_scores,
    reading_figures,
    trace_data,
)
from rulespec.sphinxext.domain import RulesDomain, warn
from rulespec.sphinxext.nodes import rules_block, rules_details
from rulespec.sphinxext.words import (
    edition_name,
    language_name,
    local_label,
    section_heading,
    status_label,
)
from rulespec.tools.trace import CodeRef, TestRef

NO_INDEX: dict[str, Callable[[str], Any]] = {"no-index": directives.flag}
"""The option of a directive whose clauses go into no index (shown a second time)."""

SOURCE_LABELS = {
    "publisher-data": "Source: publisher data; no edition of the rulebook states this rule.",
    "reading": "Source: the project's reading; no edition of the rulebook states this rule.",
}
"""The source line of a clause that no edition states, before its source note."""

READING_BADGE = "the project's reading"
"""The badge of a clause whose text the interpretation register marks as a reading."""


def _block(*classes: str, lang: str | None = None) -> rules_block:
    node = rules_block(classes=list(classes))
    if lang is not None:
        node["lang"] = lang
    return node


def _para(text: str, *classes: str) -> nodes.paragraph:
    return nodes.paragraph(text, text, classes=list(classes))


def _labelled(label: str, text: str, *classes: str) -> nodes.paragraph:
    para = nodes.paragraph("", "", classes=list(classes))
    para += nodes.strong(label, label)
    para += nodes.Text(" " + text)
    return para


def _edition_lines(tr: Translation, c: Clause) -> list[nodes.paragraph]:
    """What each edition says of ``c``, then the reading we follow."""
    ed = c.editions
    assert ed is not None
    found = [
        _labelled(tr(f"{LANGUAGE_NAMES_EN[lang]} edition:"), tr(says, context=c.id))
        for lang, says in ed.says
    ]
    found.append(_labelled(tr("We follow:"), tr(ed.reading, context=c.id)))
    return found


def clause_ref(clause_id: str, text: str | None = None) -> addnodes.pending_xref:
    """A link to where the project renders ``clause_id``."""
    ref = addnodes.pending_xref(
        "", refdomain="rules", reftype="clause", reftarget=clause_id, refwarn=False
    )
    ref += nodes.literal(text or clause_id, text or clause_id, classes=["rules-ref"])
    return ref


def page_ref(game: str, kind: str, text: str) -> addnodes.pending_xref:
    """A link to the page that shows ``game``'s ``kind`` (rules, interpretations, …)."""
    ref = addnodes.pending_xref(
        "", refdomain="rules", reftype="page", reftarget=f"{game}:{kind}", refwarn=False
    )
    ref += nodes.inline(text, text)
    return ref


def entry_ref(clause_id: str, register: str, text: str) -> addnodes.pending_xref:
    """A link to ``clause_id``'s entry in a ``register`` (interpretation or editions)."""
    return page_ref(clause_id, register, text)


def source_ref(where: SourceLine, text: str, title: str | None = None) -> addnodes.pending_xref:
    """A link to line ``where.line`` of a source file (``title`` shows on hover)."""
    ref = addnodes.pending_xref(
        "", refdomain="rules", reftype="source", reftarget=where.path, refwarn=False
    )
    ref["rules-line"] = where.line
    ref["rules-title"] = title or f"{where.path}, line {where.line}"
    ref += nodes.literal(text, text, classes=["rules-source"])
    return ref


def short_code_name(ref: CodeRef) -> str:
    """``rules.new_game`` for ``rulespec.duck_cover.rules.new_game``."""
    qualname = ref.name[len(ref.module) + 1 :] if ref.name.startswith(ref.module + ".") else ""
    return f"{ref.module.rpartition('.')[2]}.{qualname}" if qualname else ref.name


def short_test_name(ref: TestRef) -> str:
    """``test_turn.py::test_x`` for ``tests/duck_cover/test_turn.py::test_x``."""
    return ref.nodeid.replace(ref.file, ref.file.rpartition("/")[2], 1)


def _percent(share: float) -> str:
    return f"{100 * share:.1f} %"


def _figures(tr: Translation, f: ReadingFigures) -> nodes.inline:
    """How often a reading changes the course and the outcome of paired games."""
    course, outcome = f.course, f.outcome
    said = tr(
        "in {games} pairs of games of random play ({players} players), the course "
        "differs in {course} (95 % interval: {course_low} to {course_high}) and the "
        "outcome in {outcome} ({outcome_low} to {outcome_high})"
    ).format(
        games=f.games,
        players=f.players,
        course=_percent(course[0]),
        course_low=_percent(course[1]),
        course_high=_percent(course[2]),
        outcome=_percent(outcome[0]),
        outcome_low=_percent(outcome[1]),
        outcome_high=_percent(outcome[2]),
    )
    return nodes.inline(said, said, classes=["rules-reading-effect"])


def _alternatives(
    tr: Translation, c: Clause, figures: dict[str, ReadingFigures] | None = None
) -> list[nodes.Node]:
    """The alternatives of ``c``'s interpretation, each with whether it changes play and,
    when an option plays it, the reading's name and its options, and what it changes in
    paired games when ``figures`` has it."""
    assert c.interpretation is not None
    found: list[nodes.Node] = []
    for number, alt in enumerate(c.interpretation.alternatives, 1):
        item = nodes.inline(classes=["rules-alternative"])
        item += nodes.Text(tr(alt.text, context=c.id) + " — ")
        play = nodes.emphasis(classes=["rules-alternative-play"])
        if not alt.changes_play:
            play += nodes.Text(tr("changes no play (reading {number})").format(number=number))
        elif alt.option is None:
            play += nodes.Text(
                tr("changes play; no option plays it yet (reading {number})").format(number=number)
            )
        else:
            declared = f"{c.id}={alt.name}"
            options = json.dumps(alt.options(), ensure_ascii=False)
            play += nodes.Text(tr("changes play; declared as") + " ")
            play += nodes.literal(declared, declared)
            play += nodes.Text(", " + tr("options") + " ")
            play += nodes.literal(options, options)
            if figures is not None and declared in figures:
                play += nodes.Text("; ")
                play += _figures(tr, figures[declared])
        item += play
        found.append(item)
    return found


def _items(items: list[nodes.Node], empty: str) -> nodes.Element:
    if not items:
        return _para(empty, "rules-none")
    if len(items) == 1:
        para = nodes.paragraph()
        para += items[0]
        return para
    bullets = nodes.bullet_list(classes=["rules-compact"])
    for item in items:
        para = nodes.paragraph()
        para += item
        bullets += nodes.list_item("", para)
    return bullets


def _tests(items: list[nodes.Node], empty: str, tr: Translation | None = None) -> nodes.Element:
    """The tests that check a clause: one shown as is, more as a count that opens on the
    list (``<details>``)."""
    if len(items) < 2:
        return _items(items, empty)
    summary = (tr or translation("en"))("{count} tests").format(count=len(items))
    details = rules_details(summary=summary, classes=["rules-tests"])
    details += _items(items, empty)
    return details


def _field(name: str, body: nodes.Element) -> nodes.field:
    return nodes.field(
        "", nodes.field_name(name, name), nodes.field_body("", body, classes=["rules-field"])
    )


def _table(
    headers: list[str],
    rows: list[tuple[list[nodes.Element], list[str]]],
    widths: list[int],
    classes: list[str],
) -> nodes.table:
    table = nodes.table(classes=classes)
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    row = nodes.row()
    for header in headers:
        row += nodes.entry("", _para(header))
    head += row
    group += head
    body = nodes.tbody()
    for cells, row_classes in rows:
        row = nodes.row(classes=row_classes)
        for cell in cells:
            row += nodes.entry("", cell)
        body += row
    group += body
    return table


class RulesDirective(SphinxDirective):
    """What every directive of the domain shares."""

    @property
    def domain(self) -> RulesDomain:
        domain = cast("RulesDomain", self.env.get_domain("rules"))
        domain.note_user(self.env.docname)
        return domain

    @property
    def trace(self) -> TraceData:
        return trace_data(self.config.rules_tests_dir)

    def catalogue(self, game: str) -> Catalogue | None:
        cat = catalogue_of(game)
        if cat is None:
            known = ", ".join(c.game for c in catalogues())
            warn(self, "unknown-game", "unknown game %r (catalogues: %s)", game, known)
        return cat

    @property
    def tr(self) -> Translation:
        """The translation into the site's language (``language`` in ``conf.py``)."""
        return translation(self.config.language)

    @property
    def reader(self) -> str:
        """The site's language: ``en``, ``fr``, ``es`` or ``de``."""
        return self.tr.language

    def note_anchor(self, node: nodes.Element, anchor: str) -> None:
        node["ids"].append(anchor)
        self.state.document.note_explicit_target(node)

    def page_target(self, game: str, kind: str) -> nodes.target:
        """The anchor ``GAME-KIND`` of the page that renders ``kind`` of ``game`` (its
        rules, interpretations, editions…), noted in the domain."""
        target = nodes.target("", "")
        self.note_anchor(target, f"{game}-{kind}")
        self.domain.note_page(game, kind, target["ids"][0], target)
        return target

    def register_section(self, c: Clause, kind: str) -> tuple[nodes.section, nodes.paragraph]:
        """The section of ``c`` on its game's ``kind`` page (interpretations, editions),
        noted in the domain, and the head of the paragraph that leads back to its texts."""
        sec = self.section(self.tr(c.title, context=c.id), f"{kind}-{c.id}")
        self.domain.note_page(c.id, kind, sec["ids"][0], sec)
        head = nodes.paragraph(classes=["rules-register-clause"])
        head += nodes.Text(self.tr("Clause") + " ")
        head += clause_ref(c.id)
        return sec, head

    def register_note(self, c: Clause, kind: str, heading: str) -> rules_block:
        """A note of ``c``'s texts (its ``kind``: interpretation, editions) under
        ``heading``, linked to its entry on the register page."""
        note = _block("rules-note", f"rules-{kind}")
        title = _para(heading + " ", "rules-note-title")
        title += entry_ref(c.id, kind, self.tr("in the register"))
        note += title
        return note

    def section(self, title: str, anchor: str) -> nodes.section:
        sec = nodes.section()
        sec["support_smartquotes"] = False  # catalogue texts keep their own typography
        sec["ids"].append(make_id(self.env, self.state.document, "", anchor))
        sec += nodes.title(title, title)
        return sec

    # -- one clause ----------------------------------------------------------

    def render_clause(self, c: Clause, cat: Catalogue, index: bool) -> rules_block:
        tr = self.tr
        title = tr(c.title, context=c.id)
        block = _block("rules-clause", f"rules-status-{c.status}")
        block["support_smartquotes"] = False  # the texts keep their own typography
        self.set_source_info(block)
        if index:
            anchor = make_id(self.env, self.state.document, "", c.id)
            index = self.domain.note_clause(c.id, cat.game, title, anchor, block)
            if index:
                self.note_anchor(block, anchor)
        head = nodes.paragraph(classes=["rules-clause-head"])
        head += nodes.literal(c.id, c.id, classes=["rules-clause-id"])
        head += nodes.Text(" ")
        head += nodes.strong(title, title, classes=["rules-clause-title"])
        head += nodes.Text(" ")
        label = status_label(tr, c.status)
        head += nodes.inline(label, label, classes=["rules-badge", f"rules-badge-{c.status}"])
        if c.interpretation is not None:
            head += nodes.Text(" ")
            badge = nodes.inline("", "", classes=["rules-badge", "rules-badge-reading"])
            badge += entry_ref(c.id, "interpretation", tr(READING_BADGE))
            head += badge
        if index:
            head += nodes.reference(
                "",
                "¶",
                refid=block["ids"][0],
                classes=["headerlink"],
                reftitle=tr("Link to this clause"),
            )
        block += head
        block += self.render_texts(c, cat)
        if c.source != "rulebook":
            block += self.render_source(tr(SOURCE_LABELS[c.source]), c.source_note or "", c.id)
        elif c.source_note:
            block += self.render_source(tr("Source:"), c.source_note, c.id)
        if c.note:
            block += _labelled(
                tr("The project's note:"),
                tr(c.note, context=c.id),
                "rules-note",
                "rules-engine-note",
            )
        if c.status != "implemented" and c.reason:
            note = _block("rules-note", "rules-reason")
            note += _labelled(
                tr("Not formalized:" if c.status == "not-formalized" else "Retired:"),
                tr(c.reason, context=c.id),
            )
            block += note
        if c.interpretation is not None:
            block += self.render_interpretation(c)
        if c.editions is not None:
            block += self.render_editions(c)
        folded = rules_details(summary=tr("Code and tests"), classes=["rules-code"])
        folded += self.render_links(c)
        block += folded
        return block

    def render_source(self, label: str, note: str, cid: str | None = None) -> nodes.paragraph:
        """The source line (``note`` in English, translated with ``cid`` as context); a
        note citing the sources page links to it when configured."""
        para = _labelled(label, self.tr(note, context=cid), "rules-source")
        page = self.config.rules_sources_page
        if page and "sources page" in note:
            ref = addnodes.pending_xref(
                "",
                refdomain="std",
                reftype="doc",
                reftarget=f"/{page}",
                refexplicit=True,
                refwarn=True,
            )
            words = self.tr("the sources page")
            ref += nodes.inline(words, words)
            para += nodes.Text(" " + self.tr("Open") + " ")
            para += ref
            para += nodes.Text(".")
        return para

    def render_texts(self, c: Clause, cat: Catalogue) -> list[nodes.Element]:
        """The clause in the reader's language, then the other languages folded."""
        reader = self.reader if self.reader in ("en", *cat.languages) else "en"
        first = _block("rules-statement", lang=reader)
        if reader == "en":
            first += _para(c.statement)
        else:
            local = c.text(reader)
            first += _para(local.text)
            locator = _block("rules-locator")
            locator += _para(local_label(self.tr, local, cat.game))
            first += locator
        others = [lang for lang in ("en", *cat.languages) if lang != reader]
        names = ", ".join(language_name(self.tr, lang) for lang in others)
        folded = rules_details(
            summary=self.tr("In {languages}").format(languages=names), classes=["rules-others"]
        )
        folded += self.render_languages(c, cat, others)
        return [first, folded]

    def render_languages(
        self, c: Clause, cat: Catalogue, langs: list[str] | None = None
    ) -> rules_block:
        group = _block("rules-langs")
        for lang in langs if langs is not None else cat.languages:
            if lang == "en":
                column = _block("rules-lang", "rules-lang-en", "rules-text-statement", lang="en")
                column += _para("English", "rules-lang-name")
                column += _para(c.statement, "rules-lang-text")
                locator = _block("rules-locator", lang=self.reader)
                locator += _para(self.tr("Our English statement of the rule"))
                column += locator
                group += column
                continue
            local = c.text(lang)
            column = _block(
                "rules-lang", f"rules-lang-{lang}", f"rules-text-{local.kind}", lang=lang
            )
            column += _para(LANGUAGE_NAMES[lang], "rules-lang-name")
            column += _para(local.text, "rules-lang-text")
            locator = _block("rules-locator", lang=self.reader)
            locator += _para(local_label(self.tr, local, cat.game))
            column += locator
            group += column
        return group

    def render_interpretation(self, c: Clause) -> rules_block:
        it = c.interpretation
        assert it is not None
        tr = self.tr
        note = self.register_note(c, "interpretation", tr("Interpretation (the project's)"))
        note += _labelled(tr("Question:"), tr(it.question, context=c.id))
        note += _labelled(tr("Our reading:"), tr(it.reading, context=c.id))
        if it.alternatives:
            note += _para(tr("Other readings:"), "rules-note-label")
            note += _items(_alternatives(tr, c), "")
        if it.option:
            para = nodes.paragraph()
            para += nodes.strong(tr("Option:"), tr("Option:"))
            para += nodes.Text(" ")
            para += nodes.literal(it.option, it.option)
            para += nodes.Text(" " + tr("selects another reading."))
            note += para
        return note

    def render_editions(self, c: Clause) -> rules_block:
        heading = self.tr("Edition differences (the project's note)")
        note = self.register_note(c, "editions", heading)
        note += _edition_lines(self.tr, c)
        return note

    def render_links(self, c: Clause) -> nodes.field_list:
        trace = self.trace
        tr = self.tr
        fields = nodes.field_list(classes=["rules-links"])
        code = [source_ref(trace.code_line(ref), ref.name) for ref in trace.code.get(c.id, ())]
        empty = tr("none yet" if c.status == "implemented" else "none (not implemented)")
        fields += _field(tr("Implemented by"), _items(list(code), empty))
        if trace.tests is not None:
            tests = [
                source_ref(trace.test_line(t), short_test_name(t), t.nodeid)
                for t in trace.tests.get(c.id, ())
            ]
            fields += _field(tr("Checked by"), _tests(list(tests), tr("no test yet"), tr))
        return fields


class GamePage(RulesDirective):
    """A directive that renders a page of one game, ``.. rules:KIND:: GAME``: the page's
    anchor, then :meth:`page`."""

    required_arguments = 1
    kind: ClassVar[str] = ""
    """The page's kind (``interpretations``, ``editions``…), which names its anchor."""

    def run(self) -> list[nodes.Node]:
        cat = self.catalogue(self.arguments[0].strip())
        if cat is None:
            return []
        return [self.page_target(cat.game, self.kind), *self.page(cat)]

    def page(self, cat: Catalogue) -> list[nodes.Node]:
        """What the page shows of ``cat`` after its anchor."""
        raise NotImplementedError


class ClauseDirective(RulesDirective):
    """``.. rules:clause:: dc.move.cover``: one clause, its texts, notes, code and tests."""

    required_arguments = 1
    option_spec = NO_INDEX

    def run(self) -> list[nodes.Node]:
        cid = self.arguments[0].strip()
        try:
            c = clause(cid)
        except KeyError:
            warn(self, "unknown-clause", "unknown clause id %r", cid)
            return []
        cat = catalogue_of(c.game)
        assert cat is not None
        return [self.render_clause(c, cat, "no-index" not in self.options)]


class CatalogueDirective(RulesDirective):
    """``.. rules:catalogue:: duck-and-cover``: a game's clauses in reading order."""

    required_arguments = 1
    option_spec = NO_INDEX

    def run(self) -> list[nodes.Node]:
        cat = self.catalogue(self.arguments[0].strip())
        if cat is None:
            return []
        index = "no-index" not in self.options
        result: list[nodes.Node] = []
        if index:
            target = self.page_target(cat.game, "rules")
            result.append(target)
        tr = self.tr
        intro = nodes.paragraph()
        intro += nodes.Text(
            tr(
                "Each clause gives its id and title and the rule in this page's language; "
                "the other languages open with a click. Every text is in the project's own "
                "words: where the game has an edition in that language, it follows that "
                "edition, at the place named under it; where it has none, it is our "
                "translation. Then come our notes, our interpretation and the edition "
                "differences where there are any (a clause marked \u201c{badge}\u201d "
                "rests on an interpretation), and, folded, the code and tests behind it. "
                "See also the "
            ).format(badge=tr(READING_BADGE))
        )
        intro += page_ref(cat.game, "index", tr("clause index"))
        intro += nodes.Text(".")
        result.append(intro)
        overrides = self.config.rules_section_titles
        for section in cat.sections:
            members = [c for c in cat.clauses if c.section == section]
            if not members:
                continue
            sec = self.section(section_heading(tr, section, overrides), f"{cat.game}-{section}")
            for c in members:
                sec += self.render_clause(c, cat, index)
            result.append(sec)
        return result


class InterpretationsDirective(GamePage):
    """``.. rules:interpretations:: GAME``: every reading we chose, and its alternatives."""

    kind = "interpretations"

    def page(self, cat: Catalogue) -> list[nodes.Node]:
        result: list[nodes.Node] = []
        chosen = [c for c in cat.clauses if c.interpretation is not None]
        tr = self.tr
        intro = nodes.paragraph()
        intro += nodes.Text(
            tr.plural(
                "Where the rulebooks of {game} are silent or ambiguous, we chose a "
                "reading. {count} clause carries one; each entry gives the question, "
                "our reading, the readings we did not choose and, when there is one, the "
                "option that selects another reading. The clauses are in ",
                "Where the rulebooks of {game} are silent or ambiguous, we chose a "
                "reading. {count} clauses carry one; each entry gives the question, "
                "our reading, the readings we did not choose and, when there is one, the "
                "option that selects another reading. The clauses are in ",
                len(chosen),
            ).format(game=cat.title, count=len(chosen))
        )
        intro += page_ref(cat.game, "rules", tr("the rules"))
        intro += nodes.Text(".")
        result.append(intro)
        figures = self.reading_figures(cat.game)
        if figures and any(r.declared in figures for r in readings(cat.game)):
            result.append(
                _para(
                    tr(
                        "Beside each reading that an option plays: how often it changes a "
                        "game. Each pair of games has the same seed and the same choices "
                        "while its two games are in the same position, one game under our "
                        "reading and one under the other; the course differs when the "
                        "positions differ at some step, the outcome when the scores or the "
                        "winners do."
                    ),
                    "rules-reading-effects",
                )
            )
        for c in chosen:
            it = c.interpretation
            assert it is not None
            sec, head = self.register_section(c, "interpretation")
            head += nodes.Text(
                tr(" ({status}): back to its texts").format(status=status_label(tr, c.status))
            )
            sec += head
            sec += _labelled(tr("Question:"), tr(it.question, context=c.id))
            sec += _labelled(tr("Our reading:"), tr(it.reading, context=c.id))
            if it.alternatives:
                sec += _para(tr("Readings we did not choose:"), "rules-note-label")
                sec += _items(_alternatives(tr, c, figures), "")
            para = nodes.paragraph()
            para += nodes.strong(tr("Option:"), tr("Option:"))
            if it.option:
                para += nodes.Text(" ")
                para += nodes.literal(it.option, it.option)
                para += nodes.Text(" " + tr("selects another reading."))
            else:
                para += nodes.Text(" " + tr("none; no other reading is offered."))
            sec += para
            result.append(sec)
        return result

    def reading_figures(self, game: str) -> dict[str, ReadingFigures] | None:
        """The figures of ``rules_reading_effects``, if set and readable; a warning for
        each reading of ``game`` that an option plays and the file leaves out."""
        path = self.config.rules_reading_effects
        if not path:
            return None
        self.env.note_dependency(path)
        figures: dict[str, ReadingFigures] | None = None
        try:
            found = reading_figures(Path(path))
        except ValueError as error:
            problems = [str(error)]
        else:
            figures = found
            problems = [
                f"{path}: no figures for {r.declared}"
                for r in readings(game)
                if r.declared not in found
            ]
        for problem in problems:
            warn(self, "config", "rules_reading_effects: %s", problem)
        return figures


class EditionsDirective(GamePage):
    """``.. rules:editions:: GAME``: where the editions differ, and what we follow."""

    kind = "editions"

    def page(self, cat: Catalogue) -> list[nodes.Node]:
        result: list[nodes.Node] = []
        tr = self.tr
        result.append(
            _para(tr("The rulebooks of {game} that the clauses cite:").format(game=cat.title))
        )
        rows: list[tuple[list[nodes.Element], list[str]]] = []
        for lang in cat.languages:
            edition = edition_name(tr, cat, lang)
            rows.append(
                (
                    [
                        _para(f"{LANGUAGE_NAMES[lang]} ({language_name(tr, lang)})"),
                        _para(
                            tr("{edition}: our texts follow it").format(edition=edition)
                            if edition
                            else tr("none: our texts are translations")
                        ),
                    ],
                    [],
                )
            )
        result.append(
            _table([tr("Language"), tr("Edition")], rows, [1, 3], ["rules-editions-table"])
        )
        differing = [c for c in cat.clauses if c.editions is not None]
        result.append(_para(_editions_summary(cat, len(differing), tr), "rules-editions-summary"))
        for c in differing:
            sec, head = self.register_section(c, "editions")
            head += nodes.Text(tr(": back to its texts"))
            sec += head
            sec += _edition_lines(tr, c)
            result.append(sec)
        return result


def _editions_summary(cat: Catalogue, differing: int, tr: Translation | None = None) -> str:
    """What the edition differences page holds: the differences, or why there are none."""
    tr = tr or translation("en")
    printed = list(cat.sources)
    ours = [lang for lang in cat.languages if edition_of(cat, lang) is None]
    if len(printed) < 2:
        edition = tr(printed[0][1], context=cat.game) if printed else tr("no printed edition")
        text = tr(
            "The clauses of {game} cite a single edition, {edition}: with no other "
            "edition to compare, no clause can differ between editions."
        ).format(game=cat.title, edition=edition)
        if ours:
            names = _joined(tr, [language_name(tr, lang) for lang in ours])
            text += " " + tr("The {languages} texts are our translations of it.").format(
                languages=names
            )
        return text
    if not differing:
        return tr("The editions agree on every clause: no clause differs between them.")
    if differing == 1:
        return tr(
            "1 clause differs between the editions: what each edition says, what we follow and why."
        )
    return tr(
        "{count} clauses differ between the editions: what each edition says, what we "
        "follow and why."
    ).format(count=differing)


class TraceabilityDirective(RulesDirective):
    """``.. rules:traceability:: [GAME]``: each clause, its status, code and tests."""

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        if self.arguments:
            cat = self.catalogue(self.arguments[0].strip())
            chosen = [cat] if cat is not None else []
        else:
            chosen = list(catalogues())
        trace = self.trace
        mutation = self.mutation()
        result: list[nodes.Node] = []
        for cat in chosen:
            sec = self.section(cat.title, f"traceability-{cat.game}")
            target = self.page_target(cat.game, "traceability")
            sec += target
            rows: list[tuple[list[nodes.Element], list[str]]] = []
            gapped = 0
            for c in cat.clauses:
                problems = trace.gaps(c)
                gapped += bool(problems)
                first = nodes.paragraph()
                first += clause_ref(c.id)
                first += nodes.Text(" " + c.title)
                status = nodes.paragraph()
                status += nodes.inline(
                    STATUS_LABELS[c.status],
                    STATUS_LABELS[c.status],
                    classes=["rules-badge", f"rules-badge-{c.status}"],
                )
                for problem in problems:
                    status += nodes.Text(" ")
                    status += nodes.inline(problem, problem, classes=["rules-gap-label"])
                code = [
                    source_ref(trace.code_line(r), short_code_name(r), r.name)
                    for r in trace.code.get(c.id, ())
                ]
                cells: list[nodes.Element] = [first, status, _items(list(code), "—")]
                if trace.tests is not None:
                    tests = [
                        source_ref(trace.test_line(t), short_test_name(t), t.nodeid)
                        for t in trace.tests.get(c.id, ())
                    ]
                    cells.append(_tests(list(tests), "—"))
                rows.append((cells, ["rules-gap"] if problems else []))
            counts = {s: sum(c.status == s for c in cat.clauses) for s in STATUS_LABELS}
            summary = ", ".join(f"{n} {STATUS_LABELS[s]}" for s, n in counts.items() if n)
            many = "clause" if len(cat.clauses) == 1 else "clauses"
            sec += _para(
                f"{len(cat.clauses)} {many} ({summary}); "
                + (f"{gapped} with a gap, highlighted." if gapped else "no gap."),
                "rules-trace-summary",
            )
            headers = ["Clause", "Status", "Implemented by"]
            widths = [3, 2, 3]
            if trace.tests is not None:
                headers.append("Checked by")
                widths.append(4)
            sec += _table(headers, rows, widths, ["rules-trace"])
            if mutation is not None and cat.game in mutation:
                sec += _mutation(mutation[cat.game])
            result.append(sec)
        return result

    def mutation(self) -> dict[str, MutationScore] | None:
        """The scores of ``rules_mutation_scores``, if set and readable."""
        path = self.config.rules_mutation_scores
        if not path:
            return None
        self.env.note_dependency(path)
        try:
            return mutation_scores(Path(path))
        except ValueError as error:
            warn(self, "config", "rules_mutation_scores: %s", error)
            return None


def _mutation(score: MutationScore) -> nodes.Element:
    """A game's mutation score, and what became of each survivor."""
    block = _block("rules-mutation")
    equivalent = (
        f"; {score.score_without_equivalents} % without the {score.equivalent} equivalent"
        + ("s" if score.equivalent > 1 else "")
        if score.equivalent
        else ""
    )
    timeouts = f", {score.timeouts} of them by timeout" if score.timeouts else ""
    block += _para(
        f"Mutation test: {score.killed} of {score.total} sampled mutants of the rule modules "
        f"killed ({score.score} %{equivalent}){timeouts}; seed {score.seed}; "
        f"{score.score_before_added_tests} % before the tests added for its survivors.",
        "rules-mutation-score",
    )
    bullets = nodes.bullet_list(classes=["rules-compact"])
    for s in score.survivors:
        para = nodes.paragraph()
        para += nodes.literal(s.where, s.where)
        para += nodes.Text(f" ({s.kind}) ")
        para += nodes.literal(s.before, s.before)
        para += nodes.Text(" → ")
        para += nodes.literal(s.after, s.after)
        para += nodes.Text(f": {s.status}")
        if s.test:
            para += nodes.Text(" ")
            para += nodes.literal(s.test, s.test)
        if s.why:
            para += nodes.Text(f"; {s.why}")
        bullets += nodes.list_item("", para)
    if score.survivors:
        block += bullets
    return block


class GamesDirective(RulesDirective):
    """``.. rules:games::``: every game with a catalogue, and links to its pages."""

    def run(self) -> list[nodes.Node]:
        self.domain  # noqa: B018  (notes this document as a user of the catalogues)
        tr = self.tr
        bullets = nodes.bullet_list(classes=["rules-games"])
        for cat in catalogues():
            para = nodes.paragraph()
            para += page_ref(cat.game, "game", cat.title)
            implemented = sum(c.status == "implemented" for c in cat.clauses)
            editions = ", ".join(language_name(tr, lang) for lang, _edition in cat.sources)
            para += nodes.Text(
                tr.plural(
                    ": {count} clause, {implemented} implemented; editions cited: {editions}. ",
                    ": {count} clauses, {implemented} implemented; editions cited: {editions}. ",
                    len(cat.clauses),
                ).format(
                    count=len(cat.clauses),
                    implemented=implemented,
                    editions=editions or tr("none"),
                )
            )
            links: list[nodes.Node] = []
            if self._how_to_play(cat.game) is not None:
                links.append(self._doc_ref(self._how_to_play(cat.game) or "", tr("How to play")))
            for kind, text in (
                ("rules", "rules"),
                ("interpretations", "interpretations"),
                ("editions", "edition differences"),
                ("index", "clause index"),
            ):
                links.append(page_ref(cat.game, kind, tr(text)))
            for n, link in enumerate(links):
                if n:
                    para += nodes.Text(" · ")
                para += link
            bullets += nodes.list_item("", para)
        return [bullets]

    def _how_to_play(self, game: str) -> str | None:
        folder = self.config.rules_game_pages
        name = f"{folder}/{game}/how-to-play" if folder else None
        return name if name is not None and name in self.env.found_docs else None

    def _doc_ref(self, docname: str, text: str) -> addnodes.pending_xref:
        ref = addnodes.pending_xref(
            "", refdomain="std", reftype="doc", reftarget=f"/{docname}", refexplicit=True
        )
        ref += nodes.inline(text, text)
        return ref


class GameDirective(GamePage, GamesDirective):
    """``.. rules:game:: GAME``: a game's summary, on the page that introduces it."""

    kind = "game"

    def page(self, cat: Catalogue) -> list[nodes.Node]:
        tr = self.tr
        result: list[nodes.Node] = []
        how = self._how_to_play(cat.game)
        if how is not None:
            first = nodes.paragraph(classes=["rules-game-start"])
            first += nodes.Text(tr("New to {game}? Start with ").format(game=cat.title))
            first += self._doc_ref(how, tr("How to play"))
            first += nodes.Text(
                tr(": the goal, the cards, a turn told with pictures, the scoring.")
            )
            result.append(first)
        result.append(_para(_authority(cat, tr), "rules-authority"))
        counts = {s: sum(c.status == s for c in cat.clauses) for s in STATUS_LABELS}
        summary = ", ".join(
            tr.plural(f"{{count}} {STATUS_LABELS[s]}", f"{{count}} {STATUS_LABELS[s]}", n).format(
                count=n
            )
            for s, n in counts.items()
            if n
        )
        para = nodes.paragraph()
        para += nodes.Text(
            tr.plural(
                "The rules of {game} as {count} clause ({summary}).",
                "The rules of {game} as {count} clauses ({summary}).",
                len(cat.clauses),
            ).format(game=cat.title, count=len(cat.clauses), summary=summary)
            + " "
        )
        para += nodes.Text(tr("They cite these rulebooks:"))
        result.append(para)
        bullets = nodes.bullet_list()
        for lang in cat.languages:
            edition = edition_name(tr, cat, lang)
            text = (
                tr("{language}: {edition}; our texts follow it")
                if edition
                else tr("{language}: no edition; our texts are translations")
            ).format(language=language_name(tr, lang).capitalize(), edition=edition)
            bullets += nodes.list_item("", _para(text))
        result.append(bullets)
        pages = nodes.bullet_list(classes=["rules-game-pages"])
        chosen = sum(c.interpretation is not None for c in cat.clauses)
        differing = sum(c.editions is not None for c in cat.clauses)
        overrides = self.config.rules_section_titles
        sections = [section_heading(tr, s, overrides) for s in cat.sections if _holds(cat, s)]
        entries = [
            (
                "rules",
                tr("Rules"),
                tr(
                    "every clause in reading order, by section ({sections}): the rule in "
                    "each language, our notes, the code and the tests behind it"
                ).format(sections=", ".join(sections)),
            ),
            (
                "interpretations",
                tr("Interpretation register"),
                tr.plural(
                    "{count} question the rulebooks leave open, the reading we chose for it "
                    "and the readings we did not",
                    "the {count} questions the rulebooks leave open, the reading we chose "
                    "for each and the readings we did not",
                    chosen,
                ).format(count=chosen),
            ),
            (
                "editions",
                tr("Edition differences"),
                tr.plural(
                    "the editions cited and the {count} clause on which they differ",
                    "the editions cited and the {count} clauses on which they differ",
                    differing,
                ).format(count=differing)
                if len(cat.sources) > 1
                else tr("the one edition cited, and why no clause differs"),
            ),
            ("index", tr("Clause index"), tr("every clause id with its title, by section")),
            (
                "traceability",
                tr("Traceability matrix"),
                tr(
                    "each clause with its status, the functions that implement it and the "
                    "tests that check it"
                ),
            ),
        ]
        for kind, name, what in entries:
            item = nodes.paragraph()
            item += page_ref(cat.game, kind, name)
            item += nodes.Text(f": {what}.")
            pages += nodes.list_item("", item)
        folder = self.env.docname.rpartition("/")[0]
        api = f"{folder}/api" if folder else "api"
        if api in self.env.found_docs:
            item = nodes.paragraph()
            item += self._doc_ref(api, "API")
            item += nodes.Text(
                ": " + tr("the modules that implement the game, with their docstrings.")
            )
            pages += nodes.list_item("", item)
        result.append(_para(tr("The pages of this game:")))
        result.append(pages)
        return result


def _joined(tr: Translation, names: list[str]) -> str:
    """``A, B and C`` in the reader's language."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + tr(" and ") + names[-1]


def _authority(cat: Catalogue, tr: Translation) -> str:
    """Which rulebook is authoritative for ``cat``'s game, and what our texts are."""
    printed = list(cat.sources)
    if not printed:
        return tr(
            "No printed rulebook is cited: every text of this game, the English one "
            "included, is the project's."
        )
    if len(printed) == 1:
        lang, edition = printed[0]
        return tr(
            "The authoritative text of {game} is its only edition, {edition}, in "
            "{language}. Every other text on this site, the English statement included, "
            "is the project's translation of it."
        ).format(
            game=cat.title,
            edition=tr(edition, context=cat.game),
            language=language_name(tr, lang),
        )
    names = _joined(tr, [language_name(tr, lang) for lang, _ in printed])
    return tr(
        "The authoritative texts of {game} are its printed editions, in {languages}; "
        "where they differ, the edition differences say what each says and what we "
        "follow. The English statement is the project's."
    ).format(game=cat.title, languages=names)


def _holds(cat: Catalogue, section: str) -> bool:
    return any(c.section == section for c in cat.clauses)
