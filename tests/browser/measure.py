"""Measuring the pictures of a built site in headless Chromium, as a reader sees them.

The pictures are the SVG documents that ``rulespec.drawing.svg.document`` writes
(``<svg role="img">``). On each page, at each window width, every picture that is
laid out (not inside a closed ``<details>`` or a hidden language tab) is
measured: the smallest height of its text in CSS pixels, any of its text drawn
outside its own frame (a title cut off), whether the picture itself is cut
off (clipped by a box around it that does not scroll, or past the window's
edge), and how much of it its own box hides, to be scrolled into view sideways.
On the pages of :data:`WHOLE` a phone shows every picture whole: none is hidden
in part behind such a scroll.

Run it by hand on a built site::

    uv run python -m tests.browser.measure docs/_build/html

Chromium comes from the system (``chromium-headless-shell`` or ``chromium``);
Playwright's own browser download is not used.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator, Sequence
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import attrs

WIDTHS = (1280, 390)
"""The window widths a reader is measured at: a laptop and a phone."""
SMALLEST_TEXT = 10.0
"""The smallest text a picture may show, in CSS pixels."""
BROWSERS = (
    "chromium-headless-shell",
    "/usr/lib/chromium/chromium-headless-shell",
    "chromium",
    "/usr/lib/chromium/chromium",
)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium started with no network of its own: the machine has none to give it."""

PAGE_PATTERNS = (
    "index.html",
    "games/*/rules.html",
    "games/*/how-to-play.html",
    "*/games/*/rules.html",
    "*/games/*/how-to-play.html",
    "guides/quickstart.html",
    "guides/notebook.html",
    "guides/records.html",
)
"""The pages with pictures: rules and "How to play" pages (in every language built),
the front page and the guides that draw states."""

WHOLE = (
    "games/*/how-to-play.html",
    "*/games/*/how-to-play.html",
    "games/*/rules.html",
    "*/games/*/rules.html",
)
"""The pages where no picture may hide part of itself in a box scrolled sideways, at any
width: the players' pages, whose pictures are drawn again for a phone's column."""

_MEASURE = """
() => {
  const out = [];
  const vw = document.documentElement.clientWidth;
  const pictures = Array.from(document.querySelectorAll('svg[role="img"]'))
    .filter(svg => !svg.parentElement.closest('svg'));
  pictures.forEach((svg, index) => {
    const box = svg.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const figure = svg.closest('figure');
    const name = (figure && figure.id) || svg.querySelector('title')?.textContent || '';
    const scale = svg.getScreenCTM().d;
    let smallest = Infinity, smallestText = '';
    const overflowing = [];
    for (const t of svg.querySelectorAll('text')) {
      const size = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (size < smallest) { smallest = size; smallestText = t.textContent; }
      const r = t.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > box.right + 1 || r.left < box.left - 1 || r.bottom > box.bottom + 1) {
        overflowing.push(t.textContent);
      }
    }
    let cut = '';
    let rect = box;
    for (let a = svg.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const overflow = getComputedStyle(a).overflowX;
      if (overflow === 'visible') continue;
      const outer = a.getBoundingClientRect();
      if (overflow === 'auto' || overflow === 'scroll') { rect = outer; continue; }
      if (rect.right > outer.right + 1 || rect.left < outer.left - 1) {
        cut = 'clipped by <' + a.tagName.toLowerCase() + ' class="' + a.className + '">';
        break;
      }
    }
    if (!cut && (rect.right > vw + 1 || rect.left < -1)) {
      cut = 'past the edge of the window (' + Math.round(rect.right) + ' > ' + vw + ')';
    }
    const frame = svg.closest('.rules-picture');
    const hidden = frame ? Math.max(0, frame.scrollWidth - frame.clientWidth) : 0;
    out.push({index, name, width: box.width, smallest, smallestText, overflowing, cut, hidden});
  });
  return out;
}
"""


@attrs.frozen
class Picture:
    """One picture as shown on one page at one window width."""

    page: str
    width: int
    """The window's width."""
    index: int
    name: str
    shown: float
    """The picture's width on screen, in CSS pixels."""
    smallest: float
    """Its smallest text's height, in CSS pixels."""
    smallest_text: str
    overflowing: tuple[str, ...]
    """Its texts drawn past its own frame."""
    cut: str
    """Why the picture itself is cut off; empty when it is not."""
    hidden: float = 0.0
    """How many CSS pixels of it its box hides, to be scrolled into view sideways."""

    def faults(self) -> list[str]:
        """What a reader could not read, one line each."""
        where = f"{self.page} at {self.width}px, picture {self.index} ({self.name[:60]!r})"
        found = []
        if self.smallest < SMALLEST_TEXT:
            found.append(f"{where}: text {self.smallest:.1f}px high ({self.smallest_text[:40]!r})")
        for content in self.overflowing:
            found.append(f"{where}: text cut off at the picture's edge: {content[:60]!r}")
        if self.cut:
            found.append(f"{where}: the picture is cut off, {self.cut}")
        if self.hidden > 1 and any(fnmatch(self.page, pattern) for pattern in WHOLE):
            found.append(f"{where}: its box hides {self.hidden:.0f}px of it, scrolled sideways")
        return found


def browser() -> str | None:
    """The path of the system's headless Chromium, if it has one."""
    chosen = os.environ.get("RULESPEC_CHROMIUM")
    if chosen:
        return chosen
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def pages(site: Path) -> list[Path]:
    """The pages of ``site`` that show pictures, each once."""
    found: dict[Path, None] = {}
    for pattern in PAGE_PATTERNS:
        for page in sorted(site.glob(pattern)):
            found[page] = None
    return list(found)


def measure(site: Path, paths: Sequence[Path], executable: str) -> Iterator[Picture]:
    """Every picture laid out on ``paths`` (pages of ``site``), at each of :data:`WIDTHS`."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=executable, args=ARGS)
        try:
            for width in WIDTHS:
                context = chromium.new_context(viewport={"width": width, "height": 900})
                page = context.new_page()
                for path in paths:
                    page.goto(path.resolve().as_uri(), wait_until="load")
                    found: list[dict[str, Any]] = page.evaluate(_MEASURE)
                    name = path.relative_to(site).as_posix()
                    for row in found:
                        yield Picture(
                            page=name,
                            width=width,
                            index=row["index"],
                            name=row["name"],
                            shown=row["width"],
                            smallest=row["smallest"],
                            smallest_text=row["smallestText"],
                            overflowing=tuple(row["overflowing"]),
                            cut=row["cut"],
                            hidden=row["hidden"],
                        )
                context.close()
        finally:
            chromium.close()


def main(argv: Sequence[str]) -> int:
    """Print each page's smallest picture text per width, then every fault found."""
    site = Path(argv[0]) if argv else Path("docs/_build/html")
    executable = browser()
    if executable is None:
        print("no headless Chromium found (apt-get install chromium-headless-shell)")
        return 2
    pictures = list(measure(site, pages(site), executable))
    for width in WIDTHS:
        at = [p for p in pictures if p.width == width]
        if at:
            low = min(at, key=lambda p: p.smallest)
            print(
                f"{width}px: {len(at)} pictures, smallest text {low.smallest:.2f}px "
                f"({low.page}, picture {low.index}, {low.name[:50]!r})"
            )
    faults = [f for p in pictures for f in p.faults()]
    print(f"{len(faults)} faults")
    for fault in faults:
        print(" ", fault)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
