"""What one action is in Canardage.

A player's action is one action card played from their hand **with every
choice it needs** (:class:`Play`), or, when none of their cards can be
played, one card thrown away without effect (:class:`Discard`). Drawing back
to three cards is not an action: it follows the play (after a chance step
when the draw pile must be rebuilt).

``Play.spaces`` names spaces of the line (0 is the front, 5 the back; see
:mod:`rulespec.canardage.line`), per card:

========================  ==========================================
card                      ``spaces``
========================  ==========================================
En joue                   ``(space,)``: the space to target
Double viseur             ``(a, a + 1)``, or ``(a,)`` when no two
                          adjacent spaces are free
Pan                       ``(space,)``: the targeted space shot at
Tireur d'élite            ``(space,)``: the duck shot
Tu louches                ``(target, shot)``: a targeted space and
                          the neighbouring duck that is shot
Canardage                 ``(a, a + 1)``: two adjacent targeted ducks
Rectifier (both)          ``(space,)``: where the target stands now
En avant marche           ``()``
Palme arrière / avant     ``(space,)``: your duck
Banzaï                    ``(space,)``: your duck
Canarchie                 ``()``; ``line`` gives the new order
Dispersion                ``()``
À couvert                 ``(duck, cover)``: your duck and the
                          neighbouring duck it hides under
Planqué                   ``(space,)``: the space the card lies on
========================  ==========================================

Chance steps are actions too: :class:`Deal` (the start),
:class:`Reshuffle` (the played cards become the draw pile) and
:class:`Disperse` (the duck deck shuffled by Dispersion).
"""

from __future__ import annotations

import attrs

from rulespec.canardage.cards import Card

__all__ = ["Action", "Deal", "Discard", "Disperse", "Play", "PlayerAction", "Reshuffle", "Stack"]

Stack = tuple[int, ...]
"""What one space of the line holds, bottom first: ``(card,)``, or ``(hidden, cover)``
for a duck hidden under another by À couvert."""


@attrs.frozen
class Play:
    """Play ``card`` from the hand with its choices.

    >>> Play(0, Card.PAN, (2,))
    Play(player=0, card=<Card.PAN: 'pan'>, spaces=(2,), line=())
    """

    player: int
    card: Card
    spaces: tuple[int, ...] = ()
    line: tuple[Stack, ...] = ()
    """Canarchie only: the new line, front first (the same stacks in a new order)."""


@attrs.frozen
class Discard:
    """Throw ``card`` away without effect: allowed only when no card in hand can be played.

    >>> Discard(1, Card.PAN)
    Discard(player=1, card=<Card.PAN: 'pan'>)
    """

    player: int
    card: Card


@attrs.frozen
class Deal:
    """Chance: the shuffled duck deck (top first) and the shuffled action deck (top first).

    The first six duck cards fill the line from the back (see
    :func:`rulespec.canardage.line.dealt`); player ``p`` receives action
    cards ``3p`` to ``3p + 2``; the rest is the draw pile.
    """

    ducks: tuple[int, ...]
    actions: tuple[Card, ...]


@attrs.frozen
class Reshuffle:
    """Chance: the played cards, shuffled, as the new draw pile (top first)."""

    draw_pile: tuple[Card, ...]


@attrs.frozen
class Disperse:
    """Chance: the duck deck after Dispersion, shuffled (top first)."""

    deck: tuple[int, ...]


PlayerAction = Play | Discard
Action = Play | Discard | Deal | Reshuffle | Disperse
