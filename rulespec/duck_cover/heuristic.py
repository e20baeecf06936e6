"""What the search player (:mod:`rulespec.tools.search`) needs to cut Duck & Cover's
playouts short.

A round lasts a hundred turns and more, and a playout to its end costs too much
for a search at every turn. So a playout stops after the searching player's
:data:`HORIZON` moves, and the grids are scored as if the round ended there
(:func:`standing`).
"""

from __future__ import annotations

from rulespec.duck_cover.scoring import round_scores, totals
from rulespec.duck_cover.state import Phase, State

__all__ = ["HORIZON", "standing"]

HORIZON = 8
"""The searching player's moves in a playout (turns, counted from the decision)."""


def standing(state: State) -> tuple[int, ...]:
    """Each player's total if the round in progress ended now: the finished rounds
    and the splashes of the grids as they lie.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> full = "1 2 3 4\\n5 6 7 8\\n9 10 11 12"
    >>> state = dc.position([full, "1/2/3/4/5/6/7/8/9/10/11 12"], card=5)
    >>> standing(state)  # every card visible: 30 splashes; a visible 11 and 12: 4 + 5
    (30, 9)
    """
    done = totals(state)
    if state.phase is Phase.TURN or state.phase is Phase.RESHUFFLE:
        now = round_scores(state.grids, state.options, last=state.round == 2)
        return tuple(d + n for d, n in zip(done, now, strict=True))
    return done
