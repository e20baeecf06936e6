"""The ``rules`` domain: where each clause is rendered, references, clause indices."""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import Any, ClassVar, cast

from docutils import nodes
from docutils.nodes import Element
from sphinx import addnodes
from sphinx.builders import Builder
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.errors import NoUri
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.nodes import make_refnode, split_explicit_title

from rulespec.i18n import translation
from rulespec.rulebook.clauses import Catalogue, clause
from rulespec.sphinxext._data import catalogue_of, section_title

logger = logging.getLogger(__name__)

# docname, anchor, game, title
ClauseEntry = tuple[str, str, str, str]

SOURCE_PAGES = "_rules/source"
"""Where the HTML builder writes the pages of the source files that pages link to."""


def source_pagename(path: str) -> str:
    """The page that shows the source file ``path``."""
    return f"{SOURCE_PAGES}/{path}"


def html_pages(builder: Builder) -> bool:
    """Whether ``builder`` writes one HTML page per document (and so source pages)."""
    from sphinx.builders.html import StandaloneHTMLBuilder

    return isinstance(builder, StandaloneHTMLBuilder) and builder.name != "singlehtml"


def warn(where: SphinxDirective | SphinxRole, subtype: str, message: str, *args: object) -> None:
    """A warning of type ``rules`` and ``subtype`` at ``where``'s place in its document
    (an error under ``-W``)."""
    logger.warning(message, *args, location=where.get_location(), type="rules", subtype=subtype)


class ClauseRole(SphinxRole):
    """``:rule:`dc.move.cover``` (or ``:rules:clause:``): cite a clause by its id.

    An id that no catalogue has is a warning (an error under ``-W``). A known
    clause links to where the project renders it, if it does.
    """

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        explicit, title, target = split_explicit_title(self.text)
        target = target.strip()
        try:
            found = clause(target)
        except KeyError:
            warn(self, "unknown-clause", "unknown clause id %r", target)
            return [nodes.literal(self.rawtext, target, classes=["rules-unknown"])], []
        ref = addnodes.pending_xref(
            self.rawtext,
            refdomain="rules",
            reftype="clause",
            reftarget=target,
            refexplicit=explicit,
            refwarn=False,
        )
        ref["rules-title"] = translation(self.config.language)(found.title, context=target)
        ref += nodes.literal(self.rawtext, title if explicit else target, classes=["rules-ref"])
        self.set_source_info(ref)
        return [ref], []


class ClauseIndex(Index):
    """The clauses of one game that the project renders, by section in reading order."""

    game: ClassVar[str]

    def generate(
        self, docnames: Iterable[str] | None = None
    ) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        domain = cast("RulesDomain", self.domain)
        cat = catalogue_of(self.game)
        if cat is None:
            return [], False
        overrides = domain.env.config.rules_section_titles
        tr = translation(domain.env.config.language)
        wanted = set(docnames) if docnames is not None else None
        content: list[tuple[str, list[IndexEntry]]] = []
        for section in cat.sections:
            entries = []
            for c in cat.clauses:
                where = domain.clauses.get(c.id)
                if c.section != section or where is None:
                    continue
                if wanted is not None and where[0] not in wanted:
                    continue
                title = tr(c.title, context=c.id)
                entries.append(IndexEntry(c.id, 0, where[0], where[1], "", "", title))
            if entries:
                content.append((tr(section_title(section, overrides)), entries))
        return content, False


def clause_index(cat: Catalogue, language: str | None = None) -> type[ClauseIndex]:
    """The index class of ``cat``'s clauses (page ``rules-<game>``), its titles in
    ``language``."""
    tr = translation(language)
    return type(
        f"ClauseIndex_{cat.game.replace('-', '_')}",
        (ClauseIndex,),
        {
            "name": cat.game,
            "localname": tr("{game}: clause index").format(game=cat.title),
            "shortname": tr("{game} clauses").format(game=cat.title),
            "game": cat.game,
        },
    )


