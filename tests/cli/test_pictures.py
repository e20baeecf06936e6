"""The docs' ``state-picture`` directive: the SVG of the state its code builds, in the page."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.cli.helpers import ROOT

sphinx_build = pytest.importorskip("sphinx.cmd.build", reason="Sphinx is not installed")

CONF = f"""
import sys
sys.path.insert(0, {str(ROOT / "docs" / "_ext")!r})
extensions = ["rulespec_pictures"]
"""

PAGE = """
Pictures
========

.. state-picture::
   :caption: Both families in order, the 5 called.

   dc = rulespec.game("duck-and-cover")
   grid = "1 2 3 4\\n5 6 7 8\\n9 10 11 12"
   dc.position([grid, grid], card=5)

.. state-picture::
   :view: 1

   from rulespec.duck_cover import Cover, Duck
   dc = rulespec.game("duck-and-cover")
   grid = "1 2 3 4\\n5 6 7 8\\n9 10 11 12"
   state = dc.position([grid, grid], card=5)
   state = dc.apply(state, Cover(player=0, to=(0, 0)))
   dc.apply(state, Duck(player=1, to=(-1, 0)))
"""

BROKEN = """
Broken
======

.. state-picture::

   rulespec.game("duck-and-cover").position(["1 2 3"], card=5)
"""


def _build(tmp_path: Path, page: str) -> tuple[int, str, Path]:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.rst").write_text(page, encoding="utf-8")
    out = tmp_path / "out"
    warnings = tmp_path / "warnings.txt"
    status = sphinx_build.build_main(
        ["-b", "html", "-q", "-W", "-w", str(warnings), str(src), str(out)]
    )
    return status, warnings.read_text(encoding="utf-8"), out


def test_pictures_are_valid_svg_drawing_the_cards_of_the_state(tmp_path: Path) -> None:
    status, warnings, out = _build(tmp_path, PAGE)
    assert status == 0, warnings
    page = (out / "index.html").read_text(encoding="utf-8")
    # Each picture comes twice, drawn wide and for a phone's column; the wide ones here.
    wide = re.sub(r'<div class="picture-narrow">.*?</div>', "", page, flags=re.S)
    svgs = re.findall(r"<svg\b.*?</svg>", wide, re.S)
    pictures = [ET.fromstring(s) for s in svgs if "Duck &amp; Cover" in s]
    assert len(pictures) == 2
    ns = "{http://www.w3.org/2000/svg}"
    first, second = pictures
    # Two untouched families: 24 cards, the 5 called in each grid.
    cards = first.findall(f".//{ns}g[@data-position]")
    assert len(cards) == 24
    assert "card in play: 5" in (first.findtext(f"{ns}title") or "")
    assert "Both families in order, the 5 called." in page
    # After the turn: player 0's 5 covers the 1 (11 stacks), player 1's 5 ducked (12).
    assert len(second.findall(f".//{ns}g[@data-position]")) == 23
    assert len(second.findall(f".//{ns}rect[@class='covered']")) == 1
    # Player 1's view: player 0's covered 1 is only a depth under the 5; no card shows it.
    drawn = {
        (card.get("data-player"), card.get("data-position")): (
            card.findtext(f"{ns}text"),
            card.get("data-covered"),
        )
        for card in second.findall(f".//{ns}g[@data-position]")
    }
    assert drawn[("0", "0,0")] == ("5", "1")
    assert ("0", "0,1") not in drawn  # where the 5 stood: empty
    assert [n for (p, _), (n, _) in drawn.items() if p == "0"].count("1") == 0
    assert drawn[("1", "-1,0")] == ("5", "0")


def test_a_mistake_in_the_code_fails_the_build(tmp_path: Path) -> None:
    status, warnings, _ = _build(tmp_path, BROKEN)
    assert status != 0
    assert "state-picture: PositionError" in warnings


def test_the_jupyter_flag_embeds_what_a_notebook_shows(tmp_path: Path) -> None:
    import rulespec

    page = """
Notebook
========

.. state-picture::
   :jupyter:

   rulespec.game("canardage").view(rulespec.game("canardage").start(3, seed=4), 2)
"""
    status, warnings, out = _build(tmp_path, page)
    assert status == 0, warnings
    can = rulespec.game("canardage")
    shown = can.view(can.start(3, seed=4), 2)._repr_svg_()
    html = (out / "index.html").read_text(encoding="utf-8")
    # The page draws the picture in a box of its own: a style is added to its <svg> tag.
    tag, body = shown.split(">", 1)
    assert body in html and tag.removeprefix("<svg") in html
    whole = can.start(3, seed=4)._repr_svg_().split(">", 1)[1]
    assert whole not in html  # the view, not the whole state


def test_the_draw_option_draws_with_another_picture_function_of_the_render_module(
    tmp_path: Path,
) -> None:
    page = """
Line
====

.. state-picture::
   :draw: line_svg

   rulespec.game("canardage").position("0* W 1 2 W 0", [["pan"] * 3] * 3)
"""
    status, warnings, out = _build(tmp_path, page)
    assert status == 0, warnings
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'class="space"' in html and 'class="player"' not in html
    wrong = page.replace("line_svg", "narrate")
    (tmp_path / "again").mkdir()
    status, warnings, _ = _build(tmp_path / "again", wrong)
    assert status != 0 and "no picture function 'narrate'" in warnings
