"""The pictures laid out for a phone's column (``svg(..., width=NARROW)``): every worked
example and every How to play table, in the four languages, fits the column at its
natural size, each thing drawn inside the picture's frame, its text no smaller than
the wide picture's."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.drawing import svg as s
from rulespec.i18n import SITE_LANGUAGES, translation
from rulespec.sphinxext.examples import all_examples, picture_box

DOCS = Path(__file__).resolve().parents[2] / "docs"
PICTURE = re.compile(r"\.\. state-picture::\n((?:   :.*\n)*)\n((?:   .*\n|\n)+?)(?=\S)")


def how_to_play() -> Iterator[tuple[str, str, int | None]]:
    """Each How to play picture's game, code and view."""
    for game in ("duck-and-cover", "duo", "canardage"):
        page = (DOCS / "games" / game / "how-to-play.rst").read_text(encoding="utf-8")
        for options, code in PICTURE.findall(page):
            view = re.search(r":view: (\d+)", options)
            body = "\n".join(line[3:] for line in code.splitlines()).strip()
            yield game, body, int(view.group(1)) if view else None


def tables() -> Iterator[tuple[str, Any]]:
    """Every table the players' pages draw: the worked examples' and How to play's."""
    for game, example in all_examples():
        for table in (example.before, example.after):
            if example.view is not None:
                table = rulespec.game(game).view(table, example.view)
            yield f"{example.name}", table
    for game, code, view in how_to_play():
        lines = code.splitlines()
        namespace: dict[str, Any] = {"rulespec": rulespec}
        exec("\n".join(lines[:-1]), namespace)
        table = eval(lines[-1], namespace)
        if view is not None:
            table = rulespec.game(game).view(table, view)
        yield f"{game} how to play", table


TABLES = list(tables())


def render(table: Any) -> Any:
    package = type(table).__module__.rpartition(".")[0]
    return __import__(f"{package}.render", fromlist=["svg"])


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?[0-9.]+", text)]


def _path_points(d: str) -> Iterator[tuple[float, float]]:
    """The points a path passes through or pulls towards (M, L, H, V, Q, T; lower case
    relative)."""
    x = y = 0.0
    for command, args in re.findall(r"([MmLlHhVvQqTtZz])([^MmLlHhVvQqTtZz]*)", d):
        values = _numbers(args)
        if command in "Zz":
            continue
        step = {"M": 2, "L": 2, "T": 2, "Q": 4, "H": 1, "V": 1}[command.upper()]
        for k in range(0, len(values), step):
            chunk = values[k : k + step]
            relative = command.islower()
            if command.upper() == "H":
                x = x + chunk[0] if relative else chunk[0]
            elif command.upper() == "V":
                y = y + chunk[0] if relative else chunk[0]
            else:
                if command.upper() == "Q":
                    cx, cy = (x + chunk[0], y + chunk[1]) if relative else (chunk[0], chunk[1])
                    yield cx, cy
                    chunk = chunk[2:]
                x, y = (x + chunk[0], y + chunk[1]) if relative else (chunk[0], chunk[1])
            yield x, y


