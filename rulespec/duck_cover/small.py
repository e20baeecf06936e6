"""Duck & Cover's small configurations for ``rulespec explore`` (see
:mod:`rulespec.tools.explore`).

A deal has astronomically many outcomes (each family's grid, the 26 draw cards), so the
walks start from a position of the last round (the round's end ends the game), in each
arrangement of its hidden cards: the ducks covered in each grid and the draw cards that
lie face down (the draw pile and the Captain pile under its top). A short draw deck
(the ``deck`` option, not a rule of the game) keeps those arrangements few; the
Captain pile is reshuffled when the draw pile runs out, a chance step walked outcome by
outcome.

Players act together on the card called, each on their own grid, and no rule tells the
seats apart (with the published options), so exchanging the seats, with their grids,
actions and scores, changes no rule: a state and its exchanges are one class.

>>> [(c.name, c.deep) for c in configs()]
[('last-round', False), ('covered', True)]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from itertools import permutations, product
from typing import Any, cast

import attrs

from rulespec.duck_cover.cards import MAX
from rulespec.duck_cover.grid import Grid
from rulespec.duck_cover.position import position
from rulespec.duck_cover.state import State
from rulespec.plugin.small import Canonical, Config, orderings

__all__ = ["configs", "covered", "exchanged", "starts", "symmetry"]

GRIDS = ("1/2 3 4/5 6\n7 8 9 10\n11 12", "1/2 3 4 5\n6/7 8 9 10\n11 12")
"""Each player's grid at the default start: ten stacks, two ducks covered (the 1 under
the 2 in both, the 4 under the 5 in the first, the 6 under the 7 in the second). A 1
called makes both say « Coin »; a 4 moves the second player's stack only, a 6 the
first's."""
DEEPER = (GRIDS[0].replace("11 12", "11/12"), GRIDS[1])
"""The grids of the deep start: the first player's 11 covered too (no card of the deck
calls it)."""
ROUND_SCORES = ((3, 1), (2, 4))
"""The two finished rounds' scores."""


@attrs.frozen
class _Start:
    """A position of the last round, its hidden cards to arrange."""

    grids: tuple[str, ...]
    discards: tuple[int, ...]
    card: int
    captain: tuple[int, ...]
    """The Captain pile, bottom first (its top is seen)."""
    draw: tuple[int, ...]

    def options(self) -> dict[str, Any]:
        deck = sorted((*self.discards, self.card, *self.captain, *self.draw))
        return {"deck": ["max" if c == MAX else c for c in deck]}


LAST = _Start(GRIDS, discards=(2, 3, 5, 7, 8, 9, 10), card=1, captain=(6, 1), draw=(4,))
"""The default start: seven discards of nine, a 1 called (both say « Coin »: the eighth
discard), a 1 on the Captain pile over a card unseen, one card to draw."""
COVERED = attrs.evolve(LAST, grids=DEEPER)
"""The deep start: three ducks covered in the first grid."""


def covered(grid: Grid) -> Iterator[Grid]:
    """``grid`` with its covered ducks (every card of a stack but its top) in each
    arrangement over the same places under the same tops."""
    slots = [(i, k) for i, (_, stack) in enumerate(grid.cells) for k in range(len(stack) - 1)]
    hidden = [grid.cells[i][1][k] for i, k in slots]
    for order in permutations(hidden):
        stacks = [list(stack) for _, stack in grid.cells]
        for (i, k), duck in zip(slots, order, strict=True):
            stacks[i][k] = duck
        yield Grid(
            tuple((place, tuple(s)) for (place, _), s in zip(grid.cells, stacks, strict=True))
        )


def _starts(start: _Start, options: Any) -> list[State]:
    base = position(
        list(start.grids),
        card=start.card,
        draw_pile=start.draw,
        discard_zone=start.discards,
        captain_pile=start.captain,
        round=2,
        round_scores=ROUND_SCORES,
        options=options,
    )
    top = base.captain_pile[-1:]
    below = len(base.captain_pile) - 1
    faces = (*base.captain_pile[:-1], *base.draw_pile)
    grids = product(*(list(covered(g)) for g in base.grids))
    found: dict[State, None] = {}
    for layout in grids:
        for shuffled in cast(Iterator[tuple[int, ...]], orderings(faces)):
            found[
                attrs.evolve(
                    base,
                    grids=tuple(layout),
                    captain_pile=(*shuffled[:below], *top),
                    draw_pile=shuffled[below:],
                )
            ] = None
    return list(found)


def starts(options: Any) -> list[State]:
    """The default start (:data:`LAST`) in each arrangement of its hidden cards."""
    return _starts(LAST, options)


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


def _config(name: str, start: _Start, description: str, deep: bool = False) -> Config:
    def begin(options: Any) -> Sequence[State]:
        return _starts(start, options)

    return Config(
        name,
        2,
        start.options(),
        description,
        start=begin,
        symmetry=symmetry,
        endless=True,
        note=(
            "A deal has far too many outcomes, so it starts from a position of the last round,"
            " in each arrangement of its hidden cards (the covered ducks, the draw pile and "
            "the Captain pile under its top); the short draw deck is the deck option, not a "
            "rule. The reshuffle of the Captain pile is a chance step the walk reaches. "
            "Reduced: the seats exchanged with their grids, actions and scores; the two "
            "grids differ, so no state of the walk is the exchange of another."
        ),
        deep=deep,
        law="each arrangement of the hidden cards equally likely, and each hidden action "
        "of a player who has acted (every state weighs 1: the draw cards lie in piles, "
        "which are orders, and the ducks are all different)",
    )


def configs() -> tuple[Config, ...]:
    """Duck & Cover's small configurations, the default first."""

    def told(start: _Start) -> str:
        covered = " and ".join(str(grid.count("/")) for grid in start.grids)
        deck = len(start.discards) + 1 + len(start.captain) + len(start.draw)
        return (
            f"2 players in the last round, {covered} ducks covered in their grids, "
            f"a draw deck of {deck} cards: {len(start.discards)} discards of 9, card "
            f"{start.card} called, {len(start.captain)} in the Captain pile and "
            f"{len(start.draw)} to draw"
        )

    return (
        _config("last-round", LAST, told(LAST)),
        _config("covered", COVERED, told(COVERED), deep=True),
    )
