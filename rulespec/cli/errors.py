"""The one error every command raises for a mistake of its user."""

from __future__ import annotations

from rulespec.extras import install_hint

__all__ = ["CommandError", "needs_extra"]


class CommandError(Exception):
    """A usage error, reported as one line (``rulespec: error: ...``, exit status 2)."""


def needs_extra(what: str, extra: str) -> str:
    """The message for ``what`` missing its ``extra``, with the install route that works
    today: no package index serves rulespec yet, so it installs from a clone.

    >>> print(needs_extra("--plot", "plot"))  # doctest: +NORMALIZE_WHITESPACE
    --plot needs the plot extra: in a clone of rulespec,
    uv sync --extra plot (or pip install '.[plot]')
    """
    return f"{what} needs the {extra} extra: {install_hint(extra)}"
