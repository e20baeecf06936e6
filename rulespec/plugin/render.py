"""The drawing a game gets when it declares no ``render`` module: its states, views
and moves as plain text, and that text as an SVG picture.

``rulespec play`` looks in a game's ``render`` module for ``text``, ``move``,
``outcome``, ``HELP`` and ``round_end``, and the worked examples of the rules
pages for ``svg`` and ``move`` (and ``marks``, ``narrate``); a game that declares
none is drawn with :func:`text`, :func:`svg` and :func:`move`, and ``play`` says
nothing of a move's outcome and gives a general help.

>>> import attrs
>>> @attrs.frozen
... class Table:
...     players: int
...     hands: tuple[tuple[int, ...], ...]
>>> print(text(Table(2, ((1, 2), ()))))
players: 2
hands: 0: 1 2 | 1: none
>>> move(None, Table(2, ()))
'players 2, hands none'
"""

from __future__ import annotations

from typing import Any

import attrs

from rulespec.drawing import svg as draw

__all__ = ["move", "svg", "text"]


def _value(value: Any) -> str:
    if isinstance(value, tuple):
        if value and all(isinstance(v, tuple) for v in value):
            return " | ".join(f"{p}: {_value(v)}" for p, v in enumerate(value))
        return " ".join(map(_value, value)) or "none"
    if attrs.has(type(value)):
        shown = [f"{f.name} {_value(getattr(value, f.name))}" for f in _fields(value)]
        return ", ".join(shown) or "none"
    if hasattr(value, "value") and hasattr(type(value), "__members__"):  # an Enum
        return str(value.value)
    return "none" if value is None else str(value)


def _fields(table: Any) -> tuple[Any, ...]:
    return tuple(f for f in attrs.fields(type(table)) if f.repr)


def text(table: Any) -> str:
    """``table`` (a state or a view) one field a line: ``name: value``, a tuple of
    tuples (one per player) as ``seat: items`` joined by ``|``."""
    return "\n".join(f"{f.name}: {_value(getattr(table, f.name))}" for f in _fields(table))


def move(table: Any, action: Any) -> str:
    """``action`` in words: its fields but the player's, ``name value``."""
    shown = [f for f in _fields(action) if f.name != "player"]
    return ", ".join(f"{f.name} {_value(getattr(action, f.name))}" for f in shown) or (
        type(action).__name__.lower()
    )


def svg(table: Any, *, size: float | None = None) -> str:
    """:func:`text` as a self-contained SVG picture, a line of text a row."""
    lines = text(table).splitlines()
    width = 24 + 7 * max(map(len, lines), default=1)
    body = [
        draw.text(line, x=12, y=20 + 16 * i, font_size=12, font_family="monospace")
        for i, line in enumerate(lines)
    ]
    return draw.document(body, width, 16 + 16 * len(lines), size=size, label=type(table).__name__)
