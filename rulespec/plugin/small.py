"""What a game declares of its small configurations, for ``rulespec explore``
(:mod:`rulespec.tools.explore`): a game's ``small`` module (its declaration names it)
lists them with ``configs()``, built from what this module gives.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any

import attrs

__all__ = ["Canonical", "Config", "arrangements", "orderings"]


Canonical = Callable[[Any], Hashable]


@attrs.frozen
class Config:
    """A named small configuration of a game: players and options (as JSON data), and
    what the explorer needs to know of it. A game lists its configurations in the module
    its declaration names as ``small`` (:func:`configs`)."""

    name: str
    players: int
    options: dict[str, Any]
    description: str
    start: Callable[[Any], Sequence[Any]] | None = None
    """Options → the states the walk starts from (each arrangement of a position's
    hidden cards, say); ``None``: the new game."""
    symmetry: Callable[[Any], Canonical] | None = None
    """Options → the canonical form of a state (states of one form are kept once)."""
    weight: Callable[[Any], int] | None = None
    """A state → its weight in the law :meth:`~rulespec.core.game.Game.sample_state`
    draws by (the arrangements of copied cards it stands for); ``None``: 1."""
    exact: Callable[[Any], bool] | None = None
    """A view → whether the game's sampler follows that law exactly on it; ``None``:
    always."""
    endless: bool = False
    """Whether the rules let a game go on for ever: a cycle is then reported, not
    found wrong."""
    note: str = ""
    """Where the walk starts, what it shrinks and the symmetry, in a few sentences for
    the State space page."""
    law: str = "each state equally likely"
    """The law of the views' samples, in words (the State space page says it)."""
    deep: bool = False
    """Whether it is a larger configuration, of 10⁵ to 10⁶ states, which the test suite
    explores under the deep profile only (``rulespec explore --config`` names it)."""


def arrangements(hands: Iterable[Sequence[Hashable]]) -> int:
    """How many ways the cards of ``hands`` (each a set of cards) can be told apart:
    the product over the hands of ``len(hand)! / Π k!`` for each card held ``k`` times.
    States whose hidden cards are dealt by a shuffle, copies told apart, are drawn in
    proportion to it (the piles, orders, count every arrangement once).

    >>> arrangements([(1, 2, 3), (4, 4, 5)]), arrangements([(4, 4, 4)])
    (18, 1)
    """
    total = 1
    for hand in hands:
        total *= math.factorial(len(hand)) // math.prod(
            math.factorial(k) for k in Counter(hand).values()
        )
    return total


def orderings(pile: Sequence[Hashable]) -> Iterator[tuple[Hashable, ...]]:
    """Each distinct ordering of ``pile`` once (copies of a card are not told apart).

    >>> list(orderings((1, 1, 2)))
    [(1, 1, 2), (1, 2, 1), (2, 1, 1)]
    """
    counts = Counter(pile)
    kinds = sorted(counts, key=lambda card: pile.index(card))
    chosen: list[Hashable] = []

    def walk(left: int) -> Iterator[tuple[Hashable, ...]]:
        if not left:
            yield tuple(chosen)
            return
        for card in kinds:
            if counts[card]:
                counts[card] -= 1
                chosen.append(card)
                yield from walk(left - 1)
                chosen.pop()
                counts[card] += 1

    yield from walk(len(pile))