def boxes(picture: str) -> Iterator[tuple[str, float, float, float, float]]:
    """Each drawn element's tag and its box (left, top, right, bottom), text measured as
    :func:`rulespec.drawing.svg.text_width` measures it (erring wide)."""

    def walk(
        node: ET.Element, dx: float, dy: float
    ) -> Iterator[tuple[str, float, float, float, float]]:
        shift = re.match(r"translate\(([-0-9.]+) ([-0-9.]+)\)", node.get("transform", ""))
        if shift:
            dx, dy = dx + float(shift.group(1)), dy + float(shift.group(2))
        tag = node.tag.rpartition("}")[2]

        def get(name: str) -> float:
            return float(node.get(name, 0))

        if tag == "rect":
            yield (
                tag,
                dx + get("x"),
                dy + get("y"),
                dx + get("x") + get("width"),
                dy + get("y") + get("height"),
            )
        elif tag == "circle":
            r = get("r")
            yield (
                tag,
                dx + get("cx") - r,
                dy + get("cy") - r,
                dx + get("cx") + r,
                dy + get("cy") + r,
            )
        elif tag == "line":
            xs, ys = (get("x1"), get("x2")), (get("y1"), get("y2"))
            yield tag, dx + min(xs), dy + min(ys), dx + max(xs), dy + max(ys)
        elif tag in ("polygon", "path"):
            values = _numbers(node.get("points", ""))
            points = list(zip(values[::2], values[1::2], strict=True)) if tag == "polygon" else []
            points += list(_path_points(node.get("d", "")))
            px, py = [p[0] for p in points], [p[1] for p in points]
            yield tag, dx + min(px), dy + min(py), dx + max(px), dy + max(py)
        elif tag == "text":
            size = get("font-size")
            bold = node.get("font-weight") == "bold"
            spans = list(node) or [node]
            y = get("y")
            for span in spans:
                y += float(span.get("dy", 0))
                content = "".join(span.itertext())
                wide = float(node.get("textLength") or s.text_width(content, size, bold=bold))
                left = float(span.get("x", node.get("x", 0)))
                anchor = node.get("text-anchor", "start")
                left -= {"start": 0.0, "middle": wide / 2, "end": wide}[anchor]
                yield (
                    f"text {content!r}",
                    dx + left,
                    dy + y - size,
                    dx + left + wide,
                    dy + y + size * 0.25,
                )
            return
        for child in node:
            yield from walk(child, dx, dy)

    yield from walk(ET.fromstring(picture), 0.0, 0.0)


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_every_narrow_picture_fits_a_phone_column_with_everything_inside(lang: str) -> None:
    tr = translation(lang)
    faults = []
    for name, table in TABLES:
        picture = render(table).svg(table, tr=tr, width=s.NARROW)
        root = ET.fromstring(picture)
        width, height = float(root.get("width", 0)), float(root.get("height", 0))
        assert root.get("viewBox") == f"0 0 {s.number(width)} {s.number(height)}"
        if width > s.NARROW:
            faults.append(f"{name}: {width} units wide")
        for what, left, top, right, bottom in boxes(picture):
            if left < -0.5 or top < -0.5 or right > width + 0.5 or bottom > height + 0.5:
                box = f"({left:.0f}, {top:.0f})–({right:.0f}, {bottom:.0f})"
                faults.append(f"{name}: {what} at {box}, outside {width:.0f} × {height:.0f}")
        assert (s.smallest_text(picture) or s.SMALLEST_TEXT) >= s.SMALLEST_TEXT, name
    assert not faults, "\n".join(faults[:20])


def groups(root: ET.Element) -> list[str]:
    """The drawn things a picture groups (cards, spaces, hands, piles), by class, sorted."""
    return sorted(e.get("class", "") for e in root.iter() if e.tag.endswith("}g"))


def test_the_narrow_layout_rearranges_the_table_not_just_its_size() -> None:
    for name, table in TABLES:
        wide = ET.fromstring(render(table).svg(table))
        narrow = ET.fromstring(render(table).svg(table, width=s.NARROW))
        # The same cards, piles and hands, in a frame no wider than a phone's column.
        assert groups(narrow) == groups(wide), name
        assert float(narrow.get("width", 0)) <= min(float(wide.get("width", 0)), s.NARROW)
        if float(wide.get("width", 0)) > s.NARROW:
            assert float(narrow.get("height", 0)) >= float(wide.get("height", 0)), name
            if name.endswith("how to play"):  # its line, hands or grids wrapped
                assert float(narrow.get("height", 0)) > float(wide.get("height", 0)), name


def test_the_default_picture_is_the_wide_one_jupyter_shows() -> None:
    for _, table in TABLES:
        assert table._repr_svg_() == render(table).svg(table)


def test_a_page_shows_the_narrow_picture_when_the_wide_one_would_scroll() -> None:
    _, table = TABLES[0]
    wide, narrow = render(table).svg(table), render(table).svg(table, width=s.NARROW)
    box = picture_box(wide, narrow=narrow)
    floor = int(re.search(r"min-width:([0-9]+)px", box).group(1))  # type: ignore[union-attr]
    rule = re.search(r"@container \(max-width: ([0-9.]+)px\)", box)
    assert rule and floor - 1 < float(rule.group(1)) < floor
    key = re.search(r'id="(picture-[0-9a-f]+)"', box)
    assert key and f"#{key.group(1)} > .picture-narrow {{ display: block }}" in box
    assert box.count("<svg") == 2 and box.index("picture-wide") < box.index("picture-narrow")
    # A narrow picture no narrower than the wide one adds nothing: one picture.
    assert picture_box(wide, narrow=wide).count("<svg") == 1
