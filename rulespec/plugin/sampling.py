"""Pieces shared by the games' samplers (:meth:`Game.sample_state`): what a view leaves
unseen, and dealing it out at random.

Every sampler works the same way: take the cards of the game (or of a pile), remove
those the view shows, and deal what is left at random into the places the view hides,
as a shuffle would. Copies of a card are told apart while shuffling, so a hand of two
identical cards is as likely as a shuffle makes it.

>>> import random
>>> from collections import Counter
>>> rest = unseen(Counter("aabbc"), "ab", "Toy", "the table")
>>> sorted(rest)
['a', 'b', 'c']
>>> [sorted(part) for part in dealt_out(rest, (2,), random.Random(1))[0]] in (
...     [["a", "b"]], [["a", "c"]], [["b", "c"]])
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

__all__ = ["dealt_out", "impossible", "sizes", "unseen"]

T = TypeVar("T", bound=Hashable)


def impossible(game: str, why: str) -> ValueError:
    """The error for a view that no state of ``game`` shows.

    >>> str(impossible("Duo", "player 0 holds 90 cards"))
    'no Duo state shows this view: player 0 holds 90 cards'
    """
    return ValueError(f"no {game} state shows this view: {why}")


def unseen(full: Counter[T], shown: Iterable[object], game: str, where: str) -> list[T]:
    """The cards of ``full`` not among ``shown`` (each copy once), in ``full``'s order.

    ``shown`` must be part of ``full``: a card it holds more often than ``full``
    (or a card ``full`` does not have) raises :func:`impossible`, naming ``where``.

    >>> unseen(Counter([1, 1, 2, 3]), [1, 3], "Toy", "the table")
    [1, 2]
    >>> unseen(Counter([1, 2]), [2, 2], "Toy", "the table")
    Traceback (most recent call last):
      ...
    ValueError: no Toy state shows this view: the table holds 2 more often than the game has it
    """
    left: dict[object, int] = {card: count for card, count in full.items()}
    for card in shown:
        try:
            count = left.get(card, 0)
        except TypeError:  # an unhashable thing where a card belongs
            count = 0
        if count <= 0:
            raise impossible(game, f"{where} holds {card!r} more often than the game has it")
        left[card] = count - 1
    return [card for card in full for _ in range(left[card])]


def sizes(values: object, count: int, game: str, what: str) -> tuple[int, ...]:
    """``values`` as ``count`` whole numbers ≥ 0, or :func:`impossible` naming ``what``.

    >>> sizes((3, 0), 2, "Toy", "hand sizes")
    (3, 0)
    >>> sizes((3, -1), 2, "Toy", "hand sizes")
    Traceback (most recent call last):
      ...
    ValueError: no Toy state shows this view: hand sizes (3, -1) are not 2 whole numbers ≥ 0
    """
    if (
        not isinstance(values, tuple)
        or len(values) != count
        or not all(type(v) is int and v >= 0 for v in values)
    ):
        raise impossible(game, f"{what} {values!r} are not {count} whole numbers ≥ 0")
    return values


def dealt_out(
    cards: Sequence[T], parts: Sequence[int], rng: random.Random
) -> tuple[list[list[T]], list[T]]:
    """``cards`` shuffled with ``rng`` and cut into ``parts`` (their sizes, in order),
    and the rest in shuffled order; ``sum(parts)`` must not exceed ``len(cards)``.

    >>> hands, rest = dealt_out([1, 2, 3, 4, 5], (2, 1), random.Random(3))
    >>> [len(h) for h in hands], len(rest), sorted([*hands[0], *hands[1], *rest])
    ([2, 1], 2, [1, 2, 3, 4, 5])
    """
    pool = list(cards)
    rng.shuffle(pool)
    cut: list[list[T]] = []
    at = 0
    for size in parts:
        cut.append(pool[at : at + size])
        at += size
    return cut, pool[at:]
