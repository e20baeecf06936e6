"""Duck & Cover's small configuration for ``rulespec explore`` (see
:mod:`rulespec.tools.explore`).

A deal has astronomically many outcomes (each family's grid, the 26 draw cards), so the
walk starts from a position of the last round (the round's end ends the game), with few
stacks left in each grid, a short draw pile and a discard zone close to its limit.
These are not rules of the game: the position is one a game can reach.

Players act together on the card called, each on their own grid, and no rule tells the
seats apart (with the published options), so exchanging the seats, with their grids,
actions and scores, changes no rule: a state and its exchanges are one class.

>>> [(c.name, c.players) for c in configs()]
[('last-round', 2)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from itertools import permutations
from typing import Any

import attrs

from rulespec.core.small import Canonical, Config
from rulespec.duck_cover.position import position
from rulespec.duck_cover.state import State

__all__ = ["configs", "exchanged", "starts", "symmetry"]

GRID = "1/2/3 4/5/6 7/8/9\n10 11/12"
"""Each player's grid at the start: five stacks."""
DRAW = (12, 4, 11, 13)
"""The draw pile at the start, next card first."""
DISCARDS = (1, 2, 3, 5, 6, 7, 8, 10)
CARD = 9


def starts(options: Any) -> list[State]:
    """The start position: both grids alike, card 9 called, the draw pile ``DRAW``, the
    draw cards nowhere else in the Captain pile (in ascending order)."""
    rest = Counter(options.draw_deck) - Counter((*DRAW, *DISCARDS, CARD))
    return [
        position(
            [GRID, GRID],
            card=CARD,
            draw_pile=DRAW,
            discard_zone=DISCARDS,
            captain_pile=sorted(rest.elements()),
            round=2,
            round_scores=((3, 3), (2, 2)),
            options=options,
        )
    ]


def exchanged(state: State, order: tuple[int, ...]) -> State:
    """``state`` with seat ``p``'s grid, action and scores given to seat ``order[p]``."""

    def moved(values: Any) -> tuple[Any, ...]:
        out = [None] * len(order)
        for p, q in enumerate(order):
            out[q] = values[p]
        return tuple(out)

    submitted = state.submitted and moved(
        [None if a is None else attrs.evolve(a, player=order[a.player]) for a in state.submitted]
    )
    return attrs.evolve(
        state,
        grids=moved(state.grids),
        submitted=submitted,
        round_scores=tuple(moved(r) for r in state.round_scores),
    )


def symmetry(options: Any) -> Canonical:
    """Duck & Cover's canonical form: the least of a state's seat exchanges."""

    def canonical(s: State) -> Hashable:
        forms = []
        for order in permutations(range(s.players)):
            r = exchanged(s, order)
            forms.append((repr(r.grids), repr(r.submitted), r.round_scores))
        return (
            s.phase,
            s.round,
            s.draw_pile,
            s.captain_pile,
            s.discard_zone,
            s.card,
            s.previous,
            s.previous_discarded,
            min(forms),
        )

    return canonical


def configs() -> tuple[Config, ...]:
    """Duck & Cover's small configuration."""
    return (
        Config(
            "last-round",
            2,
            {},
            "2 players in the last round, each grid five stacks (1/2/3 4/5/6 7/8/9, "
            "10 11/12), card 9 called, 4 cards to draw (12, 4, 11, Max), 8 discards of 9",
            start=starts,
            symmetry=symmetry,
            note=(
                "A deal has far too many outcomes, so it starts from one position of the last "
                "round, whose hidden cards (covered ducks, Captain pile) stay as placed: the "
                "views' draws mostly fall outside the walk, and only their agreement with the "
                "view is tested. No chance step is reachable (the round ends before the draw pile"
                " runs out; a reshuffle of the Captain pile would have billions of orders). "
                "Reduced: the seats exchanged with their grids, actions and scores."
            ),
            law="each arrangement of the hidden cards equally likely (every state "
            "weighs 1: the hidden draw cards lie in piles, which are orders)",
        ),
    )
