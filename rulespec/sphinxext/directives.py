"""The directives of the ``rules`` domain: a clause, a catalogue, the registers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_id

from rulespec.core.clauses import LANGUAGES, Catalogue, Clause, catalogues, clause
from rulespec.sphinxext._data import (
    LANGUAGE_NAMES,
    LANGUAGE_NAMES_EN,
    STATUS_LABELS,
    MutationScore,
    SourceLine,
    TraceData,
    catalogue_of,
    edition_of,
    mutation_scores,
    section_title,
    trace_data,
)
from rulespec.sphinxext.domain import RulesDomain
from rulespec.sphinxext.nodes import rules_block, rules_details
from rulespec.tools.trace import CodeRef, TestRef

logger = logging.getLogger(__name__)

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


def _tests(items: list[nodes.Node], empty: str) -> nodes.Element:
    """The tests that check a clause: one shown as is, more as a count that opens on the
    list (``<details>``)."""
    if len(items) < 2:
        return _items(items, empty)
    details = rules_details(summary=f"{len(items)} tests", classes=["rules-tests"])
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
            logger.warning(
                "unknown game %r (catalogues: %s)",
                game,
                known,
                location=self.get_location(),
                type="rules",
                subtype="unknown-game",
            )
        return cat

    def note_anchor(self, node: nodes.Element, anchor: str) -> None:
        node["ids"].append(anchor)
        self.state.document.note_explicit_target(node)

    def section(self, title: str, anchor: str) -> nodes.section:
        sec = nodes.section()
        sec["support_smartquotes"] = False  # catalogue texts keep their own typography
        sec["ids"].append(make_id(self.env, self.state.document, "", anchor))
        sec += nodes.title(title, title)
        return sec

    # -- one clause ----------------------------------------------------------

    def render_clause(self, c: Clause, cat: Catalogue, index: bool) -> rules_block:
        block = _block("rules-clause", f"rules-status-{c.status}")
        block["support_smartquotes"] = False  # the texts keep their own typography
        self.set_source_info(block)
        if index:
            anchor = make_id(self.env, self.state.document, "", c.id)
            index = self.domain.note_clause(c.id, cat.game, c.title, anchor, block)
            if index:
                self.note_anchor(block, anchor)
        head = nodes.paragraph(classes=["rules-clause-head"])
        head += nodes.literal(c.id, c.id, classes=["rules-clause-id"])
        head += nodes.Text(" ")
        head += nodes.strong(c.title, c.title, classes=["rules-clause-title"])
        head += nodes.Text(" ")
        label = STATUS_LABELS[c.status]
        head += nodes.inline(label, label, classes=["rules-badge", f"rules-badge-{c.status}"])
        if c.interpretation is not None:
            head += nodes.Text(" ")
            badge = nodes.inline("", "", classes=["rules-badge", "rules-badge-reading"])
            badge += entry_ref(c.id, "interpretation", READING_BADGE)
            head += badge
        if index:
            head += nodes.reference(
                "",
                "¶",
                refid=block["ids"][0],
                classes=["headerlink"],
                reftitle="Link to this clause",
            )
        block += head
        statement = _block("rules-statement", lang="en")
        statement += _para(c.statement)
        block += statement
        block += self.render_languages(c)
        if c.source != "rulebook":
            block += self.render_source(SOURCE_LABELS[c.source], c.source_note or "")
        elif c.source_note:
            block += self.render_source("Source:", c.source_note)
        if c.note:
            block += _labelled("The project's note:", c.note, "rules-note", "rules-engine-note")
        if c.status != "implemented" and c.reason:
            note = _block("rules-note", "rules-reason")
            note += _labelled(
                "Not formalized:" if c.status == "not-formalized" else "Retired:", c.reason
            )
            block += note
        if c.interpretation is not None:
            block += self.render_interpretation(c)
        if c.editions is not None:
            block += self.render_editions(c)
        block += self.render_links(c)
        return block

    def render_source(self, label: str, note: str) -> nodes.paragraph:
        """The source line; a note citing the sources page links to it when configured."""
        para = _labelled(label, note, "rules-source")
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
            ref += nodes.inline("the sources page", "the sources page")
            para += nodes.Text(" Open ")
            para += ref
            para += nodes.Text(".")
        return para

    def render_languages(self, c: Clause) -> rules_block:
        langs = _block("rules-langs")
        for lang in LANGUAGES:
            local = c.text(lang)
            column = _block(
                "rules-lang", f"rules-lang-{lang}", f"rules-text-{local.kind}", lang=lang
            )
            column += _para(LANGUAGE_NAMES[lang], "rules-lang-name")
            column += _para(local.text, "rules-lang-text")
            locator = _block("rules-locator", lang="en")
            locator += _para(local.label)
            column += locator
            langs += column
        return langs

    def render_interpretation(self, c: Clause) -> rules_block:
        it = c.interpretation
        assert it is not None
        note = _block("rules-note", "rules-interpretation")
        title = _para("Interpretation (the project's) ", "rules-note-title")
        title += entry_ref(c.id, "interpretation", "in the register")
        note += title
        note += _labelled("Question:", it.question)
        note += _labelled("Our reading:", it.reading)
        if it.alternatives:
            note += _para("Other readings:", "rules-note-label")
            note += _items([nodes.Text(a) for a in it.alternatives], "")
        if it.option:
            para = nodes.paragraph()
            para += nodes.strong("Option:", "Option:")
            para += nodes.Text(" ")
            para += nodes.literal(it.option, it.option)
            para += nodes.Text(" selects another reading.")
            note += para
        return note

    def render_editions(self, c: Clause) -> rules_block:
        ed = c.editions
        assert ed is not None
        note = _block("rules-note", "rules-editions")
        title = _para("Edition differences (the project's note) ", "rules-note-title")
        title += entry_ref(c.id, "editions", "in the register")
        note += title
        for lang, says in ed.says:
            note += _labelled(f"{LANGUAGE_NAMES_EN[lang]} edition:", says)
        note += _labelled("We follow:", ed.reading)
        return note

    def render_links(self, c: Clause) -> nodes.field_list:
        trace = self.trace
        fields = nodes.field_list(classes=["rules-links"])
        code = [source_ref(trace.code_line(ref), ref.name) for ref in trace.code.get(c.id, ())]
        empty = "none yet" if c.status == "implemented" else "none (not implemented)"
        fields += _field("Implemented by", _items(list(code), empty))
        if trace.tests is not None:
            tests = [
                source_ref(trace.test_line(t), short_test_name(t), t.nodeid)
                for t in trace.tests.get(c.id, ())
            ]
            fields += _field("Checked by", _tests(list(tests), "no test yet"))
        return fields


class ClauseDirective(RulesDirective):
    """``.. rules:clause:: dc.move.cover``: one clause, its texts, notes, code and tests."""

    required_arguments = 1
    option_spec = NO_INDEX

    def run(self) -> list[nodes.Node]:
        cid = self.arguments[0].strip()
        try:
            c = clause(cid)
        except KeyError:
            logger.warning(
                "unknown clause id %r",
                cid,
                location=self.get_location(),
                type="rules",
                subtype="unknown-clause",
            )
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
            target = nodes.target("", "")
            self.note_anchor(target, f"{cat.game}-rules")
            self.domain.note_page(cat.game, "rules", target["ids"][0], target)
            result.append(target)
        intro = nodes.paragraph()
        intro += nodes.Text(
            "Each clause gives its id and title, our English statement, then its "
            "French, Spanish and German texts. Every text is in the project's own words: "
            "where the game has an edition in that language, it follows that edition, "
            "at the place named under it; where it has none, it is our translation. "
            "A clause no edition states says where it comes from instead. Then come "
            "our notes on how the engine applies the rule, our interpretation and the "
            "edition differences where there are any (a clause marked "
            f"\u201c{READING_BADGE}\u201d rests on an interpretation), and the code "
            "and tests behind it. See also the "
        )
        intro += page_ref(cat.game, "index", "clause index")
        intro += nodes.Text(".")
        result.append(intro)
        overrides = self.config.rules_section_titles
        for section in cat.sections:
            members = [c for c in cat.clauses if c.section == section]
            if not members:
                continue
            sec = self.section(section_title(section, overrides), f"{cat.game}-{section}")
            for c in members:
                sec += self.render_clause(c, cat, index)
            result.append(sec)
        return result


class InterpretationsDirective(RulesDirective):
    """``.. rules:interpretations:: GAME``: every reading we chose, and its alternatives."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        cat = self.catalogue(self.arguments[0].strip())
        if cat is None:
            return []
        target = nodes.target("", "")
        self.note_anchor(target, f"{cat.game}-interpretations")
        self.domain.note_page(cat.game, "interpretations", target["ids"][0], target)
        result: list[nodes.Node] = [target]
        chosen = [c for c in cat.clauses if c.interpretation is not None]
        intro = nodes.paragraph()
        intro += nodes.Text(
            f"Where the rulebooks of {cat.title} are silent or ambiguous, we chose a "
            f"reading. {len(chosen)} clauses carry one; each entry gives the question, "
            "our reading, the readings we did not choose and, when there is one, the "
            "option that selects another reading. The clauses are in "
        )
        intro += page_ref(cat.game, "rules", "the rules")
        intro += nodes.Text(".")
        result.append(intro)
        for c in chosen:
            it = c.interpretation
            assert it is not None
            sec = self.section(c.title, f"interpretation-{c.id}")
            self.domain.note_page(c.id, "interpretation", sec["ids"][0], sec)
            head = nodes.paragraph(classes=["rules-register-clause"])
            head += nodes.Text("Clause ")
            head += clause_ref(c.id)
            head += nodes.Text(f" ({STATUS_LABELS[c.status]}): back to its texts")
            sec += head
            sec += _labelled("Question:", it.question)
            sec += _labelled("Our reading:", it.reading)
            if it.alternatives:
                sec += _para("Readings we did not choose:", "rules-note-label")
                sec += _items([nodes.Text(a) for a in it.alternatives], "")
            para = nodes.paragraph()
            para += nodes.strong("Option:", "Option:")
            if it.option:
                para += nodes.Text(" ")
                para += nodes.literal(it.option, it.option)
                para += nodes.Text(" selects another reading.")
            else:
                para += nodes.Text(" none; no other reading is offered.")
            sec += para
            result.append(sec)
        return result


