"""Chance steps: shuffles whose outcome is an argument, never a hidden draw."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import attrs

__all__ = ["CHANCE", "Chance", "TrustedChance", "shuffled"]

A = TypeVar("A")

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


class TrustedChance:
    """The chance actions an engine drew itself from a state's own piles, trusted when
    applied to that state.

    :meth:`Game.sample_chance <rulespec.core.game.Game.sample_chance>` shuffles the
    piles of the pending chance step, so the action it makes is legal by
    construction; checking it again when it is applied (every pile sorted and
    compared with the cards it must hold) would cost as much as the step itself.
    The game marks the state with the action it drew (:meth:`mark`), and the rules
    skip their checks when :meth:`trusted` says that this very action is applied to
    this very state: an equal action built elsewhere, or the drawn one applied to
    another state, is checked as usual.

    The mark is kept in ``field`` of the state class: a slot outside ``__init__``
    and outside equality, such as a cache the state keeps for its other steps.

    >>> @attrs.frozen
    ... class Table:
    ...     cards: tuple[int, ...]
    ...     _kept: object = attrs.field(init=False, default=None, eq=False, repr=False)
    >>> drawn = TrustedChance(Table, "_kept")
    >>> table, deal = Table((1, 2, 3)), (3, 1, 2)
    >>> drawn.trusted(table, drawn.mark(table, deal)), drawn.trusted(table, (3, 1, 2))
    (True, False)
    >>> TrustedChance(Table, "cards")
    Traceback (most recent call last):
      ...
    TypeError: Table.cards is not a slot outside __init__ and equality
    """

    __slots__ = ("_get", "_set")

    def __init__(self, state_type: type[Any], field: str) -> None:
        found = attrs.fields_dict(state_type).get(field)
        slot = vars(state_type).get(field)
        if found is None or found.init or found.eq or not hasattr(slot, "__set__"):
            raise TypeError(
                f"{state_type.__name__}.{field} is not a slot outside __init__ and equality"
            )
        self._get: Callable[[Any], object] = slot.__get__
        self._set: Callable[[Any, object], None] = slot.__set__

    def mark(self, state: Any, action: A) -> A:
        """``action``, drawn from ``state``'s own piles, remembered by ``state``."""
        self._set(state, action)
        return action

    def trusted(self, state: Any, action: object) -> bool:
        """Whether ``action`` is the very action :meth:`mark` remembered for ``state``."""
        return self._get(state) is action
