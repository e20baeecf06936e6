"""Tiny helpers that build SVG documents as strings, always well-formed XML.

Attribute names are Python keywords: a trailing ``_`` is dropped (``class_``)
and other underscores become hyphens (``font_size``, ``data_space``). Values
of ``None`` leave the attribute out. Text content and attribute values are
escaped; children are passed as already-built elements.

>>> element("g", text("A & B", x=1, y=2), class_="card", data_space=3)
'<g class="card" data-space="3"><text x="1" y="2">A &amp; B</text></g>'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

__all__ = [
    "MARK",
    "NARROW",
    "PALETTE",
    "PALETTE_NAMES",
    "SMALLEST_TEXT",
    "circle",
    "document",
    "element",
    "heading",
    "line",
    "mark",
    "number",
    "rect",
    "smallest_text",
    "text",
    "text_width",
    "title",
    "wrap",
]

NAMESPACE = "http://www.w3.org/2000/svg"

PALETTE: tuple[str, ...] = (
    "#E69F00",
    "#56B4E9",
    "#009E73",
    "#F0E442",
    "#0072B2",
    "#D55E00",
    "#CC79A7",
)
"""Seven colours told apart with the common colour-vision deficiencies (Okabe and Ito)."""

PALETTE_NAMES: tuple[str, ...] = (
    "orange",
    "sky blue",
    "green",
    "yellow",
    "blue",
    "vermilion",
    "purple",
)
"""The names of :data:`PALETTE`, for labels and titles."""

SMALLEST_TEXT = 11.0
"""The smallest font size a picture uses, in its own units: drawn at its natural size
(one unit a CSS pixel) and scaled down by at most a tenth, its text stays 10 px high."""

NARROW = 320.0
"""The width of a narrow picture, in its own units: a phone's column, 390 px wide less the
page's margins, where the picture shows at its natural size. A render module's ``svg()``
given ``width=NARROW`` lays the table out again to fit it (rows wrapped, hands stacked)."""

MARK = "#F0E442"
"""The halo behind what a move moved (:func:`mark`): the palette's yellow."""

_NARROW = frozenset("fijlrt.,:;'|!()[] ·")
_WIDE = frozenset("mwMW@%")


def number(value: float) -> str:
    """A coordinate as short text: no trailing zeros.

    >>> number(3.0), number(2.50), number(1 / 3)
    ('3', '2.5', '0.33')
    """
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _attributes(attributes: dict[str, object]) -> str:
    parts = []
    for key, value in attributes.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        shown = number(value) if isinstance(value, int | float) else str(value)
        parts.append(f" {name}={quoteattr(shown)}")
    return "".join(parts)


def element(tag: str, *children: str, **attributes: object) -> str:
    """``<tag …>children</tag>``, or ``<tag …/>`` without children."""
    attrs = _attributes(attributes)
    if not children:
        return f"<{tag}{attrs}/>"
    return f"<{tag}{attrs}>{''.join(children)}</{tag}>"


def text(content: str, **attributes: object) -> str:
    """A ``<text>`` element holding ``content`` (escaped)."""
    return f"<text{_attributes(attributes)}>{escape(content)}</text>"


def centred(content: str, x: float, y: float, font_size: float, **attributes: object) -> str:
    """A ``<text>`` of ``content`` in the sans-serif font of ``font_size``, centred on
    ``x`` with its baseline at ``y``; more ``attributes`` follow those.

    >>> centred("5", 10, 20, 14)
    '<text x="10" y="20" text-anchor="middle" font-family="sans-serif" font-size="14">5</text>'
    """
    return text(
        content,
        x=x,
        y=y,
        text_anchor="middle",
        font_family="sans-serif",
        font_size=font_size,
        **attributes,
    )


def title(content: str) -> str:
    """A ``<title>``: the tooltip and accessible name of its parent."""
    return f"<title>{escape(content)}</title>"


