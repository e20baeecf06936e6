"""What one action is in Duck & Cover.

A player's action names the destination of their called card, or says
« Coin »; the card that moves is always the one the turn calls, so it is not
part of the action, except under the *Low blows* variant when two of the
player's visible cards carry the called number: then ``origin`` names the
place of the one that moves. Chance steps are actions too: :class:`Deal` (the
start of a round) and :class:`Reshuffle` (an empty draw pile).

*Low blows* adds two simultaneous steps to a turn on Max or Repeat: each
player gives a duck (:class:`Give`), then each places the duck they received
(:class:`Place`).
"""

from __future__ import annotations

import attrs

from rulespec.duck_cover.cards import DrawCard
from rulespec.duck_cover.grid import Position

__all__ = [
    "Action",
    "Cover",
    "Deal",
    "Duck",
    "Give",
    "Place",
    "PlayerAction",
    "Quack",
    "Reshuffle",
]


def _move_repr(self: Cover | Duck) -> str:
    origin = "" if self.origin is None else f", origin={self.origin!r}"
    return f"{type(self).__name__}(player={self.player!r}, to={self.to!r}{origin})"


@attrs.frozen(repr=False)
class Cover:
    """Move the called card, with its stack, onto the adjacent stack at ``to``.

    ``origin`` is the called card's place when the player must say which of two
    (*Low blows*); ``None`` otherwise.

    >>> Cover(player=0, to=(1, 2))
    Cover(player=0, to=(1, 2))
    >>> Cover(player=0, to=(1, 2), origin=(1, 1))
    Cover(player=0, to=(1, 2), origin=(1, 1))
    """

    player: int
    to: Position
    origin: Position | None = None

    __repr__ = _move_repr


@attrs.frozen(repr=False)
class Duck:
    """Move the called card, with its stack, to the empty place ``to``.

    ``origin`` as for :class:`Cover`.

    >>> Duck(player=1, to=(4, 0))
    Duck(player=1, to=(4, 0))
    """

    player: int
    to: Position
    origin: Position | None = None

    __repr__ = _move_repr


@attrs.frozen
class Quack:
    """Say « Coin » (« ¡Cuac! », „Quak"): the called card is covered.

    >>> Quack(player=2)
    Quack(player=2)
    """

    player: int


@attrs.frozen
class Give:
    """*Low blows*: give the visible duck at ``at`` (without the cards beneath it) to
    the player on the left, seat ``player + 1`` (the last seat gives to seat 0).

    >>> Give(player=0, at=(2, 1))
    Give(player=0, at=(2, 1))
    """

    player: int
    at: Position


@attrs.frozen
class Place:
    """*Low blows*: place the duck received this turn at the empty place ``to``.

    >>> Place(player=1, to=(-1, 0))
    Place(player=1, to=(-1, 0))
    """

    player: int
    to: Position


@attrs.frozen
class Deal:
    """Chance: each family's order, laid row by row, and the draw pile's order.

    ``grids[p]`` is a permutation of 1–12 for player ``p``; ``draw_pile`` is
    a permutation of the 26 draw cards (20 under *Constraints*), next card
    first; under *Surprises* its first two cards are set aside unseen.
    """

    grids: tuple[tuple[int, ...], ...]
    draw_pile: tuple[DrawCard, ...]


@attrs.frozen
class Reshuffle:
    """Chance: the Captain pile's cards in their new order as the draw pile, next card first."""

    draw_pile: tuple[DrawCard, ...]


PlayerAction = Cover | Duck | Quack | Give | Place
"""A player's action: on the called card, or in a gift (*Low blows*)."""
Action = Cover | Duck | Quack | Give | Place | Deal | Reshuffle
