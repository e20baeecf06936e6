"""The cards of Canardage: duck cards, water cards and the sixteen action cards.

Duck cards are whole numbers: a duck of colour ``c`` is the card ``c``, and
colour ``c`` belongs to the player in seat ``c`` (0–5). A water card is
:data:`WATER`. Action cards are the members of :class:`Card`, named after
the French rulebook; each carries its original English name (see the sources page).
"""

from __future__ import annotations

from enum import Enum

__all__ = [
    "COLOURS",
    "DECK_ORDER",
    "DEFAULT_ACTION_DECK",
    "DUCKS_PER_COLOUR",
    "WATER",
    "WATER_CARDS",
    "Card",
    "card_index",
    "chance_card_name",
    "duck_name",
    "sort_cards",
]

COLOURS = 6
"""The game has six colours of ducks, one per possible player."""

DUCKS_PER_COLOUR = 5
"""Ducks of each colour in play that go into the duck deck (the sixth marks the colour)."""

WATER = 6
"""The water card: a space of the line with no duck."""

WATER_CARDS = 5
"""Water cards in the duck deck."""


def duck_name(card: int) -> str:
    """A duck-deck card as players say it.

    >>> duck_name(2), duck_name(WATER)
    ('duck 2', 'water')
    """
    return "water" if card == WATER else f"duck {card}"


class Card(Enum):
    """An action card. Values are the ids used in records (JSON).

    >>> Card.PAN.french, Card.PAN.english
    ('Pan', 'Shoot')
    """

    EN_JOUE = "en-joue"
    DOUBLE_VISEUR = "double-viseur"
    PAN = "pan"
    TIREUR_D_ELITE = "tireur-d-elite"
    TU_LOUCHES = "tu-louches"
    CANARDAGE = "canardage"
    RECTIFIER_GAUCHE = "rectifier-gauche"
    RECTIFIER_DROITE = "rectifier-droite"
    EN_AVANT_MARCHE = "en-avant-marche"
    PALME_ARRIERE = "palme-arriere"
    PALME_AVANT = "palme-avant"
    BANZAI = "banzai"
    CANARCHIE = "canarchie"
    DISPERSION = "dispersion"
    A_COUVERT = "a-couvert"
    PLANQUE = "planque"

    # Members are singletons: hash them by identity (faster than Enum's name hash; no
    # rule ever depends on the iteration order of a set of cards).
    __hash__ = object.__hash__

    @property
    def french(self) -> str:
        """The name printed in the French rulebook."""
        return _NAMES[self][0]

    @property
    def english(self) -> str:
        """The original English name (published data, known with less certainty)."""
        return _NAMES[self][1]


def chance_card_name(card: int | Card) -> str:
    """A card of a chance pile by its name in records: an action card's id, a card of
    the duck deck as :func:`duck_name` says it.

    >>> chance_card_name(Card.PAN), chance_card_name(WATER)
    ('pan', 'water')
    """
    return str(card.value) if isinstance(card, Card) else duck_name(card)


# Each card by its name, for tests such as ``card is PAN`` on the rules' hot paths: Python
# 3.11 reads a module's global far faster than a member of an Enum class.
EN_JOUE = Card.EN_JOUE
DOUBLE_VISEUR = Card.DOUBLE_VISEUR
PAN = Card.PAN
TIREUR_D_ELITE = Card.TIREUR_D_ELITE
TU_LOUCHES = Card.TU_LOUCHES
CANARDAGE = Card.CANARDAGE
RECTIFIER_GAUCHE = Card.RECTIFIER_GAUCHE
RECTIFIER_DROITE = Card.RECTIFIER_DROITE
EN_AVANT_MARCHE = Card.EN_AVANT_MARCHE
PALME_ARRIERE = Card.PALME_ARRIERE
PALME_AVANT = Card.PALME_AVANT
BANZAI = Card.BANZAI
CANARCHIE = Card.CANARCHIE
DISPERSION = Card.DISPERSION
A_COUVERT = Card.A_COUVERT
PLANQUE = Card.PLANQUE

_NAMES: dict[Card, tuple[str, str]] = {
    Card.EN_JOUE: ("En joue", "Take Aim"),
    Card.DOUBLE_VISEUR: ("Double viseur", "Double Threat"),
    Card.PAN: ("Pan", "Shoot"),
    Card.TIREUR_D_ELITE: ("Tireur d'élite", "Quick Shot"),
    Card.TU_LOUCHES: ("Tu louches", "Misfire"),
    Card.CANARDAGE: ("Canardage", "Two Birds"),
    Card.RECTIFIER_GAUCHE: ("Rectifier le tir à gauche", "Bump Left"),
    Card.RECTIFIER_DROITE: ("Rectifier le tir à droite", "Bump Right"),
    Card.EN_AVANT_MARCHE: ("En avant marche", "Line Forward"),
    Card.PALME_ARRIERE: ("Palme arrière", "Hang Back"),
    Card.PALME_AVANT: ("Palme avant", "Move Ahead"),
    Card.BANZAI: ("Banzaï", "Fast Forward"),
    Card.CANARCHIE: ("Canarchie", "Disorderly Conduckt"),
    Card.DISPERSION: ("Dispersion", "Duck Shuffle"),
    Card.A_COUVERT: ("À couvert", "Duck and Cover"),
    Card.PLANQUE: ("Planqué", "Bottoms Up"),
}

DECK_ORDER: tuple[Card, ...] = tuple(Card)
"""The action cards in the rulebook's order: the canonical order of hands and piles."""

_INDEX = {card: i for i, card in enumerate(DECK_ORDER)}


def card_index(card: Card) -> int:
    """The place of ``card`` in :data:`DECK_ORDER`."""
    return _INDEX[card]


def sort_cards(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """``cards`` in the canonical order (hands are kept sorted: a hand is a set of cards)."""
    return tuple(sorted(cards, key=_INDEX.__getitem__))


DEFAULT_ACTION_DECK: tuple[int, ...] = (10, 1, 12, 1, 2, 1, 2, 2, 6, 3, 3, 1, 2, 1, 2, 3)
"""Copies of each action card, in :data:`DECK_ORDER`: 52 cards, from published data (see
the sources page); an option replaces them."""
