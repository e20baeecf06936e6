"""Text the terminal can show: characters its encoding lacks degrade, never crash.

A terminal or a pipe set to ASCII (``PYTHONIOENCODING=ascii``, ``LANG=C`` on
an old system) cannot print « Coin », accented rules or box drawing. The
command line writes through streams whose encoding errors go to
:func:`degrade`, which writes the nearest plain letters instead:

>>> "« Coin ! » à côté".encode("ascii", errors="rulespec-degrade")
b'<< Coin ! >> a cote'
"""

from __future__ import annotations

import codecs
import sys
import unicodedata
from typing import TextIO

__all__ = ["ERRORS", "degrade", "degrade_streams"]

ERRORS = "rulespec-degrade"
"""The name of the encoding error handler registered by this module."""

_NEAREST = {
    "«": "<<",
    "»": ">>",
    "‹": "<",
    "›": ">",
    "–": "-",
    "—": "--",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "…": "...",
    "×": "x",
    "·": ".",
    "•": "*",
    "→": "->",
    "←": "<-",
    "≤": "<=",
    "≥": ">=",
    "µ": "u",
    "ß": "ss",
    "æ": "ae",
    "œ": "oe",
    "Æ": "AE",
    "Œ": "OE",
    "\u00a0": " ",
    "\u202f": " ",
}


def _nearest(char: str) -> str:
    if char in _NEAREST:
        return _NEAREST[char]
    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if plain and plain.isascii():
        return plain
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        if "VERTICAL" in name and "HORIZONTAL" not in name:
            return "|"
        return "-" if "HORIZONTAL" in name and "VERTICAL" not in name else "+"
    return "?"


def degrade(error: UnicodeError) -> tuple[str, int]:
    """Encoding error handler: the unencodable characters as their nearest ASCII text.

    >>> degrade(UnicodeEncodeError("ascii", "Spaß", 3, 4, "no"))
    ('ss', 4)
    """
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(_nearest(c) for c in text), error.end


codecs.register_error(ERRORS, degrade)


def degrade_streams(*streams: TextIO) -> None:
    """Make ``streams`` (default: standard output and error) degrade what they cannot encode."""
    for stream in streams or (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=ERRORS)
