"""``.. rules:observation:: GAME``: the table of a game's observation layout, made from
the pieces its declaration lists (:attr:`Declaration.observation
<rulespec.core.declaration.Declaration.observation>`), so the page and the encoding
cannot part; a sentence for a game that lists none (it has the default observation)."""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

import rulespec

__all__ = ["ObservationDirective", "layout_table"]


def layout_table(game_id: str) -> list[str]:
    """The reST lines of the table of ``game_id``'s observation layout.

    >>> print("\\n".join(layout_table("duo")[:6]))
    .. list-table::
       :header-rows: 1
    <BLANKLINE>
       * - slice (length)
         - meaning
       * - hand (77)
    """
    pieces = rulespec.game(game_id).declaration.observation
    if not pieces:  # the default observation (rulespec.plugin.encoding)
        return [
            "A hashed bag of the view's facts: 256 numbers, each 1 where a fact of the "
            "view falls (see :mod:`rulespec.plugin.encoding`)."
        ]
    lines = [".. list-table::", "   :header-rows: 1", "", "   * - slice (length)", "     - meaning"]
    for piece in pieces:
        lines += [f"   * - {piece.name} ({piece.length})", f"     - {piece.meaning}"]
    return lines


class ObservationDirective(SphinxDirective):
    """The observation layout of the game named as the argument."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game_id = self.arguments[0].strip()
        try:
            lines = layout_table(game_id)
        except KeyError as exc:
            raise self.error(str(exc.args[0])) from None
        return self.parse_text_to_nodes("\n".join(lines))
