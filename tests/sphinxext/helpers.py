"""Building small Sphinx projects that use rulespec.sphinxext, and reading their HTML.

Sphinx and ``rulespec.sphinxext`` are slow to import and every test process collects
these modules while one runs them: the tests import them where they use them."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


ONE_LINE = 'extensions = ["rulespec.sphinxext"]\n'
"""The one line of ``conf.py`` that turns the extension on."""


def built(root: Path, pages: dict[str, str], conf: str = "") -> Build:
    """``pages`` built by :func:`build` in ``root``: a project whose ``conf.py`` is
    :data:`ONE_LINE` and then ``conf``.

    >>> import tempfile
    >>> result = built(Path(tempfile.mkdtemp()), {"index.rst": "Home\\n====\\n"})
    >>> result.status, result.warnings, "Home" in result.page("index.html")
    (0, '', True)
    """
    return build(project(root / "src", ONE_LINE + conf, pages), root / "out")


def cited_tests(root: Path, module: str, source: str) -> Path:
    """A folder ``tests`` in ``root`` holding one test module ``module`` with ``source``."""
    tests = root / "tests"
    tests.mkdir()
    (tests / module).write_text(source, encoding="utf-8")
    return tests


@attrs.frozen
class Build:
    """The result of one ``sphinx-build`` run."""

    status: int
    outdir: Path
    warnings: str

    def page(self, name: str) -> str:
        return (self.outdir / name).read_text(encoding="utf-8")

    def pages(self) -> Iterator[Path]:
        return iter(sorted(self.outdir.rglob("*.html")))


def project(folder: Path, conf: str, pages: dict[str, str]) -> Path:
    """A Sphinx source folder with ``conf.py`` and the given pages."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.py").write_text(conf, encoding="utf-8")
    for name, text in pages.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def build(
    src: Path, out: Path, *, parallel: int = 1, strict: bool = True, fresh: bool = True
) -> Build:
    """Build ``src`` as HTML into ``out`` (``-W`` unless ``strict`` is false)."""
    from sphinx.cmd.build import build_main

    out.mkdir(parents=True, exist_ok=True)
    warnfile = out / "warnings.txt"
    args = ["-b", "html", "-q", "-w", str(warnfile), "-d", str(out / "doctrees")]
    if strict:
        args.append("-W")
    if fresh:
        args.append("-E")
    if parallel > 1:
        args += ["-j", str(parallel)]
    status = build_main([*args, str(src), str(out / "html")])
    warnings = warnfile.read_text(encoding="utf-8") if warnfile.exists() else ""
    return Build(status, out / "html", warnings)


@attrs.define
class _Open:
    ident: str
    depth: int = 0
    parts: list[str] = attrs.Factory(list)


class _Blocks(HTMLParser):
    """The inner HTML of every ``<div>`` whose class list holds ``wanted``, by id."""

    def __init__(self, wanted: str) -> None:
        super().__init__(convert_charrefs=False)
        self.wanted = wanted
        self.found: dict[str, str] = {}
        self._open: list[_Open] = []

    def _add(self, piece: str) -> None:
        for block in self._open:
            block.parts.append(piece)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._add(self.get_starttag_text() or "")
        if tag != "div":
            return
        for block in self._open:
            block.depth += 1
        values = dict(attrs)
        if self.wanted in (values.get("class") or "").split() and values.get("id"):
            self._open.append(_Open(values["id"] or ""))

    def handle_endtag(self, tag: str) -> None:
        if tag != "div":
            self._add(f"</{tag}>")
            return
        for block in list(self._open):
            if block.depth == 0:
                self.found[block.ident] = "".join(block.parts)
                self._open.remove(block)
            else:
                block.depth -= 1
                block.parts.append("</div>")

    def handle_data(self, data: str) -> None:
        self._add(data)

    def handle_entityref(self, name: str) -> None:
        self._add(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self._add(f"&#{name};")


def blocks(page: str, wanted: str = "rules-clause") -> dict[str, str]:
    """The inner HTML of each ``div.<wanted>`` of ``page``, by its id."""
    parser = _Blocks(wanted)
    parser.feed(page)
    parser.close()
    return parser.found


def text(fragment: str) -> str:
    """The text of an HTML fragment, whitespace collapsed."""
    plain = html.unescape(re.sub(r"<[^>]+>", " ", fragment))
    return " ".join(plain.split())


def page_blocks(result: Build) -> dict[str, dict[str, str]]:
    """The clause blocks of each page of a build: page → id → inner HTML, in page order.

    A page without the class name holds no block: the parser is spared the source
    listings."""
    found: dict[str, dict[str, str]] = {}
    for path in result.pages():
        page = path.read_text(encoding="utf-8")
        if "rules-clause" in page:
            found[path.relative_to(result.outdir).as_posix()] = blocks(page)
    return found


def by_clause(pages: dict[str, dict[str, str]]) -> dict[str, tuple[str, str]]:
    """The blocks of :func:`page_blocks` by clause id: id → (page, inner HTML); a clause
    rendered twice fails."""
    found: dict[str, tuple[str, str]] = {}
    for rel, inners in pages.items():
        for ident, inner in inners.items():
            assert ident not in found, f"{ident} rendered on {found[ident][0]} and {rel}"
            found[ident] = (rel, inner)
    return found


def clause_blocks(result: Build) -> dict[str, tuple[str, str]]:
    """Every rendered clause of a build: id → (page, inner HTML)."""
    return by_clause(page_blocks(result))


def field(inner: str, name: str) -> str | None:
    """The HTML of the field ``name`` ("Implemented by", "Checked by") of a clause block."""
    match = re.search(
        rf"<dt[^>]*>{re.escape(name)}<span class=\"colon\">:</span></dt>\s*<dd[^>]*>(.*?)</dd>",
        inner,
        re.S,
    )
    return match.group(1) if match else None
