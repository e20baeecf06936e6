"""Chance steps: shuffles whose outcome is an argument, never a hidden draw."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

import attrs

__all__ = ["CHANCE", "Chance", "shuffled"]

CHANCE = -1
"""The actor of a chance step in :meth:`Game.to_move`: nature, not a player."""


@attrs.frozen
class Chance:
    """What a chance step waits for: independent, uniform shuffles.

    Every chance event of the three games is a shuffle: a deal, a reshuffle
    of a pile. ``piles`` holds the cards of each shuffle, in a canonical
    order; an outcome is one ordering of each pile, and every ordering is
    equally likely. The game turns an outcome into an action with
    :meth:`Game.chance_action`.

    >>> c = Chance("reshuffle", "the Captain pile becomes the draw pile", ((3, 5, 5, 12),))
    >>> [sorted(pile) for pile in c.sample(random.Random(1))]
    [[3, 5, 5, 12]]
    """

    kind: str
    """A short name of the event, e.g. ``"deal"`` or ``"reshuffle"``."""
    description: str
    piles: tuple[tuple[Hashable, ...], ...]

    def sample(self, rng: random.Random) -> tuple[tuple[Hashable, ...], ...]:
        """One outcome drawn with ``rng``: each pile in a uniformly random order."""
        return shuffled(self.piles, rng)


def shuffled(piles: Sequence[Sequence[Any]], rng: random.Random) -> tuple[tuple[Any, ...], ...]:
    """Each of ``piles`` in a uniformly random order drawn with ``rng``: the draws
    :meth:`Chance.sample` makes, for a game that has the piles without their
    :class:`Chance`.

    >>> shuffled(((1, 2, 3), ()), random.Random(1)) == Chance("", "", ((1, 2, 3), ())).sample(
    ...     random.Random(1)
    ... )
    True
    """
    return tuple(tuple(rng.sample(pile, len(pile))) for pile in piles)
