"""HTML pages of the source files that "Implemented by" and "Checked by" link to.

Each page shows one file with numbered lines (anchors ``L-<n>``), the cited
lines highlighted, and a list of the clauses that each cited line serves,
linked back to where they are rendered. With ``rules_source_url`` set, the
links go to that URL instead and no page is written.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder

from rulespec.sphinxext._data import SourceLine, trace_data
from rulespec.sphinxext.domain import RulesDomain, html_pages, source_pagename


def cited_lines(app: Sphinx) -> dict[str, tuple[str, dict[int, list[str]]]]:
    """For each source file a rendered clause links to: its absolute path, and the
    clause ids cited at each line."""
    domain = cast("RulesDomain", app.env.get_domain("rules"))
    trace = trace_data(app.config.rules_tests_dir)
    files: dict[str, tuple[str, dict[int, list[str]]]] = {}

    def add(where: SourceLine, cid: str) -> None:
        _file, lines = files.setdefault(where.path, (where.file, {}))
        cited = lines.setdefault(where.line, [])
        if cid not in cited:
            cited.append(cid)

    for cid in sorted(domain.clauses):
        for ref in trace.code.get(cid, ()):
            add(trace.code_line(ref), cid)
        for test in (trace.tests or {}).get(cid, ()):
            add(trace.test_line(test), cid)
    return files


def collect_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """``html-collect-pages``: one page per cited source file."""
    if app.config.rules_source_url or not html_pages(app.builder):
        return
    domain = cast("RulesDomain", app.env.get_domain("rules"))
    builder = cast("StandaloneHTMLBuilder", app.builder)
    for path, (file, lines) in sorted(cited_lines(app).items()):
        pagename = source_pagename(path)
        try:
            code = Path(file).read_text(encoding="utf-8")
        except OSError:
            continue
        highlighted = builder.highlighter.highlight_block(
            code,
            "python",
            linenos="inline",
            lineanchors="L",
            anchorlinenos=True,
            hl_lines=sorted(lines),
        )
        items = []
        for line, cids in sorted(lines.items()):
            links = []
            for cid in cids:
                docname, anchor, _game, title = domain.clauses[cid]
                uri = app.builder.get_relative_uri(pagename, docname) + "#" + anchor
                links.append(
                    f'<a class="reference internal" href="{html.escape(uri)}" '
                    f'title="{html.escape(title)}"><code>{html.escape(cid)}</code></a>'
                )
            items.append(f'<li><a href="#L-{line}">line {line}</a>: {", ".join(links)}</li>')
        body = (
            f"<h1>Source of <code>{html.escape(path)}</code></h1>\n"
            f'<p>The lines that implement or check a clause:</p>\n<ul class="rules-cited">'
            + "\n".join(items)
            + "</ul>\n"
            + '<div class="highlight-python notranslate rules-source-code">'
            + highlighted
            + "</div>\n"
        )
        yield pagename, {"title": path, "body": body, "parents": []}, "page.html"
