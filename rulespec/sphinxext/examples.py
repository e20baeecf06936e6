"""Worked examples drawn on the site: before, the move, after.

- ``.. rules:example:: dc-cover``: one example of any game (see
  :mod:`rulespec.rulebook.examples`) as two SVG pictures with the move between
  them and its caption, citing its clauses.
- On each game's rules page (``rules_game_pages``) every example is drawn
  inside the first clause it cites; the other clauses it cites link to it.

The pictures come from the game's ``render.svg()`` when the page is read, so
the site shows what the library draws, byte for byte the same at every build.
Each is drawn at its natural size in a box of its own (:func:`picture_box`):
scaled down to the column only as far as its text stays readable; it is drawn
a second time laid out for a phone's column (``svg(..., width=NARROW)``),
which a narrower column shows instead. The cards a move moves
are ringed on both pictures (the game's ``render.marks()``), the move is told
in words under them (``render.narrate()``), and the move as a record writes it
is folded away. Everything a reader reads, the words drawn in the pictures
included, is in the site's language (``language`` in ``conf.py``), through
:mod:`rulespec.i18n`: the captions are translated with their game's id as
context. A caption's marked facts (:mod:`rulespec.rulebook.facts`) show as
plain words; words that do not state their fact in the site's language are a
warning, so the build (``-W``) fails.
"""

from __future__ import annotations

import hashlib
import html
import inspect
import json
import math
import re
from collections.abc import Iterator
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import rulespec
from rulespec.drawing import svg as s
from rulespec.i18n import Translation, translation
from rulespec.rulebook.clauses import catalogues
from rulespec.rulebook.examples import Example, examples_of
from rulespec.rulebook.facts import check_caption, plain
from rulespec.sphinxext.nodes import rules_block

__all__ = [
    "ExampleDirective",
    "all_examples",
    "attach",
    "figure",
    "find",
    "outdated",
    "picture_box",
]

LOGGER = logging.getLogger(__name__)

READABLE = 10.0
"""The smallest text a picture may be scaled down to, in CSS pixels."""


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


def _styled(picture: str, widest: float | None) -> tuple[str, int]:
    """``picture`` given its least and greatest width on the page; and the least."""
    found = re.search(r'<svg[^>]*? width="([0-9.]+)"', picture)
    if found is None:
        raise ValueError("not an SVG picture with a width")
    natural = float(found.group(1))
    smallest = s.smallest_text(picture) or READABLE
    ratio = READABLE / smallest
    floor = math.ceil(natural * ratio) + 1 if ratio < 1 else math.ceil(natural)
    cap = "100%" if widest is None else f"min(100%, {s.number(max(widest, floor))}px)"
    styled = picture.replace("<svg", f'<svg style="min-width:{floor}px;max-width:{cap}"', 1)
    return styled, floor


def picture_box(picture: str, widest: float | None = None, narrow: str | None = None) -> str:
    """An SVG ``picture`` in a box of its own, for an HTML page.

    The picture keeps its natural width (``widest``, if given, caps it) and is
    scaled down to the column only so far that its smallest text stays
    :data:`READABLE`; in a narrower column its box scrolls sideways.

    >>> from rulespec.drawing import svg as s
    >>> picture = s.document([s.text("A", font_size=11)], 220, 50)
    >>> print(picture_box(picture).split(" xmlns")[0])
    <div class="rules-picture"><svg style="min-width:201px;max-width:100%"

    ``narrow`` is the same table laid out for a phone's column
    (:data:`rulespec.drawing.svg.NARROW`): both go in the box, and a rule of the
    box's own (a container query on the figure around it, see ``rules.css``) shows
    the narrow one instead whenever the column is narrower than the first may
    shrink to.

    >>> narrow = s.document([s.text("A", font_size=11)], 120, 90)
    >>> box = picture_box(picture, narrow=narrow)
    >>> "@container (max-width: 200.98px)" in box, box.count("<svg")
    (True, 2)
    """
    styled, floor = _styled(picture, widest)
    if narrow is None:
        return f'<div class="rules-picture">{styled}</div>'
    small, least = _styled(narrow, widest)
    if least >= floor:
        return f'<div class="rules-picture">{styled}</div>'
    key = "picture-" + hashlib.sha256((picture + narrow).encode("utf-8")).hexdigest()[:12]
    rule = (
        f"@container (max-width: {floor - 0.02:.2f}px) {{ #{key} > .picture-wide "
        f"{{ display: none }} #{key} > .picture-narrow {{ display: block }} }}"
    )
    return (
        f'<div class="rules-picture rules-picture-pair" id="{key}"><style>{rule}</style>'
        f'<div class="picture-wide">{styled}</div><div class="picture-narrow">{small}</div></div>'
    )


