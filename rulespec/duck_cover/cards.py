"""The cards of Duck & Cover: duck cards, the draw deck, splashes."""

from __future__ import annotations

__all__ = [
    "DRAW_DECK",
    "FAMILY",
    "MAX",
    "REPEAT",
    "SPLASHES",
    "Call",
    "DrawCard",
    "draw_card_name",
]

DrawCard = int
"""A card of the draw deck: a Captain card 1–12, :data:`MAX` or :data:`REPEAT`."""

Call = int
"""What a turn asks players to move: a number 1–12 or :data:`MAX`."""

MAX: DrawCard = 13
"""The Max card: each player moves their highest visible card."""

REPEAT: DrawCard = 14
"""The Repeat card (Bis, Repite, Wiederholen): the previous call again."""

FAMILY: tuple[int, ...] = tuple(range(1, 13))
"""The twelve duck cards of one family, numbered 1 to 12."""

DRAW_DECK: tuple[DrawCard, ...] = (*FAMILY, *FAMILY, MAX, REPEAT)
"""The 26 draw cards: two Captain sets 1–12, Max and Repeat (in a canonical order)."""

SPLASHES: tuple[int, ...] = (0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5)
"""Splashes of duck cards 1 to 12 (publisher data; an option can replace it)."""


def draw_card_name(card: DrawCard) -> str:
    """The card as players say it.

    >>> draw_card_name(7), draw_card_name(MAX), draw_card_name(REPEAT)
    ('7', 'Max', 'Repeat')
    """
    if card == MAX:
        return "Max"
    if card == REPEAT:
        return "Repeat"
    return str(card)
