"""Duo's small configurations for ``rulespec explore`` (see :mod:`rulespec.tools.explore`).

Both shrink the deck with options that are not rules of the game (clause
``duo.game.round-limit`` says so): two colours, two numbers and two shapes, no joker,
one round won by the highest total. Relabelling the colours, the numbers or the shapes
in play changes no rule, so a state and its relabellings are one class.

>>> [(c.name, c.deep) for c in configs()]
[('small', False), ('three', False), ('long', True)]
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import permutations, product
from typing import Any

from rulespec.duo import sampling
from rulespec.plugin.small import Canonical, Config, arrangements

__all__ = ["configs", "exact", "symmetry", "weight"]


def symmetry(options: Any) -> Canonical:
    """Duo's canonical form: the least of the states made by relabelling the colours,
    the numbers and the shapes in play (each feature's values permuted apart)."""
    kept = range(options.features)
    maps: list[tuple[int, ...]] = []
    for colours, numbers, shapes in product(*(list(permutations(kept)),) * 3):
        table = list(range(77))
        for c, n, sh in product(kept, kept, kept):
            table[16 * c + 4 * n + sh] = 16 * colours[c] + 4 * numbers[n] + shapes[sh]
        for f in kept:
            table[64 + f], table[68 + f] = 64 + colours[f], 68 + numbers[f]
            table[72 + f] = 72 + shapes[f]
        maps.append(tuple(table))

    def canonical(s: Any) -> Hashable:
        cards = min(
            (
                tuple(tuple(sorted(m[c] for c in h)) for h in s.hands),
                tuple(tuple(m[c] for c in p) for p in s.piles),
                tuple(m[c] for c in s.draw_pile),
            )
            for m in maps
        )
        return (s.phase, s.round, s.starter, s.turn, s.turn_pile, s.round_scores, cards)

    return canonical


def weight(state: Any) -> int:
    """The arrangements a state stands for, copies told apart (Turbo-jokers): see
    :func:`~rulespec.plugin.small.arrangements` (the draw pile and the piles are
    orders, where no copy counts twice)."""
    return arrangements(state.hands)


def exact(view: Any) -> bool:
    """Whether Duo's sampler is exact on ``view``: it draws the covered cards of piles
    that cover more than eight cards only nearly uniformly (see
    :mod:`rulespec.duo.sampling`), the rest exactly."""
    return sampling.exact(view.pile_sizes)


def configs() -> tuple[Config, ...]:
    """Duo's small configurations, the default first."""
    law = (
        "each state equally likely (every card differs), exactly: the piles never cover "
        "more cards than the sampler draws exactly"
    )
    common: dict[str, Any] = {"symmetry": symmetry, "weight": weight, "exact": exact, "law": law}
    return (
        Config(
            "small",
            2,
            {"features": 2, "jokers": False, "hand_size": 2, "max_rounds": 1, "leader_wins": True},
            "2 players, one round, 2 colours × 2 numbers × 2 shapes (8 cards, no jokers), "
            "hands of 2, won by the highest total",
            note=(
                "It starts from the new game; the options that shrink the deck are not rules "
                "(clause duo.game.round-limit says so). Reduced: colours, numbers and shapes "
                "relabelled."
            ),
            **common,
        ),
        Config(
            "three",
            3,
            {"features": 2, "jokers": False, "hand_size": 1, "max_rounds": 1, "leader_wins": True},
            "3 players, one round, the same 8 cards, hands of 1",
            note=(
                "It starts from the new game, shrunk as the small configuration. Reduced: "
                "colours, numbers and shapes relabelled."
            ),
            **common,
        ),
        Config(
            "long",
            2,
            {"features": 2, "jokers": False, "hand_size": 1, "max_rounds": 1, "leader_wins": True},
            "2 players, one round, the same 8 cards, hands of 1 (four cards to draw)",
            note=(
                "It starts from the new game, shrunk as the small configuration; with four "
                "cards to draw its rounds last longer. The test suite explores it under the "
                "deep profile. Reduced: colours, numbers and shapes relabelled."
            ),
            deep=True,
            **common,
        ),
    )
