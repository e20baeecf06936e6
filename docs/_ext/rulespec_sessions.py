"""``.. protocol-session::``: the opening and the end of an example session of the engine protocol.

The argument is a session file (``> request`` and ``< answer`` lines, see
:mod:`rulespec.testing.sessions`), relative to the page; ``:head:`` and
``:tail:`` say how many lines of each end to show. The lines between are
summarised in one line, so a whole game fits on the page::

    .. protocol-session:: sessions/canardage.txt
       :head: 26
       :tail: 16
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

__all__ = ["ProtocolSession", "excerpt", "setup"]


def excerpt(lines: list[str], head: int, tail: int) -> str:
    """The first ``head`` and last ``tail`` of ``lines``, with a line for those left out.

    >>> excerpt(["> a", "< b", "> c", "< d", "> e"], 1, 1)
    '> a\\n  … 3 more lines: 1 request and 2 answers …\\n> e'
    """
    if head + tail >= len(lines):
        return "\n".join(lines)
    middle = lines[head : len(lines) - tail]
    asked = sum(1 for line in middle if line.startswith(">"))
    answered = len(middle) - asked
    note = (
        f"  … {len(middle)} more lines: {asked} request{'s' * (asked != 1)} and "
        f"{answered} answer{'s' * (answered != 1)} …"
    )
    return "\n".join([*lines[:head], note, *lines[len(lines) - tail :]])


class ProtocolSession(SphinxDirective):
    """Show the two ends of a session file."""

    required_arguments = 1
    option_spec = {  # noqa: RUF012  (docutils reads it from the class)
        "head": directives.nonnegative_int,
        "tail": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        relative, path = self.env.relfn2path(self.arguments[0])
        self.env.note_dependency(relative)
        try:
            with open(path, encoding="utf-8") as handle:
                lines = handle.read().splitlines()
        except OSError as exc:
            raise self.error(f"protocol-session: cannot read {relative}: {exc}") from exc
        text = excerpt(lines, self.options.get("head", 20), self.options.get("tail", 14))
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``protocol-session``."""
    app.add_directive("protocol-session", ProtocolSession)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
