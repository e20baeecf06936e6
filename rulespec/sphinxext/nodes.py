"""The one node of the extension: a block that HTML renders as a ``<div>``."""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator


class rules_block(nodes.General, nodes.Element):
    """A block of a clause: a ``<div>`` with classes, ids and an optional ``lang``.

    Other builders render its children only.
    """


def _visit_html(self: HTML5Translator, node: rules_block) -> None:
    attributes: dict[str, Any] = {}
    if node.get("lang"):
        attributes["lang"] = node["lang"]
    self.body.append(self.starttag(node, "div", "", **attributes))


def _depart_html(self: HTML5Translator, node: rules_block) -> None:
    self.body.append("</div>\n")


def _pass(self: nodes.NodeVisitor, node: rules_block) -> None:
    pass


def add_nodes(app: Sphinx) -> None:
    """Register :class:`rules_block` with a visitor for every builder."""
    plain = (_pass, _pass)
    app.add_node(
        rules_block,
        html=(_visit_html, _depart_html),
        latex=plain,
        text=plain,
        man=plain,
        texinfo=plain,
    )
