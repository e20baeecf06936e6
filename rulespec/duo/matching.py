"""Which card may go on which: the placement rules, one function per clause.

:func:`fits` answers from a table built once from these functions;
:func:`placement_clause` names the clause that decides a pair of cards, so
a refused play can say which rule it breaks.
"""

from __future__ import annotations

from rulespec.duo.cards import TURBO, Card, features, is_joker
from rulespec.rulebook.implements import implements

__all__ = [
    "FITS_ON",
    "fits",
    "joker_on_card",
    "joker_on_joker",
    "on_joker",
    "on_turbo",
    "placement_clause",
    "symbol_on_symbol",
]


@implements("duo.place.two-features")
def symbol_on_symbol(card: Card, top: Card) -> bool:
    """A symbol card goes on a symbol card sharing at least two of the three features.

    >>> from rulespec.duo.cards import symbol
    >>> symbol_on_symbol(symbol("red", 3, "circle"), symbol("red", 3, "cross"))
    True
    >>> symbol_on_symbol(symbol("red", 3, "circle"), symbol("red", 2, "cross"))
    False
    """
    a, b = features(card), features(top)
    return (a[0] == b[0]) + (a[1] == b[1]) + (a[2] == b[2]) >= 2


@implements("duo.place.on-joker")
def on_joker(card: Card, top: Card) -> bool:
    """A symbol card goes on a joker when it has the joker's one feature."""
    return any(j is not None and j == c for j, c in zip(features(top), features(card), strict=True))


@implements("duo.place.joker")
def joker_on_card(card: Card, top: Card) -> bool:
    """A joker goes on a symbol card that has the joker's one feature."""
    return any(j is not None and j == c for j, c in zip(features(card), features(top), strict=True))


@implements("duo.place.no-joker-on-joker")
def joker_on_joker(card: Card, top: Card) -> bool:
    """A joker never goes on another joker."""
    return False


@implements("duo.place.turbo")
def on_turbo(card: Card, top: Card) -> bool:
    """A Turbo-joker goes on any card, and any card goes on a Turbo-joker."""
    return True


def placement_clause(card: Card, top: Card) -> str:
    """The clause that decides whether ``card`` may go on ``top``."""
    if card == TURBO or top == TURBO:
        return "duo.place.turbo"
    if is_joker(card):
        return "duo.place.no-joker-on-joker" if is_joker(top) else "duo.place.joker"
    return "duo.place.on-joker" if is_joker(top) else "duo.place.two-features"


_RULES = {
    "duo.place.turbo": on_turbo,
    "duo.place.no-joker-on-joker": joker_on_joker,
    "duo.place.joker": joker_on_card,
    "duo.place.on-joker": on_joker,
    "duo.place.two-features": symbol_on_symbol,
}

_SIZE = TURBO + 1
_TABLE: tuple[bool, ...] = tuple(
    _RULES[placement_clause(card, top)](card, top) for top in range(_SIZE) for card in range(_SIZE)
)

FITS_ON: tuple[tuple[Card, ...], ...] = tuple(
    tuple(card for card in range(_SIZE) if _TABLE[top * _SIZE + card]) for top in range(_SIZE)
)
"""``FITS_ON[top]``: every card that may go on ``top``, in card order."""


def fits(card: Card, top: Card) -> bool:
    """Whether ``card`` may be placed on a pile whose top card is ``top``.

    >>> from rulespec.duo.cards import parse_card as c
    >>> fits(c("blue-2-circle"), c("joker-2")), fits(c("joker-2"), c("joker-blue"))
    (True, False)
    """
    return _TABLE[top * _SIZE + card]
