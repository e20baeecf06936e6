"""A chance step taken one card at a time: a shuffle as a sequence of small draws.

A rulespec chance step (:class:`~rulespec.Chance`) orders whole piles at once:
a Duo deal is one of 76! orderings. A framework whose chance nodes list their
outcomes (OpenSpiel) cannot list that many, so :class:`Draws` builds the
orderings card by card: the first card of the first pile, then its second,
and so on through every pile. Each draw is uniform among the cards still to
place in the pile being ordered, so every ordering comes out exactly as
likely as a shuffle makes it.

An *outcome* of a draw is a card index: the position, in the pile as
:meth:`Game.chance <rulespec.Game.chance>` lists it (its canonical order), of
the **first** copy of the drawn card. Copies of a card are one outcome, with
the probability of drawing any of them: ``copies left / cards left``. A pile
whose cards left are all alike (one card, or copies of one card) is placed at
once, without a draw: nothing is left to chance there.

>>> from rulespec import Chance
>>> step = Chance("reshuffle", "a toy pile", ((3, 5, 5, 12),))
>>> draws = Draws.start(step)
>>> [(i, str(p)) for i, p in draws.outcomes()]  # 3, a 5 (two copies of four), 12
[(0, '1/4'), (1, '1/2'), (3, '1/4')]
>>> draws = draws.draw(0).draw(3)  # the 3, then the 12: two 5s are left, forced
>>> draws.complete, draws.ordering()
(True, ((3, 12, 5, 5),))
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from functools import lru_cache

import attrs

from rulespec.core.chance import Chance
from rulespec.core.checks import integer

__all__ = ["Draws", "first_copies"]


@lru_cache(maxsize=256)
def first_copies(pile: tuple[Hashable, ...]) -> tuple[int, ...]:
    """For each position of ``pile``, the position of the first copy of its card.

    >>> first_copies(("a", "b", "a", "c", "b"))
    (0, 1, 0, 3, 1)
    """
    first: dict[Hashable, int] = {}
    return tuple(first.setdefault(card, i) for i, card in enumerate(pile))


@lru_cache(maxsize=256)
def _copies(pile: tuple[Hashable, ...]) -> dict[int, tuple[int, ...]]:
    """The positions of the copies of each card of ``pile``, by the first one's."""
    found: dict[int, list[int]] = {}
    for i, first in enumerate(first_copies(pile)):
        found.setdefault(first, []).append(i)
    return {first: tuple(where) for first, where in found.items()}


def _left(pile: tuple[Hashable, ...], placed: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """How many copies of each card of ``pile`` are not in ``placed``, by card index."""
    taken = set(placed)
    counts = ((i, sum(c not in taken for c in where)) for i, where in _copies(pile).items())
    return tuple(sorted((i, n) for i, n in counts if n))


@attrs.frozen
class Draws:
    """The cards placed so far while ordering the piles of one chance step.

    ``placed[k]`` holds the positions (in ``piles[k]``) of the cards placed in
    pile ``k``, first card first; the piles fill in order, so every pile before
    the one being ordered is complete. Make it with :meth:`start` (or
    :meth:`resumed`), then :meth:`draw`.
    """

    piles: tuple[tuple[Hashable, ...], ...]
    """The piles of the chance step, each in its canonical order."""
    placed: tuple[tuple[int, ...], ...]
    current: int
    """The pile being ordered: the first one not complete (``len(piles)`` when none)."""
    left: tuple[tuple[int, int], ...]
    """The cards left to place in the pile being ordered: (card index, copies), by index."""

    @classmethod
    def start(cls, chance: Chance) -> Draws:
        """The draws of ``chance`` before any card is drawn (forced piles already placed)."""
        if not isinstance(chance, Chance):
            raise TypeError(f"chance must be a Chance, not {type(chance).__name__}")
        return cls.resumed(chance.piles, ((),) * len(chance.piles))

    @classmethod
    def resumed(
        cls, piles: tuple[tuple[Hashable, ...], ...], placed: tuple[tuple[int, ...], ...]
    ) -> Draws:
        """The draws of ``piles`` once the cards ``placed`` are placed (as in
        :attr:`placed`)."""
        if len(placed) != len(piles) or any(
            len(set(p)) != len(p) or not set(p) <= set(range(len(pile)))
            for pile, p in zip(piles, placed, strict=True)
        ):
            raise ValueError("placed must hold distinct positions of each pile")
        k = next((k for k, p in enumerate(placed) if len(p) < len(piles[k])), len(piles))
        if any(placed[j] for j in range(k + 1, len(piles))):
            raise ValueError("the piles are ordered one after the other")
        left = _left(piles[k], placed[k]) if k < len(piles) else ()
        return cls(piles, placed, k, left)._forced()

    # -- where the ordering stands ---------------------------------------------------

    @property
    def complete(self) -> bool:
        """Whether every pile is ordered: the chance step can be applied."""
        return self.current == len(self.piles)

    @property
    def remaining(self) -> int:
        """How many cards are left to place in the pile being ordered."""
        return sum(n for _, n in self.left)

    def outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """The next draw's outcomes, ascending: (card index, exact probability).

        Empty when the ordering is complete. The probabilities add up to 1.
        """
        total = self.remaining
        return tuple((i, Fraction(n, total)) for i, n in self.left)

    def card(self, outcome: int) -> Hashable:
        """The card that ``outcome`` draws from the pile being ordered."""
        k = self.current
        if k == len(self.piles):
            raise ValueError("every pile is ordered: there is nothing left to draw")
        index = integer(outcome, "outcome")
        if not 0 <= index < len(self.piles[k]):
            raise ValueError(f"pile {k} has no card index {index}")
        return self.piles[k][index]

    # -- drawing ------------------------------------------------------------------------

    def draw(self, outcome: int) -> Draws:
        """The draws after placing the card ``outcome`` next in the pile being ordered.

        Raises :class:`ValueError` when ``outcome`` is not one of :meth:`outcomes`.
        """
        index = integer(outcome, "outcome")
        left = dict(self.left)
        copies = left.get(index, 0)
        k = self.current
        if not copies:
            raise ValueError(f"{index} is not a card index left to draw in pile {k}")
        where = _copies(self.piles[k])[index]
        placed = list(self.placed)
        placed[k] = (*placed[k], where[len(where) - copies])
        if copies == 1:
            del left[index]
        else:
            left[index] = copies - 1
        return Draws(self.piles, tuple(placed), k, tuple(left.items()))._forced()

    def _forced(self) -> Draws:
        """These draws with every pile whose cards left are all alike placed at once."""
        draws = self
        while draws.current < len(draws.piles) and len(draws.left) <= 1:
            k = draws.current
            taken = set(draws.placed[k])
            rest = tuple(i for i in range(len(draws.piles[k])) if i not in taken)
            placed = list(draws.placed)
            placed[k] = (*placed[k], *rest)
            k += 1
            left = _left(draws.piles[k], ()) if k < len(draws.piles) else ()
            draws = Draws(draws.piles, tuple(placed), k, left)
        return draws

    def ordering(self) -> tuple[tuple[Hashable, ...], ...]:
        """The outcome of the chance step (one ordering of each pile), once complete."""
        if not self.complete:
            raise ValueError("the piles are not all ordered yet")
        return tuple(
            tuple(pile[i] for i in placed)
            for pile, placed in zip(self.piles, self.placed, strict=True)
        )
