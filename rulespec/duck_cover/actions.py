"""What one action is in Duck & Cover.

A player's action names the destination of their called card, or says
« Coin »; the card that moves is always the one the turn calls, so it is not
part of the action. Chance steps are actions too: :class:`Deal` (the start
of a round) and :class:`Reshuffle` (an empty draw pile).
"""

from __future__ import annotations

import attrs

from rulespec.duck_cover.cards import DrawCard
from rulespec.duck_cover.grid import Position

__all__ = ["Action", "Cover", "Deal", "Duck", "PlayerAction", "Quack", "Reshuffle"]


@attrs.frozen
class Cover:
    """Move the called card, with its stack, onto the adjacent stack at ``to``.

    >>> Cover(player=0, to=(1, 2))
    Cover(player=0, to=(1, 2))
    """

    player: int
    to: Position


@attrs.frozen
class Duck:
    """Move the called card, with its stack, to the empty place ``to``.

    >>> Duck(player=1, to=(4, 0))
    Duck(player=1, to=(4, 0))
    """

    player: int
    to: Position


@attrs.frozen
class Quack:
    """Say « Coin » (« ¡Cuac! », „Quak"): the called card is covered.

    >>> Quack(player=2)
    Quack(player=2)
    """

    player: int


@attrs.frozen
class Deal:
    """Chance: each family's order, laid row by row, and the draw pile's order.

    ``grids[p]`` is a permutation of 1–12 for player ``p``; ``draw_pile`` is
    a permutation of the 26 draw cards, next card first.
    """

    grids: tuple[tuple[int, ...], ...]
    draw_pile: tuple[DrawCard, ...]


@attrs.frozen
class Reshuffle:
    """Chance: the Captain pile's cards in their new order as the draw pile, next card first."""

    draw_pile: tuple[DrawCard, ...]


PlayerAction = Cover | Duck | Quack
Action = Cover | Duck | Quack | Deal | Reshuffle
