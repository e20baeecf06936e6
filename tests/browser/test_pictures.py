"""Every picture of the built site can be read, at 1280 and at 390 px wide.

The site must be built first; ``RULESPEC_SITE`` names its folder (``.ci/run``
sets it after its docs build). Without it the test is skipped; with it, a
missing browser or a missing rules page fails. Each rules and "How to play"
page is opened in the system's headless Chromium; a page not built yet (no
"How to play" in that language, say) is left out. See :mod:`tests.browser.measure`.

On a phone (390 px) the players' pages show every picture whole, each drawn again
for the narrow column: no box hides part of its picture behind a sideways scroll.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.measure import SMALLEST_TEXT, WIDTHS, browser, measure, pages

LANGUAGES = ("", "fr/", "es/", "de/")
"""Where each language's build stands in the site: English at its root."""
PHONE = 390

SITE = os.environ.get("RULESPEC_SITE")

pytestmark = pytest.mark.skipif(not SITE, reason="RULESPEC_SITE names no built site")


def test_every_picture_is_readable_and_whole_at_both_widths() -> None:
    assert SITE is not None
    site = Path(SITE)
    executable = browser()
    assert executable, "no headless Chromium: apt-get install chromium-headless-shell"
    found = pages(site)
    rules = [p for p in found if p.name == "rules.html"]
    assert len(rules) >= 3, f"no rules pages built in {site}"
    pictures = list(measure(site, found, executable))
    for width in WIDTHS:
        seen = {p.page for p in pictures if p.width == width}
        # Every rules page draws its worked examples, at both widths.
        assert {p.relative_to(site).as_posix() for p in rules} <= seen
    faults = [fault for picture in pictures for fault in picture.faults()]
    assert not faults, f"{len(faults)} unreadable pictures:\n" + "\n".join(faults[:40])
    assert min(p.smallest for p in pictures) >= SMALLEST_TEXT


def test_how_to_play_pictures_fit_a_phone_in_every_language() -> None:
    assert SITE is not None
    site = Path(SITE)
    executable = browser()
    assert executable, "no headless Chromium: apt-get install chromium-headless-shell"
    found = sorted(site.glob("games/*/how-to-play.html"))
    assert len(found) >= 3, f"no How to play pages built in {site}"
    paths = [site / lang / p.relative_to(site) for lang in LANGUAGES for p in found]
    missing = [p.relative_to(site).as_posix() for p in paths if not p.exists()]
    assert not missing, f"How to play pages not built: {missing}"
    pictures = [p for p in measure(site, paths, executable) if p.width == PHONE]
    # Each page shows its pictures, and every one of them is measured in every language.
    assert {p.page for p in pictures} == {p.relative_to(site).as_posix() for p in paths}
    per_language = {
        lang: sum(p.page.startswith(f"{lang}games/") for p in pictures) for lang in LANGUAGES
    }
    assert len(set(per_language.values())) == 1, per_language
    hidden = [f"{p.page} #{p.index}: {p.hidden:.0f}px hidden" for p in pictures if p.hidden > 1]
    assert not hidden, "pictures wider than a phone's column:\n" + "\n".join(hidden)
    small = [
        f"{p.page} #{p.index}: {p.smallest:.1f}px" for p in pictures if p.smallest < SMALLEST_TEXT
    ]
    assert not small, "picture text too small on a phone:\n" + "\n".join(small)
    # Every picture fills no more than the column: it stands inside the window.
    assert max(p.shown for p in pictures) <= PHONE
