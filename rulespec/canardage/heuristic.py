"""What the search player (:mod:`rulespec.tools.search`) needs to cut Canardage's playouts
short: a playout stops after the searching player's :data:`HORIZON` turns, and the
players are ranked by the ducks they lost on the way (their living ducks,
:meth:`~rulespec.canardage.game.Canardage.scores`)."""

from __future__ import annotations

__all__ = ["HORIZON"]

HORIZON = 4
"""The searching player's turns in a playout, counted from the decision."""
