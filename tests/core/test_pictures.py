"""The pictures a reader sees: readable text, whole titles, the move ringed and told.

That they read at 10 px or more in a browser, at 1280 and 390 px wide, is
checked on the built site by ``tests/browser``; these checks need no browser.
"""

from __future__ import annotations

import importlib
import re
import xml.etree.ElementTree as ET

import pytest

import rulespec
from rulespec.drawing import svg as s
from rulespec.duo.cards import BASE_DECK, card_name
from rulespec.duo.position import position
from rulespec.rulebook.examples import Example, examples_of

GAMES = ("duck-and-cover", "duo", "canardage")
SVG = "{http://www.w3.org/2000/svg}"


def _pictures(game: str, example: Example) -> list[str]:
    render = importlib.import_module(type(example.before).__module__.rpartition(".")[0] + ".render")
    marked = render.marks(example.before, example.action)
    tables = [example.before, example.after]
    if example.view is not None:
        tables = [rulespec.game(game).view(t, example.view) for t in tables]
    return [render.svg(t, marked=m) for t, m in zip(tables, marked, strict=True)]


def _example(game: str, name: str) -> Example:
    return next(e for e in examples_of(game) if e.name == name)


@pytest.mark.parametrize("game", GAMES)
def test_no_picture_text_is_smaller_than_eleven_units(game: str) -> None:
    for example in examples_of(game):
        for picture in _pictures(game, example):
            assert (s.smallest_text(picture) or 0) >= s.SMALLEST_TEXT, example.name


@pytest.mark.parametrize("game", GAMES)
def test_every_title_line_fits_its_picture(game: str) -> None:
    for example in examples_of(game):
        for picture in _pictures(game, example):
            root = ET.fromstring(picture)
            width = float(root.get("width", "0"))
            title = root.find(f"{SVG}text")
            assert title is not None
            lines = [span.text or "" for span in title.findall(f"{SVG}tspan")]
            assert " ".join(lines) == root.findtext(f"{SVG}title"), example.name
            size = float(title.get("font-size", "0"))
            x = float(title.get("x", "0"))
            for line in lines:
                assert x + s.text_width(line, size, bold=True) <= width - x + 0.5, line


def test_a_long_title_wraps_onto_more_lines() -> None:
    max_example = _example("duck-and-cover", "dc-max")
    picture = _pictures("duck-and-cover", max_example)[0]
    title = ET.fromstring(picture).find(f"{SVG}text")
    assert title is not None
    lines = [span.text for span in title.findall(f"{SVG}tspan")]
    assert len(lines) >= 2 and lines[-1] is not None and lines[-1].endswith("visible card)")


@pytest.mark.parametrize(
    ("game", "name", "told"),
    [
        ("duck-and-cover", "dc-max", "Player 0 covers the 11 with the 12."),
        ("duo", "duo-two-features", "Player 0 places the red 3 circle on pile 0."),
        (
            "canardage",
            "can-palme-arriere",
            "Player 0 plays Palme arrière: swap player 0's duck on space 0 with the card "
            "behind it (player 1's duck).",
        ),
    ],
)
def test_the_figure_rings_what_moved_on_both_pictures_and_tells_the_move(
    game: str, name: str, told: str
) -> None:
    from rulespec.sphinxext.examples import figure

    example = _example(game, name)
    for picture in _pictures(game, example):
        assert len(ET.fromstring(picture).findall(f".//{SVG}rect[@class='moved']")) >= 1
    page = figure(game, example)
    assert f"<strong>The move:</strong> {told}" in page.replace("&#x27;", "'")
    record = re.search(r"<details[^>]*><summary>[^<]*</summary><code>(.*?)</code>", page)
    assert record is not None and '"type"' in record.group(1).replace("&quot;", '"')


def test_the_rulebooks_end_of_round_rings_jacksons_10_before_and_after() -> None:
    example = _example("duck-and-cover", "dc-score")
    before, after = _pictures("duck-and-cover", example)
    moved = [
        g.get("data-position")
        for g in ET.fromstring(before).iter(f"{SVG}g")
        if "moved" in (g.get("class") or "").split()
    ]
    assert moved == ["0,0"]  # the 10, on its stack
    landed = [
        (g.get("data-player"), g.get("data-position"))
        for g in ET.fromstring(after).iter(f"{SVG}g")
        if "moved" in (g.get("class") or "").split()
    ]
    assert landed == [("1", "1,0")]  # on the 6


def test_duo_counts_one_card_in_the_singular() -> None:
    state = position(
        [["red-3-circle"], ["blue-1-square", "green-2-cross"]],
        [["red-3-square"], ["green-4-triangle"]],
    )
    texts = [t.text for t in ET.fromstring(duo_svg(state)).iter(f"{SVG}text")]
    assert "1 card" in texts and "2 cards" in texts and "1 cards" not in texts
    assert "pile 0 (1 card)" in texts


def duo_svg(table: object) -> str:
    from rulespec.duo.render import svg

    return svg(table)  # type: ignore[arg-type]


def test_a_long_hidden_duo_hand_is_fanned_and_counted_not_laid_out_card_by_card() -> None:
    duo = rulespec.game("duo")
    named = {"red-3-circle", "red-3-square", "green-4-triangle"}
    rest = [card_name(c) for c in BASE_DECK if card_name(c) not in named]
    state = position(
        [["red-3-circle"], rest[:70]], [["red-3-square"], ["green-4-triangle"]], draw_pile=rest[70:]
    )
    root = ET.fromstring(duo_svg(duo.view(state, 0)))
    assert len(root.findall(f".//{SVG}g[@class='card back']")) == 8
    assert "… 62 more" in [t.text for t in root.iter(f"{SVG}text")]
    assert float(root.get("width", "0")) < 700  # about a column, not 70 cards wide
    shown = ET.fromstring(duo_svg(state))  # the whole table: the hand in rows of ten
    hand = shown.find(f".//{SVG}g[@data-player='1']")
    assert hand is not None
    faces = [g.find(f"{SVG}rect") for g in hand.findall(f"{SVG}g[@class='card']")]
    rows = {face.get("y") for face in faces if face is not None}
    assert len(rows) == 7