def text_width(content: str, font_size: float, *, bold: bool = False) -> float:
    """About how wide ``content`` is drawn in a sans-serif font, erring wide.

    >>> round(text_width("Player 0", 12))
    49
    """
    em = 0.0
    for ch in content:
        if ch in _NARROW:
            em += 0.34
        elif ch in _WIDE:
            em += 0.9
        elif ch.isupper() or ch.isdigit():
            em += 0.68
        else:
            em += 0.58
    return em * font_size * (1.08 if bold else 1.0)


def wrap(content: str, width: float, font_size: float, *, bold: bool = False) -> list[str]:
    """``content`` cut between words into lines no wider than ``width``.

    A line breaks after a space or a ``·``; a word too long for a line has one to
    itself.

    >>> wrap("Duck & Cover · round 1 of 3 · card in play: Max", 200, 12)
    ['Duck & Cover · round 1 of 3 · card', 'in play: Max']
    """
    words = re.findall(r"\S+\s*", content)
    lines: list[str] = []
    current = ""
    for word in words:
        tried = current + word
        if current and text_width(tried.rstrip(), font_size, bold=bold) > width:
            lines.append(current.rstrip())
            current = word
        else:
            current = tried
    if current.strip() or not lines:
        lines.append(current.rstrip())
    return lines


def heading(
    content: str, x: float, y: float, width: float, font_size: float, **attributes: object
) -> tuple[str, float]:
    """``content`` as a ``<text>`` wrapped to ``width``, its first baseline at ``y``.

    Returns the element and how much taller it is than a single line.

    >>> shown, extra = heading("a b c", 0, 10, 20, 10)
    >>> shown.count("<tspan"), extra
    (2, 12)
    """
    bold = attributes.get("font_weight") == "bold"
    lines = wrap(content, width, font_size, bold=bold)
    step = round(font_size * 1.2)
    spans = [
        element("tspan", escape(line), x=x, dy=step if i else None) for i, line in enumerate(lines)
    ]
    attributes.setdefault("font_family", "sans-serif")
    shown = element("text", *spans, x=x, y=y, font_size=font_size, **attributes)
    return shown, step * (len(lines) - 1)


def mark(x: float, y: float, width: float, height: float) -> str:
    """The halo drawn behind a card that a move moved: ``<rect class="moved">``."""
    pad = 5.0
    return rect(
        x - pad,
        y - pad,
        width + 2 * pad,
        height + 2 * pad,
        rx=8,
        class_="moved",
        fill=MARK,
        stroke="#8A7A00",
        stroke_width=1.5,
    )


def smallest_text(picture: str) -> float | None:
    """The smallest ``font-size`` in an SVG document, in its own units.

    >>> smallest_text(text("a", font_size=12) + text("b", font_size=11.5))
    11.5
    """
    sizes = [float(v) for v in re.findall(r'font-size="([0-9.]+)"', picture)]
    return min(sizes) if sizes else None


def rect(x: float, y: float, width: float, height: float, **attributes: object) -> str:
    """A ``<rect>``."""
    return element("rect", x=x, y=y, width=width, height=height, **attributes)


def circle(cx: float, cy: float, r: float, **attributes: object) -> str:
    """A ``<circle>``."""
    return element("circle", cx=cx, cy=cy, r=r, **attributes)


def line(x1: float, y1: float, x2: float, y2: float, **attributes: object) -> str:
    """A ``<line>``."""
    return element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)


def document(
    body: Sequence[str],
    width: float,
    height: float,
    *,
    size: float | None = None,
    label: str = "",
) -> str:
    """A self-contained ``<svg>`` document of ``width`` × ``height`` user units.

    ``size`` is its width on screen in pixels (the height keeps the ratio);
    by default one unit is one pixel. ``label`` becomes its ``<title>``.

    >>> document([rect(0, 0, 10, 5)], 10, 5, size=20).split(" role")[0]
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 5" width="20" height="10"'
    """
    shown = width if size is None else size
    scale = shown / width
    head = _attributes(
        {
            "xmlns": NAMESPACE,
            "viewBox": f"0 0 {number(width)} {number(height)}",
            "width": shown,
            "height": height * scale,
            "role": "img",
        }
    )
    inner = (title(label),) if label else ()
    background = rect(0, 0, width, height, fill="white")
    return f"<svg{head}>" + "".join((*inner, background, *body)) + "</svg>"
