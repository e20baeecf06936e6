"""The one error every command raises for a mistake of its user."""

from __future__ import annotations

__all__ = ["CommandError"]


class CommandError(Exception):
    """A usage error, reported as one line (``rulespec: error: ...``, exit status 2)."""