class RulesDomain(Domain):
    """Clauses, the pages that show a game's registers, and the links between them."""

    name = "rules"
    label = "Rules"
    object_types: ClassVar[dict[str, ObjType]] = {"clause": ObjType("clause", "clause")}
    roles: ClassVar[dict[str, Any]] = {"clause": ClauseRole()}
    initial_data: ClassVar[dict[str, Any]] = {
        "clauses": {},  # clause id -> (docname, anchor, game, title)
        "pages": {},  # "game:kind" -> (docname, anchor)
        "users": {},  # docname -> True: documents that show catalogue or trace data
        "fingerprint": "",
    }
    data_version = 1

    @property
    def clauses(self) -> dict[str, ClauseEntry]:
        return cast("dict[str, ClauseEntry]", self.data["clauses"])

    @property
    def pages(self) -> dict[str, tuple[str, str]]:
        return cast("dict[str, tuple[str, str]]", self.data["pages"])

    @property
    def users(self) -> dict[str, bool]:
        return cast("dict[str, bool]", self.data["users"])

    def note_user(self, docname: str) -> None:
        """``docname`` shows catalogue or trace data: re-read it when they change."""
        self.users[docname] = True

    def note_clause(
        self, clause_id: str, game: str, title: str, anchor: str, node: nodes.Node
    ) -> bool:
        """Record that the current document renders ``clause_id`` at ``anchor``.

        False (with a warning) when this document renders it already.
        """
        entry = (self.env.docname, anchor, game, title)
        old = self.clauses.get(clause_id)
        self._add("clauses", clause_id, entry, node)
        return old is None or old[0] != self.env.docname

    def note_page(self, game: str, kind: str, anchor: str, node: nodes.Node) -> None:
        """Record that the current document shows ``game``'s ``kind`` (rules, editions, …)."""
        self._add("pages", f"{game}:{kind}", (self.env.docname, anchor), node)

    def _add(self, table: str, key: str, entry: tuple[str, ...], node: nodes.Node | None) -> None:
        known: dict[str, tuple[str, ...]] = self.data[table]
        if key in known:
            old = known[key]
            what = "clause" if table == "clauses" else "page"
            logger.warning(
                "%s %s is rendered twice (also in %s); use :no-index: on one of them",
                what,
                key,
                old[0] if old[0] != entry[0] else "this document",
                location=node,
                type="rules",
                subtype="duplicate",
            )
            if old[0] <= entry[0]:
                return  # the first document in name order wins, as in a serial build
        known[key] = entry

    def clear_doc(self, docname: str) -> None:
        for table in ("clauses", "pages"):
            known: dict[str, tuple[str, ...]] = self.data[table]
            for key in [k for k, entry in known.items() if entry[0] == docname]:
                del known[key]
        self.users.pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for table in ("clauses", "pages"):
            for key, entry in otherdata[table].items():
                if entry[0] in docnames:
                    self._add(table, key, tuple(entry), None)
        for docname in otherdata["users"]:
            if docname in docnames:
                self.users[docname] = True

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: addnodes.pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        if typ == "clause":
            entry = self.clauses.get(target)
            if entry is None:
                return None
            title = node.get("rules-title") or entry[3]
            return make_refnode(builder, fromdocname, entry[0], entry[1], contnode, title)
        if typ == "page":
            return self._resolve_page(builder, fromdocname, target, contnode)
        if typ == "source":
            return self._resolve_source(env, builder, fromdocname, target, node, contnode)
        return None

    def _resolve_page(
        self, builder: Builder, fromdocname: str, target: str, contnode: Element
    ) -> nodes.reference | None:
        game, _, kind = target.partition(":")
        if kind == "index":
            if not html_pages(builder) or not any(e[2] == game for e in self.clauses.values()):
                return None
            try:
                return make_refnode(builder, fromdocname, f"rules-{game}", None, contnode)
            except NoUri:
                return None
        page = self.pages.get(target)
        if page is None:
            return None
        return make_refnode(builder, fromdocname, page[0], page[1] or None, contnode)

    def _resolve_source(
        self,
        env: BuildEnvironment,
        builder: Builder,
        fromdocname: str,
        target: str,
        node: addnodes.pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        line = int(node.get("rules-line", 0))
        title = node.get("rules-title")
        url_format = env.config.rules_source_url
        if url_format:
            url = url_format.format(path=target, line=line)
            ref = nodes.reference("", "", internal=False, refuri=url)
            if title:
                ref["reftitle"] = title
            ref += contnode
            return ref
        if not html_pages(builder):
            return None
        anchor = f"L-{line}" if line else None
        return make_refnode(builder, fromdocname, source_pagename(target), anchor, contnode, title)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: addnodes.pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        ref = self.resolve_xref(env, fromdocname, builder, "clause", target, node, contnode)
        return [("rules:clause", ref)] if ref is not None else []

    def get_objects(self) -> Iterable[tuple[str, str, str, str, str, int]]:
        for cid, (docname, anchor, _game, title) in sorted(self.clauses.items()):
            yield cid, f"{cid} ({title})", "clause", docname, anchor, 1
