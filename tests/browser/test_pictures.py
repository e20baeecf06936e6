"""Every picture of the built site can be read, at 1280 and at 390 px wide.

The site must be built first; ``RULESPEC_SITE`` names its folder (``.ci/run``
sets it after its docs build). Without it the test is skipped; with it, a
missing browser or a missing rules page fails. Each rules and "How to play"
page is opened in the system's headless Chromium; a page not built yet (no
"How to play" in that language, say) is left out. See :mod:`tests.browser.measure`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.measure import SMALLEST_TEXT, WIDTHS, browser, measure, pages

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
