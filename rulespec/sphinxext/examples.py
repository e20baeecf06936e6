"""Worked examples drawn on the site: before, the move, after.

- ``.. rules:example:: dc-cover``: one example of any game (see
  :mod:`rulespec.core.examples`) as two SVG pictures with the move between
  them and its caption, citing its clauses.
- On each game's rules page (``rules_game_pages``) every example is drawn
  inside the first clause it cites; the other clauses it cites link to it.

The pictures come from the game's ``render.svg()`` when the page is read, so
the site shows what the library draws, byte for byte the same at every build.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Iterator
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

import rulespec
from rulespec.core.clauses import catalogues
from rulespec.core.examples import Example, examples_of
from rulespec.sphinxext.nodes import rules_block

__all__ = ["ExampleDirective", "all_examples", "attach", "figure", "find", "outdated"]

SIZE = 360
"""Each picture's width on screen, in pixels."""


def all_examples() -> Iterator[tuple[str, Example]]:
    """Every game's examples, with the game's id."""
    for cat in catalogues():
        try:
            found = examples_of(cat.game)
        except (KeyError, ModuleNotFoundError):
            continue
        for example in found:
            yield cat.game, example


def find(name: str) -> tuple[str, Example]:
    """The example called ``name``, with its game's id; ``KeyError`` if none is."""
    for game, example in all_examples():
        if example.name == name:
            return game, example
    raise KeyError(name)


def _svg(game: str, table: Any, player: int | None) -> str:
    if player is not None:
        table = rulespec.game(game).view(table, player)
    declared = rulespec.game(game).declaration
    if declared.render is None:
        raise KeyError(f"{game} declares no render module to draw its examples")
    picture: str = declared.load(declared.render).svg(table, size=SIZE)
    return picture


def figure(game: str, example: Example) -> str:
    """The HTML of ``example``: before, the move (as a record writes it), after, and the
    caption."""
    before = _svg(game, example.before, example.view)
    after = _svg(game, example.after, example.view)
    move = html.escape(json.dumps(rulespec.game(game).encode_action(example.action)), quote=False)
    whose = "the whole table" if example.view is None else f"player {example.view}'s view"
    cites = ", ".join(f"<code>{html.escape(c)}</code>" for c in example.clauses)
    row = "display:flex;flex-wrap:wrap;align-items:center;gap:0.5em;overflow-x:auto"
    return (
        f'<figure class="rules-example" id="example-{html.escape(example.name)}">'
        f'<div style="{row}">'
        f"<div><div>Before</div>{before}</div>"
        f'<div style="max-width:14em;overflow-wrap:anywhere"><code>{move}</code> →</div>'
        f"<div><div>After</div>{after}</div></div>"
        f"<figcaption>{html.escape(example.caption)} "
        f"<small>({whose}; shows {cites})</small></figcaption></figure>"
    )


class ExampleDirective(SphinxDirective):
    """``.. rules:example:: NAME``: one worked example, drawn."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0].strip()
        try:
            game, example = find(name)
        except KeyError:
            raise self.error(f"rules:example: no worked example is called {name!r}") from None
        return [nodes.raw("", figure(game, example), format="html")]


def _clause_of(block: rules_block) -> str | None:
    for literal in block.findall(nodes.literal):
        if "rules-clause-id" in literal["classes"]:
            return literal.astext()
    return None


def attach(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: draw each example inside its first clause on the game's rules page."""
    folder = app.config.rules_game_pages
    docname = app.env.docname
    if not folder or not docname.startswith(f"{folder}/") or not docname.endswith("/rules"):
        return
    game = docname[len(folder) + 1 : -len("/rules")]
    try:
        found = examples_of(game)
    except (KeyError, ModuleNotFoundError):
        return
    drawn: dict[str, list[Example]] = {}
    linked: dict[str, list[Example]] = {}
    for example in found:
        drawn.setdefault(example.clauses[0], []).append(example)
        for cid in example.clauses[1:]:
            linked.setdefault(cid, []).append(example)
    for block in list(doctree.findall(rules_block)):
        if "rules-clause" not in block["classes"] or not block["ids"]:
            continue
        shown = _clause_of(block)
        if shown is None:
            continue
        for example in drawn.get(shown, ()):
            block += nodes.raw("", figure(game, example), format="html")
        if shown in linked:
            para = nodes.paragraph("", "Worked example: ", classes=["rules-example-link"])
            for i, example in enumerate(linked[shown]):
                if i:
                    para += nodes.Text(", ")
                para += nodes.reference(
                    example.name, example.name, refuri=f"#example-{example.name}"
                )
            block += para


def outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """``env-get-outdated``: read the rules pages again when an example's drawing changes."""
    folder = app.config.rules_game_pages
    if not folder:
        return []
    digest = hashlib.sha256()
    for game, example in all_examples():
        digest.update(figure(game, example).encode("utf-8"))
    new = digest.hexdigest()
    old = getattr(env, "rules_examples_digest", None)
    env.rules_examples_digest = new  # type: ignore[attr-defined]
    if old == new:
        return []
    pages = {f"{folder}/{cat.game}/rules" for cat in catalogues()}
    return sorted(pages & set(env.found_docs) - added - changed - removed)
