"""``:fact:`seven <duo-turn.before.hand.Anna>```: a fact of a told turn, shown as words.

A How to play page tells turns whose facts (who is on turn, cards held,
scores) are data in each game's examples module
(:func:`rulespec.rulebook.facts.told_of`), checked against the engine by the
test suite. The role shows its words as they are and checks that they state
the fact's value: a page whose words disagree with the data fails the build
(``-W``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxRole

from rulespec import games
from rulespec.rulebook.facts import Told, check_marks, told_of

__all__ = ["FactRole", "setup", "stories"]


@cache
def stories() -> dict[str, Told]:
    """Every told turn of every game, by name."""
    return {t.name: t for g in games() for t in told_of(g.id)}


class FactRole(SphinxRole):
    """Show the words of a marked fact; warn when they do not state its value."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        # A translated build reads the English paragraph before its translation
        # replaces it: words right in either language pass here, and the test
        # suite holds each language to its own words.
        language = self.config.language or "en"
        problems = check_marks(self.rawtext, language, stories())
        if problems and check_marks(self.rawtext, "en", stories()):
            for problem in problems:
                self.inliner.reporter.warning(f"fact: {problem}", line=self.lineno)
        shown = self.text.partition("<")[0].strip()
        node = nodes.inline(shown, shown, classes=["fact"])
        return [node], []


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``fact``."""
    app.add_role("fact", FactRole())
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