def _svg(game: str, table: Any, player: int | None, marked: frozenset[Any], tr: Translation) -> str:
    if player is not None:
        table = rulespec.game(game).view(table, player)
    draw = _render(game).svg
    accepts = inspect.signature(draw).parameters
    extra = {"marked": marked, "tr": tr}
    picture: str = draw(table, **{k: v for k, v in extra.items() if k in accepts})
    if "width" not in accepts:
        return picture_box(picture)
    narrow: str = draw(table, width=s.NARROW, **{k: v for k, v in extra.items() if k in accepts})
    return picture_box(picture, narrow=narrow)


def _render(game: str) -> Any:
    """The render module ``game`` declares, which draws and tells its examples (the plain
    one of :mod:`rulespec.plugin.render` when it declares none)."""
    declared = rulespec.game(game).declaration
    return declared.load(declared.render or "rulespec.plugin.render")


def figure(game: str, example: Example, tr: Translation | None = None) -> str:
    """The HTML of ``example``: before and after, the cards that moved ringed on both,
    the move in words, the move as a record writes it (folded), and the caption (its
    marked facts as plain words), all in ``tr``'s language (English by default).

    >>> game, example = find("dc-cover")
    >>> shown = figure(game, example, translation("fr"))
    >>> "Le joueur 0 couvre le 7 avec le 6." in shown, ":fact:" in shown
    (True, False)
    """
    tr = tr or translation("en")
    render = _render(game)
    # A game's render module may leave out marks() and narrate(): nothing is ringed,
    # and the move is told by move() or, lacking it, as a record writes it.
    none: frozenset[Any] = frozenset()
    marks = getattr(render, "marks", lambda table, action: (none, none))
    marked_before, marked_after = marks(example.before, example.action)
    before = _svg(game, example.before, example.view, marked_before, tr)
    after = _svg(game, example.after, example.view, marked_after, tr)
    if hasattr(render, "narrate"):
        told_text = render.narrate(example.before, example.action, tr)
    elif hasattr(render, "move"):
        told_text = render.move(example.before, example.action)
    else:
        told_text = json.dumps(rulespec.game(game).encode_action(example.action))
    told = html.escape(str(told_text), quote=False)
    key = (
        f' <span class="rules-example-key">{html.escape(tr("What moved is ringed in yellow."))}'
        "</span>"
        if marked_before or marked_after
        else ""
    )
    record = html.escape(json.dumps(rulespec.game(game).encode_action(example.action)))
    if example.view is None:
        whose = tr("the whole table")
    else:
        whose = tr("player {player}'s view").format(player=example.view)
    cites = ", ".join(f"<code>{html.escape(c)}</code>" for c in example.clauses)
    shows = html.escape(tr("{whose}; shows {clauses}")).format(
        whose=html.escape(whose), clauses=cites
    )
    caption = html.escape(plain(tr(example.caption, context=game)))
    return (
        f'<figure class="rules-example" id="example-{html.escape(example.name)}">'
        '<div class="rules-example-pair">'
        '<div class="rules-example-side"><p class="rules-example-label">'
        f"{html.escape(tr('Before'))}</p>{before}</div>"
        '<div class="rules-example-side"><p class="rules-example-label">'
        f"{html.escape(tr('After'))}</p>{after}</div>"
        "</div>"
        f'<p class="rules-example-move"><strong>{html.escape(tr("The move:"))}</strong> '
        f"{told}{key}</p>"
        '<details class="rules-example-record"><summary>'
        f"{html.escape(tr('The move as a record writes it'))}"
        f"</summary><code>{record}</code></details>"
        f"<figcaption>{caption} <small>({shows})</small></figcaption></figure>"
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
        tr = translation(self.config.language)
        for problem in check_caption(game, example, tr(example.caption, context=game), tr.language):
            LOGGER.warning("caption: %s", problem, location=self.get_location())
        return [nodes.raw("", figure(game, example, tr), format="html")]


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
    tr = translation(app.config.language)
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
            for problem in check_caption(
                game, example, tr(example.caption, context=game), tr.language
            ):
                LOGGER.warning("caption: %s", problem, location=docname)
            block += nodes.raw("", figure(game, example, tr), format="html")
        if shown in linked:
            label = tr("Worked example:") + " "
            para = nodes.paragraph("", label, classes=["rules-example-link"])
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
    tr = translation(app.config.language)
    for game, example in all_examples():
        digest.update(figure(game, example, tr).encode("utf-8"))
    new = digest.hexdigest()
    old = getattr(env, "rules_examples_digest", None)
    env.rules_examples_digest = new  # type: ignore[attr-defined]
    if old == new:
        return []
    pages = {f"{folder}/{cat.game}/rules" for cat in catalogues()}
    return sorted(pages & set(env.found_docs) - added - changed - removed)
