"""What one action is in Goofspiel.

- :class:`Bid`: one player lays one card of their hand face down. Every
  player bids on each prize, all at once: the players still to bid are all
  to move, each bid is applied on its own, and the turn is resolved when the
  last bid arrives (the order of arrival never changes the result).
- :class:`Shuffle`: chance, once, at the start: the order of the prize deck.

Cards are numbers, 1 (ace) to the size of a suit (13, the king, by default).
"""

from __future__ import annotations

import attrs

__all__ = ["Action", "Bid", "Shuffle"]


@attrs.frozen
class Bid:
    """``player`` bids ``card`` on the prize on the table."""

    player: int
    card: int


@attrs.frozen
class Shuffle:
    """Chance: the prize deck, top card first (the first prize)."""

    order: tuple[int, ...]


Action = Bid | Shuffle
