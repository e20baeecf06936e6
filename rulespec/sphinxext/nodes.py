"""The nodes of the extension: a block that HTML renders as a ``<div>``, and a list
shown on demand (``<details>``)."""

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


class rules_details(nodes.General, nodes.Element):
    """Children shown on demand under a one-line ``summary``: HTML ``<details>``.

    Other builders render the children only.
    """


def _visit_details(self: HTML5Translator, node: rules_details) -> None:
    self.body.append(self.starttag(node, "details", ""))
    self.body.append(f"<summary>{self.encode(node['summary'])}</summary>\n")


def _depart_details(self: HTML5Translator, node: rules_details) -> None:
    self.body.append("</details>\n")


def _pass(self: nodes.NodeVisitor, node: nodes.Element) -> None:
    pass


def add_nodes(app: Sphinx) -> None:
    """Register :class:`rules_block` and :class:`rules_details` for every builder."""
    plain = (_pass, _pass)
    for node, html in (
        (rules_block, (_visit_html, _depart_html)),
        (rules_details, (_visit_details, _depart_details)),
    ):
        app.add_node(node, html=html, latex=plain, text=plain, man=plain, texinfo=plain)
