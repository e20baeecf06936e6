"""The cards of Duo: symbol cards, jokers, Turbo-jokers, and their names.

A card is a small ``int``:

- ``0``–``63``: the symbol cards, ``16 × colour + 4 × (number − 1) + shape``,
  with colours blue, red, yellow, green (0–3) and shapes circle, square,
  triangle, cross (0–3);
- ``64``–``67``: the colour jokers (blue, red, yellow, green);
- ``68``–``71``: the number jokers (1–4);
- ``72``–``75``: the shape jokers (circle, square, triangle, cross);
- ``76``: a Turbo-joker (the four copies are the same card).

In JSON and in the position builder a card is a name:
``"red-3-triangle"``, ``"joker-green"``, ``"joker-2"``, ``"joker-cross"``,
``"turbo"``.
"""

from __future__ import annotations

from rulespec.plugin.positions import shown
from rulespec.rulebook.implements import implements

__all__ = [
    "BASE_DECK",
    "COLOURS",
    "JOKERS",
    "NUMBERS",
    "SHAPES",
    "SYMBOLS",
    "TURBO",
    "TURBO_DECK",
    "Card",
    "card_name",
    "deck",
    "features",
    "is_joker",
    "is_symbol",
    "parse_card",
    "symbol",
]

Card = int
"""A card, encoded as the module docstring says."""

COLOURS: tuple[str, ...] = ("blue", "red", "yellow", "green")
NUMBERS: tuple[int, ...] = (1, 2, 3, 4)
SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "cross")

SYMBOLS: tuple[Card, ...] = tuple(range(64))
"""The 64 symbol cards: every colour × number × shape once."""

JOKERS: tuple[Card, ...] = tuple(range(64, 76))
"""The 12 jokers: four colour jokers, four number jokers, four shape jokers."""

TURBO: Card = 76
"""A Turbo-joker: it has every feature."""

BASE_DECK: tuple[Card, ...] = (*SYMBOLS, *JOKERS)
"""The 76 cards of the base game, in canonical order."""

TURBO_DECK: tuple[Card, ...] = (*BASE_DECK, TURBO, TURBO, TURBO, TURBO)
"""The 80 cards of Turbo-DUO, in canonical order."""


def symbol(colour: str, number: int, shape: str) -> Card:
    """The symbol card with these three features.

    >>> symbol("blue", 1, "circle"), symbol("green", 4, "cross")
    (0, 63)
    """
    return 16 * COLOURS.index(colour) + 4 * NUMBERS.index(number) + SHAPES.index(shape)


def is_symbol(card: Card) -> bool:
    """Whether ``card`` is a symbol card."""
    return 0 <= card < 64


def is_joker(card: Card) -> bool:
    """Whether ``card`` is one of the 12 single-feature jokers (not a Turbo-joker)."""
    return 64 <= card < 76


@implements("duo.cards.symbols", "duo.cards.jokers")
def features(card: Card) -> tuple[int | None, int | None, int | None]:
    """The card's (colour, number index, shape) features; ``None`` where it has none.

    A Turbo-joker has every feature: ``features(TURBO)`` is ``(None, None, None)``
    too, so callers test :data:`TURBO` first.

    >>> features(symbol("red", 3, "triangle"))
    (1, 2, 2)
    >>> features(parse_card("joker-3"))
    (None, 2, None)
    """
    if card < 64:
        return card >> 4, (card >> 2) & 3, card & 3
    if card < 68:
        return card - 64, None, None
    if card < 72:
        return None, card - 68, None
    if card < 76:
        return None, None, card - 72
    return None, None, None


@implements("duo.cards.turbo")
def deck(turbo: bool) -> tuple[Card, ...]:
    """The cards in play: 76, or 80 with the Turbo-jokers of Turbo-DUO."""
    return TURBO_DECK if turbo else BASE_DECK


def card_name(card: Card) -> str:
    """The card's name, as in JSON.

    >>> [card_name(c) for c in (0, 63, 65, 69, 75, TURBO)]
    ['blue-1-circle', 'green-4-cross', 'joker-red', 'joker-2', 'joker-cross', 'turbo']
    """
    if card < 64:
        colour, number, shape = card >> 4, (card >> 2) & 3, card & 3
        return f"{COLOURS[colour]}-{NUMBERS[number]}-{SHAPES[shape]}"
    if card < 68:
        return f"joker-{COLOURS[card - 64]}"
    if card < 72:
        return f"joker-{NUMBERS[card - 68]}"
    if card < 76:
        return f"joker-{SHAPES[card - 72]}"
    return "turbo"


_BY_NAME: dict[str, Card] = {card_name(c): c for c in (*BASE_DECK, TURBO)}


def parse_card(name: str) -> Card:
    """The card named ``name`` (see :func:`card_name`); ``ValueError`` if none is.

    >>> parse_card("yellow-2-square") == symbol("yellow", 2, "square")
    True
    """
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"{shown(name)} is not a Duo card (e.g. 'red-3-triangle', 'joker-green', "
            "'joker-2', 'joker-cross', 'turbo')"
        ) from None