class EditionsDirective(RulesDirective):
    """``.. rules:editions:: GAME``: where the editions differ, and what we follow."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        cat = self.catalogue(self.arguments[0].strip())
        if cat is None:
            return []
        target = nodes.target("", "")
        self.note_anchor(target, f"{cat.game}-editions")
        self.domain.note_page(cat.game, "editions", target["ids"][0], target)
        result: list[nodes.Node] = [target]
        result.append(_para(f"The rulebooks of {cat.title} that the clauses cite:"))
        rows: list[tuple[list[nodes.Element], list[str]]] = []
        for lang in LANGUAGES:
            edition = edition_of(cat, lang)
            rows.append(
                (
                    [
                        _para(f"{LANGUAGE_NAMES[lang]} ({LANGUAGE_NAMES_EN[lang]})"),
                        _para(
                            f"{edition}: our texts follow it"
                            if edition
                            else "none: our texts are translations"
                        ),
                    ],
                    [],
                )
            )
        result.append(_table(["Language", "Edition"], rows, [1, 3], ["rules-editions-table"]))
        differing = [c for c in cat.clauses if c.editions is not None]
        result.append(_para(_editions_summary(cat, len(differing)), "rules-editions-summary"))
        for c in differing:
            ed = c.editions
            assert ed is not None
            sec = self.section(c.title, f"editions-{c.id}")
            self.domain.note_page(c.id, "editions", sec["ids"][0], sec)
            head = nodes.paragraph(classes=["rules-register-clause"])
            head += nodes.Text("Clause ")
            head += clause_ref(c.id)
            head += nodes.Text(": back to its texts")
            sec += head
            for lang, says in ed.says:
                sec += _labelled(f"{LANGUAGE_NAMES_EN[lang]} edition:", says)
            sec += _labelled("We follow:", ed.reading)
            result.append(sec)
        return result


def _editions_summary(cat: Catalogue, differing: int) -> str:
    """What the edition differences page holds: the differences, or why there are none."""
    printed = list(cat.sources)
    ours = [LANGUAGE_NAMES_EN[lang] for lang in LANGUAGES if edition_of(cat, lang) is None]
    if len(printed) < 2:
        edition = printed[0][1] if printed else "no printed edition"
        translated = ""
        if ours:
            translated = f" The {' and '.join(ours)} texts are our translations of it."
        return (
            f"The clauses of {cat.title} cite a single edition, {edition}: with no other "
            "edition to compare, no clause can differ between editions." + translated
        )
    if not differing:
        return "The editions agree on every clause: no clause differs between them."
    clauses = "clause differs" if differing == 1 else "clauses differ"
    return (
        f"{differing} {clauses} between the editions: what each edition says, what we "
        "follow and why."
    )


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
            target = nodes.target("", "")
            self.note_anchor(target, f"{cat.game}-traceability")
            self.domain.note_page(cat.game, "traceability", target["ids"][0], target)
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
            sec += _para(
                f"{len(cat.clauses)} clauses ({summary}); "
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
            logger.warning(
                "rules_mutation_scores: %s",
                error,
                location=self.get_location(),
                type="rules",
                subtype="config",
            )
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
        bullets = nodes.bullet_list(classes=["rules-games"])
        for cat in catalogues():
            para = nodes.paragraph()
            para += page_ref(cat.game, "game", cat.title)
            implemented = sum(c.status == "implemented" for c in cat.clauses)
            editions = ", ".join(LANGUAGE_NAMES_EN[lang] for lang, _edition in cat.sources)
            para += nodes.Text(
                f": {len(cat.clauses)} clauses, {implemented} implemented; "
                f"editions cited: {editions or 'none'}. "
            )
            for n, (kind, text) in enumerate(
                (
                    ("rules", "rules"),
                    ("interpretations", "interpretations"),
                    ("editions", "edition differences"),
                    ("index", "clause index"),
                )
            ):
                if n:
                    para += nodes.Text(" · ")
                para += page_ref(cat.game, kind, text)
            bullets += nodes.list_item("", para)
        return [bullets]


class GameDirective(RulesDirective):
    """``.. rules:game:: GAME``: a game's summary, on the page that introduces it."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        cat = self.catalogue(self.arguments[0].strip())
        if cat is None:
            return []
        target = nodes.target("", "")
        self.note_anchor(target, f"{cat.game}-game")
        self.domain.note_page(cat.game, "game", target["ids"][0], target)
        counts = {s: sum(c.status == s for c in cat.clauses) for s in STATUS_LABELS}
        summary = ", ".join(f"{n} {STATUS_LABELS[s]}" for s, n in counts.items() if n)
        para = nodes.paragraph()
        para += nodes.Text(f"The rules of {cat.title} as {len(cat.clauses)} clauses ({summary}). ")
        para += nodes.Text("They cite these rulebooks:")
        bullets = nodes.bullet_list()
        for lang in LANGUAGES:
            edition = edition_of(cat, lang)
            text = (
                f"{LANGUAGE_NAMES_EN[lang]}: {edition}; our texts follow it"
                if edition
                else f"{LANGUAGE_NAMES_EN[lang]}: no edition; our texts are translations"
            )
            bullets += nodes.list_item("", _para(text))
        pages = nodes.bullet_list(classes=["rules-game-pages"])
        chosen = sum(c.interpretation is not None for c in cat.clauses)
        differing = sum(c.editions is not None for c in cat.clauses)
        sections = [section_title(s, self.config.rules_section_titles) for s in cat.sections]
        sections = [t for s, t in zip(cat.sections, sections, strict=True) if _holds(cat, s)]
        for kind, name, what in (
            (
                "rules",
                "Rules",
                f"every clause in reading order, by section ({', '.join(sections)}): our "
                "statement, the rulebook texts, the code and the tests behind it",
            ),
            (
                "interpretations",
                "Interpretation register",
                f"the {chosen} questions the rulebooks leave open, the reading we chose "
                "for each and the readings we did not",
            ),
            (
                "editions",
                "Edition differences",
                f"the editions cited and the {differing} clauses on which they differ"
                if len(cat.sources) > 1
                else "the one edition cited, and why no clause differs",
            ),
            ("index", "Clause index", "every clause id with its title, by section"),
            (
                "traceability",
                "Traceability matrix",
                "each clause with its status, the functions that implement it and the "
                "tests that check it",
            ),
        ):
            item = nodes.paragraph()
            item += page_ref(cat.game, kind, name)
            item += nodes.Text(f": {what}.")
            pages += nodes.list_item("", item)
        folder = self.env.docname.rpartition("/")[0]
        api = f"{folder}/api" if folder else "api"
        if api in self.env.found_docs:
            ref = addnodes.pending_xref(
                "", refdomain="std", reftype="doc", reftarget=f"/{api}", refexplicit=True
            )
            ref += nodes.inline("API", "API")
            item = nodes.paragraph()
            item += ref
            item += nodes.Text(": the modules that implement the game, with their docstrings.")
            pages += nodes.list_item("", item)
        links = _para("The pages of this game:")
        return [target, para, bullets, links, pages]


def _holds(cat: Catalogue, section: str) -> bool:
    return any(c.section == section for c in cat.clauses)
