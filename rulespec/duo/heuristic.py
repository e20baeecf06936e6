"""What the search player (:mod:`rulespec.tools.search`) needs to cut Duo's playouts short.

A match lasts several rounds; a playout stops at the end of the round it is in,
or sooner, after the searching player's :data:`HORIZON` moves. A round is won by
emptying one's hand first, so a player's standing counts the cards they still
hold against their points (:func:`standing`).
"""

from __future__ import annotations

from rulespec.duo.state import State

__all__ = ["HORIZON", "standing"]

HORIZON = 12
"""The searching player's moves in a playout (plays, Draws and Stops), counted from the
decision."""


def standing(state: State) -> tuple[int, ...]:
    """Each player's points over the finished rounds, less the cards in their hand.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> state = duo.position([["red-3-circle"], ["yellow-4-cross", "blue-1-square"]],
    ...                      [["red-3-cross"], ["green-2-square"]], round=1, round_scores=[[0, 4]])
    >>> standing(state)
    (-1, 2)
    """
    totals = state.totals()
    return tuple(t - len(h) for t, h in zip(totals, state.hands, strict=True))
