"""The cards of Duck & Cover: duck cards, the draw deck, splashes."""

from __future__ import annotations

__all__ = [
    "CONSTRAINED",
    "CONSTRAINED_DRAW_DECK",
    "DRAW_DECK",
    "FAMILY",
    "MAX",
    "REPEAT",
    "SPLASHES",
    "Call",
    "DrawCard",
    "draw_card_name",
    "family_of",
    "held_by",
    "number_of",
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

CONSTRAINED: tuple[int, ...] = (1, 2, 3)
"""The numbers that the *Constraints* variant takes out of the draw deck and freezes."""

CONSTRAINED_DRAW_DECK: tuple[DrawCard, ...] = tuple(c for c in DRAW_DECK if c not in CONSTRAINED)
"""The 20 draw cards of the *Constraints* variant: :data:`DRAW_DECK` without its 1, 2 and 3."""

_FOREIGN = 100


def number_of(card: int) -> int:
    """The number (1–12) of a duck card as a grid holds it.

    A grid holds its owner's family as the numbers 1–12. Under the *Low blows*
    variant it may also hold ducks given by other players: the duck numbered
    ``n`` of the family dealt to seat ``f`` is written ``(f + 1) * 100 + n``
    (in a grid other than seat ``f``'s).

    >>> number_of(7), number_of(107), number_of(312)
    (7, 7, 12)
    """
    return card % _FOREIGN


def family_of(card: int, holder: int) -> int:
    """The seat whose family ``card`` belongs to, for a card in ``holder``'s grid.

    >>> family_of(7, 2), family_of(107, 2)
    (2, 0)
    """
    return holder if card < _FOREIGN else card // _FOREIGN - 1


def held_by(family: int, number: int, holder: int) -> int:
    """How ``holder``'s grid writes the duck ``number`` of seat ``family``'s family.

    >>> held_by(2, 7, 2), held_by(0, 7, 2)
    (7, 107)
    """
    return number if family == holder else (family + 1) * _FOREIGN + number


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
