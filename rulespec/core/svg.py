"""Tiny helpers that build SVG documents as strings, always well-formed XML.

Attribute names are Python keywords: a trailing ``_`` is dropped (``class_``)
and other underscores become hyphens (``font_size``, ``data_space``). Values
of ``None`` leave the attribute out. Text content and attribute values are
escaped; children are passed as already-built elements.

>>> element("g", text("A & B", x=1, y=2), class_="card", data_space=3)
'<g class="card" data-space="3"><text x="1" y="2">A &amp; B</text></g>'
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

__all__ = [
    "PALETTE",
    "PALETTE_NAMES",
    "circle",
    "document",
    "element",
    "line",
    "number",
    "rect",
    "text",
    "title",
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


def title(content: str) -> str:
    """A ``<title>``: the tooltip and accessible name of its parent."""
    return f"<title>{escape(content)}</title>"


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
