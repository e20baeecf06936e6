"""``.. state-picture::``: a game state or view drawn as SVG, computed when the docs build.

The directive's content is Python code whose last line is an expression: a
state or a view of any rulespec game. The picture comes from that game's
``render.svg()``, embedded in the HTML page, so the docs show exactly what
the library draws for the position the example builds::

    .. state-picture::
       :caption: Both players lay their family in order; the card called is 5.

       dc = rulespec.game("duck-and-cover")
       grid = "1 2 3 4\\n5 6 7 8\\n9 10 11 12"
       dc.position([grid, grid], card=5)

``rulespec`` is imported for the code; the ``:view: N`` option draws player
N's view of the state instead of the whole state; the ``:jupyter:`` flag
draws what Jupyter shows, the table's own ``_repr_svg_()``; ``:draw: NAME``
draws with another public function of the game's render module, such as
Canardage's ``line_svg`` (the line alone, small); ``:size: N``
caps the picture's width on the page at N pixels. A picture is drawn at its
natural size, in a box of its own that scales it down to the column only as
far as its text stays readable; it is drawn a second time laid out for a
phone's column (``width=NARROW``), and a column too narrow for the first shows
the second (:func:`rulespec.sphinxext.examples.picture_box`). The words drawn in the
picture are in the site's language (the Jupyter picture stays English, as a
notebook shows it). A mistake in the code fails the build.
"""

from __future__ import annotations

import ast
import html
import importlib
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulespec.drawing.show import Words, english
from rulespec.drawing.svg import NARROW
from rulespec.i18n import translation
from rulespec.sphinxext.examples import picture_box

__all__ = ["StatePicture", "picture", "setup"]


def picture(
    code: str,
    view: int | None = None,
    size: float | None = None,
    jupyter: bool = False,
    tr: Words = english,
    draw: str = "svg",
    width: float | None = None,
) -> str:
    """The SVG of the state (or player ``view``'s view) that ``code`` ends with, at
    its natural size unless ``size`` is given (``jupyter``: its ``_repr_svg_()``),
    its words put in the reader's language by ``tr``, drawn by the render module's
    function ``draw``; ``width`` asks ``svg`` for the layout that fits that many
    units (:data:`rulespec.drawing.svg.NARROW`: a phone's)."""
    tree = ast.parse(code, mode="exec")
    end = tree.body.pop() if tree.body else None
    if not isinstance(end, ast.Expr):
        raise ValueError("the code must end with an expression: the state to draw")
    last = ast.Expression(end.value)
    namespace: dict[str, Any] = {"rulespec": importlib.import_module("rulespec")}
    exec(compile(tree, "<state-picture>", "exec"), namespace)
    state = eval(compile(last, "<state-picture>", "eval"), namespace)
    package = type(state).__module__.rpartition(".")[0]
    render = importlib.import_module(f"{package}.render")
    if view is not None:
        rulespec = namespace["rulespec"]
        games = [g for g in rulespec.games() if type(g).__module__.startswith(package + ".")]
        if not games:
            raise ValueError(f"not a state of a rulespec game: {type(state).__name__}")
        state = games[0].view(state, view)
    if jupyter:
        shown: str = state._repr_svg_()
        return shown
    if draw not in getattr(render, "__all__", ()) or not draw.endswith("svg"):
        raise ValueError(f"{package}.render has no picture function {draw!r}")
    if width is not None and draw == "svg":
        narrow: str = render.svg(state, size=size, tr=tr, width=width)
        return narrow
    svg: str = getattr(render, draw)(state, size=size, tr=tr)
    return svg


class StatePicture(SphinxDirective):
    """Draw the state that the directive's code builds."""

    has_content = True
    option_spec = {  # noqa: RUF012  (docutils reads it from the class)
        "caption": directives.unchanged,
        "view": directives.nonnegative_int,
        "size": directives.positive_int,
        "jupyter": directives.flag,
        "draw": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        code = "\n".join(self.content)
        jupyter = "jupyter" in self.options
        tr = translation(self.config.language)
        try:
            draw = self.options.get("draw", "svg")
            svg = picture(code, self.options.get("view"), jupyter=jupyter, tr=tr, draw=draw)
            narrow = None
            if not jupyter and draw == "svg":
                narrow = picture(code, self.options.get("view"), tr=tr, width=NARROW)
        except Exception as exc:
            raise self.error(f"state-picture: {type(exc).__name__}: {exc}") from exc
        caption = self.options.get("caption", "")
        box = picture_box(svg, self.options.get("size"), narrow)
        markup = f'<figure class="state-picture">{box}'
        if caption:
            markup += f"<figcaption>{html.escape(caption)}</figcaption>"
        markup += "</figure>"
        result: list[nodes.Node] = [nodes.raw("", markup, format="html")]
        return result


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``state-picture``."""
    app.add_directive("state-picture", StatePicture)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
